// A line never costs less than nothing (docs/decisions/226). A line's price is its drink's price now (the menu
// price less a running happy hour's share, shared/happy-hour.ts) plus its options' deltas. The back office saves a
// drink and its options only when the lowest price a line of it can have is not below zero: under the deepest of
// the venue's happy hours covering it, with the cheapest choice every group allows. Placement refuses a line below
// zero all the same (a happy hour set after the drink was saved).
import { happyHourCovers } from './happy-hour';
import type { ModifierKind } from './schemas/modifiers';
import type { HappyHourRule } from './schemas/venue';

type OptionShape = { name: string; price_delta_cents: number };
type GroupShape<O extends OptionShape> = { kind: ModifierKind; required: boolean; options: readonly O[] };

/** The options that take most off a line, in group order: each group's cheapest choice it allows. */
export function cheapestChoice<O extends OptionShape>(groups: readonly GroupShape<O>[]): O[] {
  return groups.flatMap((group) => {
    const byPrice = [...group.options].sort((a, b) => a.price_delta_cents - b.price_delta_cents);
    const cuts = byPrice.filter((o) => o.price_delta_cents < 0);
    if (group.kind === 'any') return cuts.length ? cuts : group.required ? byPrice.slice(0, 1) : [];
    return group.required || cuts.length ? byPrice.slice(0, 1) : [];
  });
}

/** The lowest price a line of this drink can have, and what makes it so. */
export function lowestLinePrice<O extends OptionShape>(
  drink: { priceCents: number; category: string }, groups: readonly GroupShape<O>[], happyHours: readonly HappyHourRule[],
) {
  const deepest = happyHours.filter((rule) => happyHourCovers(rule, drink.category))
    .reduce<HappyHourRule | null>((best, rule) => (best && best.discount_bp >= rule.discount_bp ? best : rule), null);
  const base = deepest ? Math.round((drink.priceCents * (10_000 - deepest.discount_bp)) / 10_000) : drink.priceCents;
  const options = cheapestChoice(groups);
  return { cents: base + options.reduce((sum, o) => sum + o.price_delta_cents, 0), options, happyHourDiscountBp: deepest?.discount_bp ?? null };
}

/**
 * 'Small would make Sour cost less than nothing at 50% off in happy hour': why a line or a save is refused;
 * `newPrice` when it is the drink's new price that brings it there ('… at this price').
 */
export function belowZeroMessage(drinkName: string, options: readonly OptionShape[], happyHourDiscountBp: number | null, newPrice = false): string {
  const named = options.filter((o) => o.price_delta_cents < 0).map((o) => o.name);
  const what = named.length ? named.join(/*i18n*/ ' and ') : 'Its price';
  const happyHour = happyHourDiscountBp ? `${happyHourDiscountBp / 100}% off in happy hour` : null;
  const when = newPrice ? (happyHour ? ` at this price, ${happyHour}` : ' at this price') : happyHour ? ` at ${happyHour}` : '';
  return `${what} would make ${drinkName} cost less than nothing${when}`;
}
