// Small building blocks shared by the super console screens.
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <header className="super-page-head">
      <div>
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </div>
      {actions && <div className="row">{actions}</div>}
    </header>
  );
}

export function Panel({ title, children, actions, wide }: { title: string; children: ReactNode; actions?: ReactNode; wide?: boolean }) {
  const id = `panel-${title.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
  return (
    <section className={`card super-panel${wide ? ' super-span-all' : ''}`} aria-labelledby={id}>
      <div className="super-panel-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function MetricCard({ label, value, note, tone }: { label: string; value: string; note?: string; tone?: 'danger' | 'warning' | 'success' }) {
  return (
    <div className={`tile${tone ? ` tile-${tone}` : ''}`}>
      <div className="tile-label">{label}</div>
      <div className="tile-value">{value}</div>
      {note && <div className="muted super-tile-note">{note}</div>}
    </div>
  );
}

/** A failed load: the spec's message and a Retry button. */
export function LoadError({ message, onRetry, detail }: { message: string; onRetry: () => void; detail?: string }) {
  return (
    <div className="error-panel" role="alert">
      <p><strong>{message}</strong></p>
      {detail && <p className="muted">{detail}</p>}
      <button type="button" className="btn btn-primary" onClick={onRetry}><RefreshCw aria-hidden="true" size={16} /> Retry</button>
    </div>
  );
}

/** A labelled group of mutually exclusive buttons (window toggles, tabs of a filter). */
export function ButtonGroup<T extends string>({ label, options, value, onChange }: {
  label: string; options: readonly { value: T; label: string }[]; value: T; onChange: (value: T) => void;
}) {
  return (
    <div className="chips super-button-group" role="group" aria-label={label}>
      {options.map((o) => (
        <button key={o.value} type="button" className="chip" aria-pressed={o.value === value} onClick={() => onChange(o.value)}>{o.label}</button>
      ))}
    </div>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
export const formatPercent = (value: number) => `${value.toFixed(1)}%`;

const utcTime = new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const utcDateTime = new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** '14:32 UTC' for an instant of today (UTC), 'Nov 24, 14:32 UTC' for an earlier one. */
export const formatUtcAsOf = (iso: string, now = new Date()) =>
  `${(iso.slice(0, 10) === now.toISOString().slice(0, 10) ? utcTime : utcDateTime).format(new Date(iso))} UTC`;

/**
 * How fresh platform figures are (docs/decisions/203): they come from rollups the venues' hubs recompute a few
 * seconds after each change, over each venue's business days (docs/decisions/203). The visual suite masks it whole (`data-visual-mask`): its time,
 * and so its length, changes from run to run.
 */
export function AsOfCaption({ asOf }: { asOf: string | null }) {
  return (
    <p className="muted super-footnote" data-visual-mask>
      Each venue's own business days, today included. {asOf
        ? <>Figures as of <time dateTime={asOf}>{formatUtcAsOf(asOf)}</time>.</>
        : 'No figures rolled up yet.'}
    </p>
  );
}
