// What a guest told the AI bartender about their body, as the bar reads it on the ticket (docs/decisions/189):
// one line the suggestion carries and an order placed from it keeps in its special instructions, so the
// bartender sees "Allergy: nuts (said to the AI bartender)" on the Active Orders card and the build sheet.

export const AI_NOTE_SOURCE = '(said to the AI bartender)';

export type NotedConstraints = { allergies: readonly string[]; alcoholFree: boolean; lowAlcohol: boolean; unread: boolean };

/** The ticket line for these constraints, in English for the bar; null when the guest stated none. */
export function constraintNote(c: NotedConstraints): string | null {
  const parts = [
    ...(c.allergies.length > 0 ? [`Allergy: ${c.allergies.join(', ')}`] : []),
    ...(c.unread ? ['Allergies unclear: ask the guest'] : []),
    ...(c.alcoholFree ? [/*i18n*/ 'Alcohol-free'] : []),
    ...(c.lowAlcohol ? ['Light on alcohol'] : []),
  ];
  return parts.length > 0 ? `${parts.join(' · ')} ${AI_NOTE_SOURCE}` : null;
}

/** Special instructions with the note added once (it is not repeated when already there); within `max` characters. */
export function withConstraintNote(instructions: string | null | undefined, note: string | null | undefined, max = 500): string | undefined {
  const own = instructions?.trim() ?? '';
  if (!note || own.includes(note)) return own || undefined;
  const joined = own ? `${note} | ${own}` : note;
  return joined.length <= max ? joined : own || note;
}

/** Instructions the bar must not miss: an allergy, or a need about alcohol, whoever wrote it. */
export const holdsGuestConstraint = (instructions: string | null | undefined) =>
  Boolean(instructions && /allerg|alcohol-free|light on alcohol|intoleran|coeliac|celiac|pregnan/i.test(instructions));
