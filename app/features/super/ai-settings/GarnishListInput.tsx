import { X } from 'lucide-react';
import { useState } from 'react';

/** Spec: Enter adds an entry; entries are trimmed, blanks and duplicates ignored. */
export function addGarnish(list: string[], entry: string): string[] {
  const item = entry.trim();
  if (!item || list.some((g) => g.toLowerCase() === item.toLowerCase())) return list;
  return [...list, item];
}

export function GarnishListInput({ id, label, value, onChange, placeholder = 'Type a garnish and press Enter' }: {
  id: string; label: string; value: string[]; onChange: (next: string[]) => void; placeholder?: string;
}) {
  const [draft, setDraft] = useState('');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id} value={draft} placeholder={placeholder} aria-describedby={`${id}-hint`}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          onChange(addGarnish(value, draft));
          setDraft('');
        }}
      />
      <p className="muted super-hint" id={`${id}-hint`}>Press Enter to add. Duplicates and blanks are ignored.</p>
      {value.length > 0 && (
        <ul className="chips super-garnishes" aria-label={label}>
          {value.map((g) => (
            <li key={g} className="chip">
              {g}
              <button type="button" className="super-chip-remove" aria-label={`Remove ${g}`} onClick={() => onChange(value.filter((x) => x !== g))}><X aria-hidden="true" size={14} /></button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
