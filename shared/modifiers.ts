// A line's modifiers checked against its drink's groups and priced (docs/decisions/197). One definition for the
// server, which prices and pours what it resolves, and the drink page, which previews the same price.
import type { ChosenModifier, ModifierKind } from './schemas/modifiers';
import { refusalAnswer, type RefusalId } from './refusal-messages';

type OptionShape = { id: string; name: string; price_delta_cents: number };
type GroupShape<O extends OptionShape> = { id: string; name: string; kind: ModifierKind; required: boolean; options: O[] };

export type ResolvedModifiers<O extends OptionShape> = {
  ok: true;
  /** The options chosen, in the drink's order of groups and options (not the order they were sent in). */
  options: { group: GroupShape<O>; option: O }[];
  chosen: ChosenModifier[];
  priceDeltaCents: number;
  /** 'Double, No ice': what the order line's `modifiers` text reads; null without modifiers. */
  label: string | null;
};
/** Options a drink does not take as chosen: a refusal of the registry (docs/decisions/256), as an error answer's parts. */
export type ModifierProblem = { ok: false } & ReturnType<typeof refusalAnswer>;
type OptionsRefusal = Extract<RefusalId, `options_refused.${string}`>;

/** A refusal of options: what the Worker answers and the drink page says, in the guest's language there. */
export const optionsRefusal = (id: OptionsRefusal, data: Record<string, string | number> = {}): ModifierProblem =>
  ({ ok: false, ...refusalAnswer(id, data, String) });

/** Checks `selection` (option ids) against the drink's groups: every id an option of this drink, at most one per
 * choose-one group, one at least in every required group. */
export function resolveModifiers<O extends OptionShape>(
  drinkName: string, groups: readonly GroupShape<O>[], selection: readonly string[],
): ResolvedModifiers<O> | ModifierProblem {
  const picked = new Set<string>();
  for (const id of selection) {
    if (!groups.some((g) => g.options.some((o) => o.id === id))) return optionsRefusal('options_refused.not_offered', { drink: drinkName });
    if (picked.has(id)) return optionsRefusal('options_refused.twice');
    picked.add(id);
  }
  const options: ResolvedModifiers<O>['options'] = [];
  for (const group of groups) {
    const inGroup = group.options.filter((o) => picked.has(o.id));
    const names = { group: group.name, drink: drinkName };
    if (group.kind === 'one' && inGroup.length > 1) return optionsRefusal('options_refused.one', { ...names, count: inGroup.length });
    if (group.required && inGroup.length === 0) return optionsRefusal(group.kind === 'one' ? 'options_refused.required' : 'options_refused.required_any', names);
    options.push(...inGroup.map((option) => ({ group, option })));
  }
  const chosen = options.map(({ group, option }) => ({ option_id: option.id, group: group.name, option: option.name, price_delta_cents: option.price_delta_cents }));
  return {
    ok: true,
    options,
    chosen,
    priceDeltaCents: chosen.reduce((sum, c) => sum + c.price_delta_cents, 0),
    label: chosen.length ? chosen.map((c) => c.option).join(', ') : null,
  };
}


/** The options a guest starts with on the drink page: none, except the first of a required choose-one group. */
export const defaultSelection = (groups: readonly GroupShape<OptionShape>[]) =>
  groups.filter((g) => g.required && g.kind === 'one' && g.options[0]).map((g) => g.options[0]!.id);

/** A cart line's key: the drink, and its options in a fixed order, so the same drink made two ways is two lines. */
export const cartLineKey = (menuDrinkId: string, selection: readonly string[]) =>
  (selection.length ? `${menuDrinkId}~${[...selection].sort().join('.')}` : menuDrinkId);

/** '+$4.00', '−$1.00', '' for no change: how an option's price reads next to its name. */
export function formatPriceDelta(cents: number, format: (cents: number) => string): string {
  if (cents === 0) return '';
  return `${cents > 0 ? '+' : '−'}${format(Math.abs(cents))}`;
}
