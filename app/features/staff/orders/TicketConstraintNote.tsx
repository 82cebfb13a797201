import { TriangleAlert } from 'lucide-react';
import { holdsGuestConstraint } from '../../../../shared/guest-constraint-note';

/**
 * A ticket's special instructions as the bar must read them (docs/decisions/189): an allergy or a need about
 * alcohol ("Allergy: nuts (said to the AI bartender)") stands out in red with a warning sign; other
 * instructions read as a plain line. Self-contained so any ticket layout can place it.
 */
export function TicketConstraintNote({ instructions }: { instructions: string | null | undefined }) {
  const text = instructions?.trim();
  if (!text) return null;
  if (!holdsGuestConstraint(text)) return <p className="ticket-instructions muted">{text}</p>;
  return (
    <p className="ticket-constraint" role="note" aria-label="Guest allergy or constraint" data-ticket-constraint="">
      <TriangleAlert aria-hidden="true" size={16} />
      <span>{text}</span>
    </p>
  );
}
