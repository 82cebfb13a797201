import { LoaderCircle } from 'lucide-react';

/** A labelled loading indicator (the guards' spinner). */
export function Spinner({ label = /*i18n*/ 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <LoaderCircle className="spin" aria-hidden="true" size={28} />
      <span>{label}</span>
    </div>
  );
}
