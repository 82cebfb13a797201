// The deterministic suggestion back end: always available, used locally, in tests and whenever
// Workers AI fails. It ranks the venue's available drinks against what the guest asked for
// (tags, recipe ingredients, flavor rules) and composes a creation from a classic template filled
// with in-stock ingredients when nothing ranks well. Same request and settings → same answer.
import { VIBE_OPTIONS } from '../../shared/constants';
import type { RecipeLine } from '../../shared/schemas/cart';
import type { GroundedDrink, GroundedIngredient, GroundedRule, Grounding } from './grounding';
import { DRINK_TEMPLATES, type DrinkTemplate, EVOCATIVE_WORDS, ROLE_FITS, TAG_DESCRIPTORS } from './templates';
import type { DraftSuggestion, SuggestionBackend, SuggestionRequest } from './types';

export const LOCAL_MODEL = 'barhop-local-v1';

type Sweetness = 'Dry' | 'Balanced' | 'Sweet';
type Strength = 'Light' | 'Standard' | 'Bold';

/** What the guest wants, in the engine's vocabulary. */
export type Preference = {
  spirits: string[];
  flavors: string[];
  styles: string[];
  sweetness: Sweetness | null;
  strength: Strength | null;
  extras: string[];
  /** Menu drinks the guest named in their own words. */
  namedDrinkIds: string[];
  zeroProof: boolean;
};

const SPIRITS: readonly string[] = VIBE_OPTIONS.spirits;
const FLAVORS: readonly string[] = [...VIBE_OPTIONS.flavors, 'Bitter'];
const STYLES: readonly string[] = VIBE_OPTIONS.styles;
const ZERO_PROOF_CATEGORIES = new Set(['mocktail', 'non_alcoholic']);
const COCKTAIL_CATEGORIES = new Set(['cocktail', 'mocktail', 'house_classic', 'menu_cocktail', 'non_alcoholic']);

/** Free-text words → the vocabulary (vibe tags, spirits, sweetness, strength, extras). */
const WORD_HINTS: [RegExp, (p: Preference) => void][] = [
  [/\b(whiske?y|bourbon|scotch|rye)\b/, (p) => add(p.spirits, 'Whiskey')],
  [/\bvodka\b/, (p) => add(p.spirits, 'Vodka')],
  [/\btequila\b/, (p) => add(p.spirits, 'Tequila')],
  [/\bgin\b/, (p) => add(p.spirits, 'Gin')],
  [/\brum\b/, (p) => add(p.spirits, 'Rum')],
  [/\bmezcal\b/, (p) => add(p.spirits, 'Mezcal')],
  [/\btropical|\bpineapple|\bcoconut|\bpassion/, (p) => add(p.flavors, 'Tropical')],
  [/\bcitrus|\blemon|\blime\b|\bsour\b|\bzesty|\bgrapefruit/, (p) => add(p.flavors, 'Citrus')],
  [/\bherb|\bmint|\bbasil|\bgarden/, (p) => add(p.flavors, 'Herbal')],
  [/\bspic|\bginger|\bheat\b|\bhot\b/, (p) => add(p.flavors, 'Spicy')],
  [/\bflor|\bflower|\belderflower|\bviolet/, (p) => add(p.flavors, 'Floral')],
  [/\bsmok/, (p) => add(p.flavors, 'Smoky')],
  [/\bberr|\bfruity|\braspberr|\bbramble/, (p) => add(p.flavors, 'Berry')],
  [/\bcream|\bsilky|\bdessert|\bcoffee|\bchocolate/, (p) => add(p.flavors, 'Creamy')],
  [/\bbitter/, (p) => add(p.flavors, 'Bitter')],
  [/\brefresh|\bcrisp|\bsummer|\bthirst/, (p) => add(p.styles, 'Refreshing')],
  [/\bsophisticat|\bclassy|\belegant|\bclassic/, (p) => add(p.styles, 'Sophisticated')],
  [/\bsweet/, (p) => { p.sweetness = 'Sweet'; }],
  [/\bdry\b|\bnot (too )?sweet/, (p) => { p.sweetness = 'Dry'; }],
  [/\blight\b|\blow[- ]?(abv|alcohol)|\beasy[- ]going|\bsession/, (p) => { p.strength = 'Light'; }],
  [/\bstrong|\bbold|\bboozy|\bstiff/, (p) => { p.strength = 'Bold'; }],
];
const ZERO_PROOF_TEXT = /\b(mocktail|no alcohol|alcohol[- ]free|non[- ]?alcoholic|zero[- ]proof|virgin|driving|sober|without alcohol)\b/;

/** Chat extras → the ingredient names that deliver them. */
const EXTRA_INGREDIENTS: Record<string, RegExp> = {
  lime: /lime/i, 'orange juice': /orange juice/i, guava: /guava/i, mint: /mint/i, ginger: /ginger/i,
  coconut: /coconut/i, pineapple: /pineapple/i, cucumber: /cucumber/i,
};

function add(list: string[], value: string) {
  if (!list.includes(value)) list.push(value);
}

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

function asSweetness(value: string | null | undefined): Sweetness | null {
  const v = value ? titleCase(value) : '';
  return v === 'Dry' || v === 'Sweet' || v === 'Balanced' ? v : null;
}
function asStrength(value: string | null | undefined): Strength | null {
  const v = value ? titleCase(value) : '';
  return v === 'Light' || v === 'Bold' || v === 'Standard' ? v : null;
}

export function readPreference(request: SuggestionRequest, grounding: Grounding): Preference {
  const p: Preference = { spirits: [], flavors: [], styles: [], sweetness: null, strength: null, extras: [], namedDrinkIds: [], zeroProof: false };
  const takeTag = (raw: string) => {
    const tag = raw === 'Berries' ? 'Berry' : titleCase(raw);
    if (SPIRITS.includes(tag)) add(p.spirits, tag);
    else if (FLAVORS.includes(tag)) add(p.flavors, tag);
    else if (tag === 'Sweet' || tag === 'Dry') { add(p.styles, tag); p.sweetness = tag; }
    else if (tag === 'Light' || tag === 'Bold') { add(p.styles, tag); p.strength = tag; }
    else if (STYLES.includes(tag)) add(p.styles, tag);
  };
  request.picks.forEach(takeTag);
  const context = request.context;
  if (context) {
    if (context.baseSpirit && titleCase(context.baseSpirit) === 'None') p.zeroProof = true;
    else if (context.baseSpirit) takeTag(context.baseSpirit);
    context.flavors.forEach(takeTag);
    for (const extra of context.extras) add(p.extras, extra.toLowerCase());
    p.sweetness = asSweetness(context.sweetness) ?? p.sweetness;
    p.strength = asStrength(context.strength) ?? p.strength;
  }
  const text = request.text.toLowerCase();
  if (text) {
    for (const [pattern, apply] of WORD_HINTS) if (pattern.test(text)) apply(p);
    if (ZERO_PROOF_TEXT.test(text)) p.zeroProof = true;
    for (const extra of Object.keys(EXTRA_INGREDIENTS)) if (text.includes(extra)) add(p.extras, extra);
    for (const drink of grounding.drinks) if (drink.name.length >= 4 && text.includes(drink.name.toLowerCase())) p.namedDrinkIds.push(drink.id);
  }
  if (p.zeroProof) p.spirits = [];
  // Neutral defaults of the chat context say nothing about taste.
  if (p.sweetness === 'Balanced') p.sweetness = null;
  if (p.strength === 'Standard') p.strength = null;
  return p;
}

/** Every tag the guest asked for, in the rules' vocabulary. */
export function wantedTags(p: Preference): string[] {
  const tags = [...p.spirits, ...p.flavors, ...p.styles];
  if (p.sweetness) add(tags, p.sweetness);
  if (p.strength) add(tags, p.strength);
  return tags;
}

const lower = (list: readonly string[]) => new Set(list.map((s) => s.toLowerCase()));

/** The flavor rules that speak to this request: the two with the largest tag overlap. */
export function activeRules(p: Preference, rules: readonly GroundedRule[]): GroundedRule[] {
  const wanted = lower(wantedTags(p));
  return rules
    .map((rule) => ({ rule, overlap: rule.flavorTags.filter((tag) => wanted.has(tag.toLowerCase())).length }))
    .filter((r) => r.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap || a.rule.ruleName.localeCompare(b.rule.ruleName))
    .slice(0, 2)
    .map((r) => r.rule);
}

/** A rule's multiplier for something carrying these tags (boosts and reductions combine). */
function ruleFactor(rules: readonly GroundedRule[], tags: Set<string>) {
  let factor = 1;
  for (const rule of rules) {
    for (const [tag, f] of Object.entries(rule.boostFactors)) if (tags.has(tag.toLowerCase())) factor *= f;
    for (const [tag, f] of Object.entries(rule.reduceFactors)) if (tags.has(tag.toLowerCase())) factor *= f;
  }
  return factor;
}

export function drinkTagSet(drink: GroundedDrink): Set<string> {
  const tags = lower(drink.tags);
  for (const line of drink.lines) for (const f of line.ingredient?.flavors ?? []) tags.add(f.toLowerCase());
  if (drink.sweetness) tags.add(drink.sweetness.toLowerCase());
  if (drink.strength) tags.add(drink.strength.toLowerCase());
  if (drink.baseSpirit) tags.add(drink.baseSpirit.toLowerCase());
  return tags;
}

const drinkSpirits = (drink: GroundedDrink) => {
  const set = new Set<string>();
  if (drink.baseSpirit) set.add(drink.baseSpirit);
  for (const line of drink.lines) if (line.ingredient?.baseSpirit) set.add(line.ingredient.baseSpirit);
  return set;
};

const opposite = (a: string, b: string) => (a === 'Dry' && b === 'Sweet') || (a === 'Sweet' && b === 'Dry') || (a === 'Light' && b === 'Bold') || (a === 'Bold' && b === 'Light');

export type RankedDrink = { drink: GroundedDrink; score: number; max: number; relative: number; matched: string[] };

/** Every available drink the request allows, best first (ties: menu order). */
export function rankDrinks(p: Preference, grounding: Grounding): RankedDrink[] {
  const rules = activeRules(p, grounding.rules);
  const ranked = grounding.drinks.flatMap((drink, order): (RankedDrink & { order: number })[] => {
    const zeroProofDrink = ZERO_PROOF_CATEGORIES.has(drink.category);
    if (p.zeroProof && !zeroProofDrink) return [];
    const tags = lower(drink.tags);
    const allTags = drinkTagSet(drink);
    const spirits = drinkSpirits(drink);
    const matched: string[] = [];
    let score = 0;
    let max = 0;
    for (const spirit of p.spirits) {
      max += 4;
      if (spirits.has(spirit)) { score += 4; matched.push(spirit); }
    }
    for (const flavor of p.flavors) {
      max += 2.5;
      if (tags.has(flavor.toLowerCase())) { score += 2.5; matched.push(flavor); } else if (allTags.has(flavor.toLowerCase())) score += 1.25;
    }
    for (const style of p.styles) {
      max += 2;
      const key = style.toLowerCase();
      if (tags.has(key) || (drink.sweetness === style) || (drink.strength === style)) { score += 2; matched.push(style); } else if (allTags.has(key)) score += 1;
    }
    if (p.sweetness && !p.styles.includes(p.sweetness)) {
      max += 1.5;
      if (drink.sweetness === p.sweetness) score += 1.5;
      else if (drink.sweetness && opposite(drink.sweetness, p.sweetness)) score -= 1.5;
    }
    if (p.strength && !p.styles.includes(p.strength)) {
      max += 1.5;
      if (drink.strength === p.strength) score += 1.5;
      else if (drink.strength && opposite(drink.strength, p.strength)) score -= 1.5;
    }
    for (const extra of p.extras) {
      const pattern = EXTRA_INGREDIENTS[extra];
      max += 2;
      if (pattern && drink.lines.some((line) => pattern.test(line.name))) { score += 2; matched.push(titleCase(extra)); }
    }
    if (p.namedDrinkIds.length > 0) {
      max += 6;
      if (p.namedDrinkIds.includes(drink.id)) score += 6;
    }
    if (!p.zeroProof && p.spirits.length > 0 && zeroProofDrink) score -= 2;
    if (!COCKTAIL_CATEGORIES.has(drink.category)) score *= 0.7;
    if (score > 0) score *= ruleFactor(rules, allTags);
    const relative = max > 0 ? score / max : 0.5;
    return [{ drink, score, max, relative, matched, order }];
  });
  return ranked.sort((a, b) => b.relative - a.relative || a.order - b.order).map(({ order: _order, ...rest }) => rest);
}

// ---------------------------------------------------------------------------------------------
// Settings → behaviour

const CREATION_THRESHOLD = { conservative: 0.3, balanced: 0.45, creative: 0.6 } as const;
const VARIETY_MARGIN = { conservative: 0, balanced: 0.08, creative: 0.2 } as const;

/** Below this relative score the best menu drink does not fit and a creation is composed. */
export function creationThreshold(settings: Grounding['settings']) {
  return CREATION_THRESHOLD[settings.creativityLevel] + (settings.temperature - 0.7) * 0.25;
}
function varietyMargin(settings: Grounding['settings']) {
  return VARIETY_MARGIN[settings.creativityLevel] * (settings.temperature / 0.7);
}

/** FNV-1a: a stable number from the request, so "random" choices repeat for the same input. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function requestSeed(request: SuggestionRequest, grounding: Grounding) {
  const s = grounding.settings;
  return stableHash(JSON.stringify([request.kind, request.picks, request.context, request.text.trim().toLowerCase(), request.availableIngredients, s.temperature, s.creativityLevel]));
}

// ---------------------------------------------------------------------------------------------
// Garnish

const GARNISH_HINTS: [RegExp, string[]][] = [
  [/lime|lemon|grapefruit|citrus/i, ['citrus', 'lime', 'lemon']],
  [/orange/i, ['citrus', 'orange', 'smoky', 'bold', 'whiskey']],
  [/mint|basil/i, ['herbal', 'mint', 'refreshing']],
  [/cucumber/i, ['refreshing', 'cucumber', 'herbal', 'gin']],
  [/cherry/i, ['sweet', 'bold', 'sophisticated', 'whiskey']],
  [/flower|blossom|violet/i, ['floral']],
  [/berr|raspberr/i, ['berry']],
  [/pineapple|coconut/i, ['tropical', 'pineapple']],
  [/nutmeg|coffee|cocoa/i, ['creamy']],
  [/angostura|flamed/i, ['smoky', 'bold', 'spicy']],
];

/** The garnish from the rule lists (first) or the global list that best suits the drink's tags. */
export function pickGarnish(tags: Set<string>, rules: readonly GroundedRule[], garnishes: readonly string[]): string | null {
  const pool = [...rules.flatMap((r) => r.garnishes.map((g) => ({ g, bonus: 2 }))), ...garnishes.map((g) => ({ g, bonus: 0 }))];
  let best: { g: string; score: number } | null = null;
  for (const { g, bonus } of pool) {
    let score = bonus;
    for (const [pattern, words] of GARNISH_HINTS) if (pattern.test(g)) score += words.filter((w) => tags.has(w)).length;
    if (!best || score > best.score) best = { g, score };
  }
  return best?.g ?? null;
}

// ---------------------------------------------------------------------------------------------
// Creations

type Filled = { template: DrinkTemplate; lines: { ingredient: GroundedIngredient; quantity: number; unit: string }[]; score: number };

function ingredientScore(ingredient: GroundedIngredient, p: Preference, wanted: Set<string>) {
  let score = 0;
  if (ingredient.baseSpirit && p.spirits.includes(ingredient.baseSpirit)) score += 5;
  for (const flavor of ingredient.flavors) if (wanted.has(flavor.toLowerCase())) score += 2;
  for (const extra of p.extras) if (EXTRA_INGREDIENTS[extra]?.test(ingredient.name)) score += 3;
  if (p.sweetness === 'Dry' && ingredient.flavors.includes('Sweet')) score -= 1;
  return score;
}

function fillTemplate(template: DrinkTemplate, stock: readonly GroundedIngredient[], p: Preference, seed: number, spread: number): Filled | null {
  const wanted = lower(wantedTags(p));
  const used = new Set<string>();
  const lines: Filled['lines'] = [];
  let score = 0;
  for (const [index, slot] of template.slots.entries()) {
    let candidates = stock.filter((i) => ROLE_FITS[slot.role](i) && !used.has(i.name));
    if (slot.role === 'base') {
      if (template.bases.length > 0) candidates = candidates.filter((i) => i.baseSpirit && template.bases.includes(i.baseSpirit));
      const asked = candidates.filter((i) => i.baseSpirit && p.spirits.includes(i.baseSpirit));
      // When the asked-for spirit is out of stock, another base still makes a drink.
      if (asked.length > 0) candidates = asked;
    }
    // The optional egg white or herb only goes in when the guest asked for that texture or flavour.
    if (slot.optional && !candidates.some((i) => ingredientScore(i, p, wanted) > 0)) continue;
    if (candidates.length === 0) {
      if (slot.optional) continue;
      return null;
    }
    const scored = candidates.map((ingredient) => ({ ingredient, score: ingredientScore(ingredient, p, wanted) }))
      .sort((a, b) => b.score - a.score || a.ingredient.name.localeCompare(b.ingredient.name));
    const close = scored.filter((c) => c.score >= scored[0]!.score - spread);
    const chosen = close[(seed >>> index) % close.length]!;
    used.add(chosen.ingredient.name);
    lines.push({ ingredient: chosen.ingredient, quantity: slot.quantity, unit: slot.unit });
    score += chosen.score;
  }
  return { template, lines, score };
}

function templateScore(template: DrinkTemplate, p: Preference) {
  const wanted = lower(wantedTags(p));
  let score = template.styleTags.filter((tag) => wanted.has(tag.toLowerCase())).length * 2;
  if (p.strength) score += template.strength === p.strength ? 2 : opposite(template.strength, p.strength) ? -2 : 0;
  if (p.sweetness) score += template.sweetness === p.sweetness ? 2 : opposite(template.sweetness, p.sweetness) ? -2 : 0;
  if (p.spirits.some((s) => template.bases.includes(s))) score += 1;
  return score;
}

/** The best classic shape the stock can fill for this guest, or null when none can be built. */
export function composeCreation(p: Preference, grounding: Grounding, seed: number, restrictTo: string[] | null): Filled | null {
  const allowed = restrictTo ? lower(restrictTo) : null;
  const stock = allowed ? grounding.stock.filter((i) => allowed.has(i.name.toLowerCase())) : grounding.stock;
  const spread = grounding.settings.creativityLevel === 'creative' ? 2 : grounding.settings.creativityLevel === 'balanced' ? 0.5 : 0;
  const options = DRINK_TEMPLATES
    .filter((t) => t.alcoholic !== p.zeroProof)
    .map((template) => fillTemplate(template, stock, p, seed, spread))
    .filter((f): f is Filled => f !== null)
    .map((f) => ({ ...f, total: templateScore(f.template, p) * 2 + f.score }))
    .sort((a, b) => b.total - a.total || a.template.key.localeCompare(b.template.key));
  if (options.length === 0) return null;
  const margin = spread * 2;
  const close = options.filter((o) => o.total >= options[0]!.total - margin);
  return close[seed % close.length]!;
}

const joinWords = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

function describeCreation(filled: Filled, p: Preference, grounding: Grounding, rules: GroundedRule[], seed: number) {
  const { template, lines } = filled;
  const base = lines.find((l) => l.ingredient.category === 'spirit')?.ingredient;
  const flavorsInGlass = new Set(lines.flatMap((l) => l.ingredient.flavors));
  const tags: string[] = [];
  for (const tag of [...p.spirits, ...p.flavors, ...p.styles]) if (flavorsInGlass.has(tag) || template.styleTags.includes(tag) || (base?.baseSpirit === tag)) add(tags, tag);
  for (const tag of template.styleTags) if (tags.length < 4) add(tags, tag);
  if (!template.alcoholic) add(tags, 'Zero-Proof');
  const lead = tags.find((t) => TAG_DESCRIPTORS[t] && !SPIRITS.includes(t));
  const descriptor = grounding.settings.creativityLevel === 'creative'
    ? EVOCATIVE_WORDS[seed % EVOCATIVE_WORDS.length]!
    : (lead ? TAG_DESCRIPTORS[lead]! : 'House');
  const baseLabel = base ? (base.baseSpirit ?? base.name) : 'Zero-Proof';
  const name = `${descriptor} ${baseLabel} ${template.label}`;
  const garnish = pickGarnish(new Set([...tags, ...flavorsInGlass].map((t) => t.toLowerCase())), rules, grounding.garnishes);
  const [first, ...rest] = lines.map((l) => l.ingredient.name.toLowerCase());
  const taste = joinWords(tags.filter((t) => !SPIRITS.includes(t) && t !== 'Zero-Proof').slice(0, 3).map((t) => t.toLowerCase()));
  const blurb = `${titleCase(first ?? '')} ${template.method} with ${joinWords(rest)}, served in a ${template.glass} glass${garnish ? ` with a ${garnish.toLowerCase()}` : ''}${taste ? `: ${taste}` : ''}.`;
  const recipe: RecipeLine[] = lines.map((l) => ({ ingredient: l.ingredient.name, quantity: l.quantity, unit: l.unit }));
  return { name, blurb, tags, recipe, garnish, glass: template.glass };
}

// ---------------------------------------------------------------------------------------------

/** Why a menu drink was picked, in one friendly sentence. */
function menuMessage(ranked: RankedDrink, garnish: string | null) {
  const why = ranked.matched.length > 0 ? ` It hits ${joinWords(ranked.matched.slice(0, 3).map((m) => m.toLowerCase()))}.` : '';
  return `I'd go with the ${ranked.drink.name}.${why}${garnish ? ` Ask for a ${garnish.toLowerCase()} on top.` : ''}`;
}

export class NoSuggestionError extends Error {
  constructor() {
    super('Nothing on the menu or in stock fits this request');
    this.name = 'NoSuggestionError';
  }
}

/** The local engine's whole decision, pure over the grounding. */
export function localSuggest(request: SuggestionRequest, grounding: Grounding): DraftSuggestion {
  const p = readPreference(request, grounding);
  const seed = requestSeed(request, grounding);
  const rules = activeRules(p, grounding.rules);
  const ranked = request.creationOnly ? [] : rankDrinks(p, grounding);
  const best = ranked[0];
  const wantsCreation = request.creationOnly || !best || (best.relative < creationThreshold(grounding.settings) && p.namedDrinkIds.length === 0);
  if (wantsCreation) {
    const filled = composeCreation(p, grounding, seed, request.availableIngredients);
    if (filled) {
      const creation = describeCreation(filled, p, grounding, rules, seed);
      const message = request.creationOnly || !best
        ? `Here's something new from what the bar has in stock: the ${creation.name}.`
        : `Nothing on the menu quite matches, so I mixed up something new from what the bar has in stock: the ${creation.name}.`;
      return { type: 'creation', ...creation, message };
    }
    if (!best) throw new NoSuggestionError();
  }
  const margin = varietyMargin(grounding.settings);
  const close = ranked.filter((r) => r.relative >= best!.relative - margin).slice(0, 5);
  const chosen = close[seed % close.length]!;
  const garnish = pickGarnish(drinkTagSet(chosen.drink), rules, grounding.garnishes);
  const tags = chosen.drink.tags.slice(0, 5);
  return { type: 'menu', menuDrinkId: chosen.drink.id, blurb: chosen.drink.description, tags, garnish, message: menuMessage(chosen, garnish) };
}

export const localBackend: SuggestionBackend = {
  name: 'local',
  model: LOCAL_MODEL,
  suggest: async (request, grounding) => localSuggest(request, grounding),
};
