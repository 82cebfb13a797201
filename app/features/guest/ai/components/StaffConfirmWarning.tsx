import { TriangleAlert } from 'lucide-react';

/**
 * The suggestion's "confirm with the bar staff" line, shown the same way on every AI screen, beside the drink it
 * is about (docs/decisions/189): never only inside the reply's text.
 */
export function StaffConfirmWarning({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="staff-confirm-warning" role="note">
      <TriangleAlert aria-hidden="true" size={18} />
      <span>{text}</span>
    </p>
  );
}
