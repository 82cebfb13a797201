// The chat's quick-option picks (docs/product.md §10.4): what the page holds and the chips change.
export type ChatPicks = {
  base: string | null;
  flavors: string[];
  sweetness: string;
  strength: string;
  extras: string[];
};

/** docs/product.md §6.4: sweetness defaults to balanced, strength to standard. */
export const DEFAULT_PICKS: ChatPicks = { base: null, flavors: [], sweetness: /*i18n*/ 'Balanced', strength: /*i18n*/ 'Standard', extras: [] };

export const hasPicks = (p: ChatPicks) =>
  p.base !== null || p.flavors.length > 0 || p.extras.length > 0 || p.sweetness !== DEFAULT_PICKS.sweetness || p.strength !== DEFAULT_PICKS.strength;
