import { LayoutGrid, List } from 'lucide-react';
import { useState } from 'react';

/** A value kept in localStorage (spec: tab and view mode are remembered on the device). */
export function useStoredState<T extends string>(key: string, allowed: readonly T[], fallback: T) {
  const [value, setValue] = useState<T>(() => {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
    return stored && (allowed as readonly string[]).includes(stored) ? (stored as T) : fallback;
  });
  const set = (next: T) => {
    setValue(next);
    try { localStorage.setItem(key, next); } catch { /* private mode: remembered for this visit only */ }
  };
  return [value, set] as const;
}

export type ViewMode = 'card' | 'list';
export const VIEW_MODES = ['card', 'list'] as const;

export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (v: ViewMode) => void }) {
  return (
    <div className="chips" role="group" aria-label="View">
      <button type="button" className="chip" aria-pressed={value === 'card'} onClick={() => onChange('card')}>
        <LayoutGrid size={16} aria-hidden="true" /> Cards
      </button>
      <button type="button" className="chip" aria-pressed={value === 'list'} onClick={() => onChange('list')}>
        <List size={16} aria-hidden="true" /> List
      </button>
    </div>
  );
}

export function StatTiles({ tiles }: { tiles: { label: string; value: string | number }[] }) {
  return (
    <div className="tiles">
      {tiles.map((t) => (
        <div className="tile" key={t.label}>
          <div className="tile-value">{t.value}</div>
          <div className="tile-label">{t.label}</div>
        </div>
      ))}
    </div>
  );
}

export function LoadError({ heading, message, onRetry }: { heading: string; message: string; onRetry: () => void }) {
  return (
    <div className="card empty-state" role="alert">
      <h3>{heading}</h3>
      <p>{message}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>Try Again</button>
    </div>
  );
}


/** Distinct non-empty values, sorted. */
export const distinct = (values: (string | null | undefined)[]) =>
  [...new Set(values.filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b));

export const titleCase = (s: string) => s.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
