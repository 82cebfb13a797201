import type { ChosenModifier } from '../../shared/schemas/modifiers';

/**
 * The options chosen on an order or cart line (docs/decisions/197), one chip each: the guest's cart, the bar's
 * ticket and build sheet show them alike. A line stored before options existed may carry text only. Guest screens pass `label` in the guest's language
 * (docs/decisions/217).
 */
export function LineModifiers({ choices, text, label = /*i18n*/ 'Modifiers' }: { choices?: readonly ChosenModifier[]; text?: string | null; label?: string }) {
  const names = choices?.length ? choices.map((c) => c.option) : text ? [text] : [];
  if (names.length === 0) return null;
  return (
    <ul className="line-modifiers" aria-label={label}>
      {names.map((name) => <li key={name}>{name}</li>)}
    </ul>
  );
}
