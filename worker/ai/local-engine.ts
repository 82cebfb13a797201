// The deterministic suggestion back end: always available, used locally, in tests and whenever
// Workers AI fails. It ranks the venue's available drinks against what the guest asked for
// (tags, recipe ingredients, flavor rules) and composes a creation from a classic template filled
// with in-stock ingredients when nothing ranks well. Same request and settings → same answer.
import { VIBE_OPTIONS } from '../../shared/ai-options';
import type { RecipeLine } from '../../shared/schemas/cart';
import { REFERENCE_DRINKS } from '../db/seed/reference-data';
import {
  allergenForbidden, classSentences, type GuestConstraints, honouredSentences, nothingFitsMessage, replyOpening, requestConstraints, violations,
} from './constraints';
import { drinkText, type GroundedDrink, type GroundedIngredient, type GroundedRule, type Grounding } from './grounding';
import { ENGINE_REPLIES, type EngineReplies, say } from './languages/engine-replies';
import { plainText } from './languages/normalise';
import { TASTE_WORDS, type TasteKey } from './languages/taste-words';
import { creationFacts, drinkFacts, draftProblems } from './hard-filter';
import { LEVELS, levelOf, previousSuggestion, readRefinement, type Refinement, suggestionLevel } from './refinement';
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
  /** Drinks the guest named that this venue does not pour right now (from the reference recipes). */
  namedOffMenu: string[];
  /** Menu categories asked for by word ('beer', 'wine', 'shot'). */
  categories: string[];
  zeroProof: boolean;
  /** What the guest said about their body: a hard filter (docs/decisions/189). */
  constraints: GuestConstraints;
};

const SPIRITS: readonly string[] = VIBE_OPTIONS.spirits;
const FLAVORS: readonly string[] = [...VIBE_OPTIONS.flavors, 'Bitter'];
/** A guest's "fruity": any of these flavours in the glass answers it. */
export const FRUITY = 'Fruity';
export const FRUIT_FLAVOURS: readonly string[] = ['Berry', 'Tropical', 'Citrus'];

/** Does a set of (lower-case) tags carry this asked flavour? "Fruity" is carried by any fruit. */
export function carriesAsked(flavor: string, tags: ReadonlySet<string>): boolean {
  return flavor === FRUITY ? FRUIT_FLAVOURS.some((f) => tags.has(f.toLowerCase())) : tags.has(flavor.toLowerCase());
}
const STYLES: readonly string[] = VIBE_OPTIONS.styles;
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
  [/\bberr|\braspberr|\bbramble/, (p) => add(p.flavors, 'Berry')],
  // "Fruity" is any fruit: berries, tropical fruit or citrus (FRUIT_FLAVOURS).
  [/\bfruit/, (p) => add(p.flavors, FRUITY)],
  [/\bcream|\bsilky|\bdessert|\bcoffee|\bchocolate/, (p) => add(p.flavors, 'Creamy')],
  [/\bbitter/, (p) => add(p.flavors, 'Bitter')],
  [/\brefresh|\bcrisp|\bsummer|\bthirst/, (p) => add(p.styles, 'Refreshing')],
  [/\bsophisticat|\bclassy|\belegant|\bclassic/, (p) => add(p.styles, 'Sophisticated')],
  [/(?<!\b(?:less|not|not too|not so|too) )\bsweet/, (p) => { p.sweetness = 'Sweet'; }],
  [/\bdry\b|\bdrier\b|\bnot (too |so )?sweet|\bless sweet|\btoo sweet/, (p) => { p.sweetness = 'Dry'; }],
  [/\blight\b|\blighter\b|\bweaker\b|\blow[- ]?(abv|alcohol)|\beasy[- ]going|\bsession/, (p) => { p.strength = 'Light'; }],
  [/\bstrong|\bbold|\bboozy|\bstiff/, (p) => { p.strength = 'Bold'; }],
];
const CATEGORY_WORDS: [RegExp, string][] = [
  [/\bbeers?\b|\blagers?\b|\bales?\b|\bipa\b|\bstouts?\b|\bpints?\b|\bciders?\b|\bbrew\b/, 'beer'],
  [/\bwines?\b|\bros[ée]\b|\bprosecco\b|\bbubbly\b|\bpinot\b|\bsauvignon\b/, 'wine'],
  [/\bshots?\b|\bshooters?\b/, 'shot'],
  [/\bneat\b|\bstraight up\b|\bon the rocks\b/, 'spirit'],
];

/** Chat extras → the ingredient names that deliver them. */
const EXTRA_INGREDIENTS: Record<string, RegExp> = {
  lime: /lime/i, 'orange juice': /orange juice/i, guava: /guava/i, mint: /mint/i, ginger: /ginger/i,
  coconut: /coconut/i, pineapple: /pineapple/i, cucumber: /cucumber/i,
};

/** A taste read in another language's words, into the same vocabulary as the English hints. */
function takeTaste(p: Preference, key: TasteKey) {
  if (key === 'Sweet' || key === 'Dry') p.sweetness = key;
  else if (key === 'Light' || key === 'Bold') p.strength = key;
  else if (key === 'Refreshing') add(p.styles, key);
  else if (SPIRITS.includes(key)) add(p.spirits, key);
  else add(p.flavors, key);
}

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

/** Lower case, punctuation to spaces: how drink names are looked for in a guest's words. */
const plainWords = (text: string) => ` ${text.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[’']/g, '').replace(/[^a-z0-9%]+/g, ' ').trim()} `;

/** Drink names in the text, longest first, each phrase read once: menu drinks by id, others by name. */
function namedDrinks(text: string, grounding: Grounding) {
  let rest = plainWords(text);
  const menuIds: string[] = [];
  const offMenu: string[] = [];
  const names = [
    ...grounding.drinks.map((d) => ({ name: d.name, id: d.id as string | null })),
    ...REFERENCE_DRINKS.map((d) => ({ name: d.name, id: null })),
  ].filter((n) => plainWords(n.name).trim().length >= 4)
    .sort((a, b) => b.name.length - a.name.length || Number(b.id !== null) - Number(a.id !== null));
  for (const { name, id } of names) {
    const key = plainWords(name);
    if (!rest.includes(key)) continue;
    if (id) { if (!menuIds.includes(id)) menuIds.push(id); } else if (!offMenu.includes(name) && !grounding.drinks.some((d) => d.name === name)) offMenu.push(name);
    rest = rest.split(key).join(' ');
  }
  return { menuIds, offMenu };
}

export function readPreference(request: SuggestionRequest, grounding: Grounding): Preference {
  const p: Preference = {
    spirits: [], flavors: [], styles: [], sweetness: null, strength: null, extras: [], namedDrinkIds: [], namedOffMenu: [], categories: [], zeroProof: false,
    constraints: requestConstraints(request),
  };
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
    // The guest's own language's taste words too (docs/decisions/254): "afrutado", "fruité", "fruchtig".
    const language = p.constraints.language;
    if (language !== 'en') {
      const plain = plainText(request.text);
      for (const [key, pattern] of Object.entries(TASTE_WORDS[language].tastes)) if (pattern.test(plain)) takeTaste(p, key as TasteKey);
    }
    for (const [pattern, category] of CATEGORY_WORDS) if (pattern.test(text)) add(p.categories, category);
    for (const extra of Object.keys(EXTRA_INGREDIENTS)) if (text.includes(extra)) add(p.extras, extra);
    const named = namedDrinks(request.text, grounding);
    p.namedDrinkIds = named.menuIds;
    p.namedOffMenu = named.offMenu;
  }
  // A named drink that is not here, or that the guest cannot have, is looked for by its profile.
  const unavailableNamed = [
    ...p.namedOffMenu.map((name) => REFERENCE_DRINKS.find((d) => d.name === name)),
    ...p.namedDrinkIds.map((id) => grounding.drinks.find((d) => d.id === id)).filter((d) => d && violations(drinkFacts(d), p.constraints).length > 0)
      .map((d) => REFERENCE_DRINKS.find((r) => r.name === d!.name) ?? { base: d!.baseSpirit, tags: d!.tags }),
  ];
  for (const profile of unavailableNamed) {
    if (!profile) continue;
    if (profile.base && SPIRITS.includes(profile.base)) add(p.spirits, profile.base);
    for (const tag of profile.tags) if (FLAVORS.includes(tag)) add(p.flavors, tag);
  }
  // A kind of drink the guest may not have at all here ("red wine" with a sulphite allergy) is not looked for:
  // the reply says why (classSentences), and the rest of the request decides.
  p.categories = p.categories.filter((category) => {
    const ofCategory = grounding.drinks.filter((d) => d.category === category);
    return ofCategory.length === 0 || ofCategory.some((d) => violations(drinkFacts(d), p.constraints).length === 0);
  });
  p.zeroProof = p.constraints.alcoholFree;
  if (p.zeroProof) p.spirits = [];
  // Neutral defaults of the chat context say nothing about taste.
  if (p.sweetness === 'Balanced') p.sweetness = null;
  if (p.strength === 'Standard') p.strength = null;
  return p;
}

/** Every tag the guest asked for, in the rules' vocabulary. */
export function wantedTags(p: Preference): string[] {
  const tags = [...p.spirits, ...p.flavors.flatMap((f) => (f === FRUITY ? FRUIT_FLAVOURS : [f])), ...p.styles];
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

/** The picked spirits the venue can pour: in stock, or in a drink on its available menu. */
export function spiritsToHonour(p: Preference, grounding: Grounding): string[] {
  if (p.zeroProof) return [];
  return p.spirits.filter((spirit) => grounding.stock.some((i) => i.baseSpirit === spirit) || grounding.drinks.some((d) => drinkSpirits(d).has(spirit)));
}

/**
 * Every available drink the request allows, best first (ties: menu order). The guest's constraints
 * remove drinks before anything is scored; a picked spirit the venue pours removes drinks without it.
 */
export function rankDrinks(p: Preference, grounding: Grounding): RankedDrink[] {
  const rules = activeRules(p, grounding.rules);
  const honour = spiritsToHonour(p, grounding);
  const ranked = grounding.drinks.flatMap((drink, order): (RankedDrink & { order: number })[] => {
    if (violations(drinkFacts(drink), p.constraints).length > 0) return [];
    const zeroProofDrink = !drink.containsAlcohol;
    if (honour.length > 0 && !honour.some((spirit) => drinkSpirits(drink).has(spirit))) return [];
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
      if (carriesAsked(flavor, tags)) { score += 2.5; matched.push(flavor); } else if (carriesAsked(flavor, allTags)) score += 1.25;
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
    if (p.categories.length > 0) {
      max += 4;
      if (p.categories.includes(drink.category)) { score += 4; matched.push(drink.category); }
    }
    if (!p.zeroProof && p.spirits.length > 0 && zeroProofDrink) score -= 2;
    if (!COCKTAIL_CATEGORIES.has(drink.category) && !p.categories.includes(drink.category)) score *= 0.7;
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
  [/mint|basil|rosemary|thyme|sage/i, ['herbal', 'mint', 'refreshing']],
  [/cucumber/i, ['refreshing', 'cucumber', 'herbal', 'gin']],
  [/cherry/i, ['sweet', 'bold', 'sophisticated', 'whiskey']],
  [/flower|blossom|violet/i, ['floral']],
  [/berr|raspberr/i, ['berry']],
  [/pineapple|coconut/i, ['tropical', 'pineapple']],
  [/nutmeg|coffee|cocoa/i, ['creamy']],
  [/angostura|flamed/i, ['smoky', 'bold', 'spicy']],
];

/**
 * The garnish from the rule lists (first) or the global list that best suits the drink's tags; only
 * one that fits something in the glass, else none (a garnish that fits nothing reads as a mistake).
 */
export function pickGarnish(tags: Set<string>, rules: readonly GroundedRule[], garnishes: readonly string[]): string | null {
  // A rule's garnish that fits wins over the global list (docs/decisions/190).
  const pool = [...rules.flatMap((r) => r.garnishes.map((g) => ({ g, bonus: 10 }))), ...garnishes.map((g) => ({ g, bonus: 0 }))];
  let best: { g: string; score: number } | null = null;
  for (const { g, bonus } of pool) {
    let fit = 0;
    for (const [pattern, words] of GARNISH_HINTS) if (pattern.test(g)) fit += words.filter((w) => tags.has(w)).length;
    if (fit === 0) continue;
    if (!best || fit + bonus > best.score) best = { g, score: fit + bonus };
  }
  return best?.g ?? null;
}

/** Beer, wine, a neat pour and a shot are served as they are. */
const UNGARNISHED_CATEGORIES = new Set(['beer', 'wine', 'spirit', 'shot']);

/** A menu drink's own garnish line when its recipe has one, else a fitting one from the lists. */
function menuGarnish(drink: GroundedDrink, rules: readonly GroundedRule[], garnishes: readonly string[]): string | null {
  if (UNGARNISHED_CATEGORIES.has(drink.category)) return null;
  const own = drink.lines.find((line) => line.optional && line.ingredient?.category === 'garnish');
  if (own) return own.name;
  return pickGarnish(drinkTagSet(drink), rules, garnishes);
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

function fillTemplate(template: DrinkTemplate, stock: readonly GroundedIngredient[], p: Preference, seed: number, spread: number, honour: readonly string[]): Filled | null {
  const wanted = lower(wantedTags(p));
  // A picked spirit the bar pours must be in the glass: shapes without a base slot cannot hold it.
  if (honour.length > 0 && !template.slots.some((slot) => slot.role === 'base')) return null;
  const used = new Set<string>();
  const lines: Filled['lines'] = [];
  let score = 0;
  for (const [index, slot] of template.slots.entries()) {
    let candidates = stock.filter((i) => ROLE_FITS[slot.role](i) && !used.has(i.name));
    if (slot.role === 'base') {
      if (template.bases.length > 0) candidates = candidates.filter((i) => i.baseSpirit && template.bases.includes(i.baseSpirit));
      const asked = candidates.filter((i) => i.baseSpirit && p.spirits.includes(i.baseSpirit));
      // When the asked-for spirit is out of stock, another base still makes a drink; when it is in
      // stock, only it may fill the base.
      if (asked.length > 0) candidates = asked;
      else if (honour.length > 0) return null;
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
    // Muddled berries are counted in pieces, herbs in leaves.
    const unit = slot.role === 'muddle' && !chosen.ingredient.flavors.includes('Herbal') ? 'piece' : slot.unit;
    lines.push({ ingredient: chosen.ingredient, quantity: slot.quantity, unit });
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

/** Stocked ingredients a guest with these constraints may have at all. */
function safeStock(p: Preference, stock: readonly GroundedIngredient[]) {
  return stock.filter((i) => !i.allergens.some((a) => allergenForbidden(a, p.constraints)) && !(p.constraints.alcoholFree && i.alcoholic));
}

const carriesFlavour = (filled: Filled, p: Preference) => {
  const inGlass = lower([...filled.lines.flatMap((l) => l.ingredient.flavors), ...filled.template.styleTags]);
  return p.flavors.some((f) => carriesAsked(f, inGlass));
};

const recipeOf = (filled: Filled): RecipeLine[] => filled.lines.map((l) => ({ ingredient: l.ingredient.name, quantity: l.quantity, unit: l.unit }));

/**
 * The best classic shape the stock can fill for this guest, or null when none can be built. Only
 * ingredients the guest's constraints allow go in, and the filled glass is checked again as a whole.
 */
export function composeCreation(p: Preference, grounding: Grounding, seed: number, restrictTo: string[] | null): Filled | null {
  const allowed = restrictTo ? lower(restrictTo) : null;
  const stock = safeStock(p, allowed ? grounding.stock.filter((i) => allowed.has(i.name.toLowerCase())) : grounding.stock);
  const honour = spiritsToHonour(p, { ...grounding, drinks: [], stock });
  const spread = grounding.settings.creativityLevel === 'creative' ? 2 : grounding.settings.creativityLevel === 'balanced' ? 0.5 : 0;
  const options = DRINK_TEMPLATES
    .filter((t) => t.alcoholic !== p.zeroProof)
    .map((template) => fillTemplate(template, stock, p, seed, spread, honour))
    .filter((f): f is Filled => f !== null && violations(creationFacts(grounding, recipeOf(f)), p.constraints).length === 0)
    // A shape whose glass carries an asked flavour beats one that only matches the style.
    .map((f) => ({ ...f, total: templateScore(f.template, p) * 2 + f.score + (carriesFlavour(f, p) ? 6 : 0) }))
    .sort((a, b) => b.total - a.total || a.template.key.localeCompare(b.template.key));
  if (options.length === 0) return null;
  const margin = spread * 2;
  const close = options.filter((o) => o.total >= options[0]!.total - margin);
  return close[seed % close.length]!;
}

const joinWords = (words: string[], and = 'and') => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} ${and} ${words[words.length - 1]}`);

/**
 * "a" or "an" before a word, by how it sounds (vowel letters; good enough for bar words); none before a plural
 * ("angostura drops", "fresh raspberries"), which takes no article.
 */
export const withArticle = (word: string) => (/[^s']s$/i.test(word.trim()) ? word : `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`);

function describeCreation(filled: Filled, p: Preference, grounding: Grounding, rules: GroundedRule[], seed: number) {
  const { template, lines } = filled;
  const base = lines.find((l) => l.ingredient.category === 'spirit')?.ingredient;
  const firstAlcohol = lines.find((l) => l.ingredient.alcoholic)?.ingredient;
  const flavorsInGlass = new Set(lines.flatMap((l) => l.ingredient.flavors));
  const tags: string[] = [];
  for (const tag of [...p.spirits, ...p.flavors.flatMap((f) => (f === FRUITY ? FRUIT_FLAVOURS : [f])), ...p.styles]) if (flavorsInGlass.has(tag) || template.styleTags.includes(tag) || (base?.baseSpirit === tag)) add(tags, tag);
  for (const tag of template.styleTags) if (tags.length < 4) add(tags, tag);
  if (!template.alcoholic) add(tags, 'Zero-Proof');
  const lead = tags.find((t) => TAG_DESCRIPTORS[t] && !SPIRITS.includes(t));
  const descriptor = grounding.settings.creativityLevel === 'creative'
    ? EVOCATIVE_WORDS[seed % EVOCATIVE_WORDS.length]!
    : (lead ? TAG_DESCRIPTORS[lead]! : 'House');
  // The name says what leads the glass: its spirit, else its first alcoholic ingredient (a spritz's aperitivo).
  const baseLabel = base ? (base.baseSpirit ?? base.name) : firstAlcohol ? firstAlcohol.name : 'Zero-Proof';
  const name = `${descriptor} ${baseLabel} ${template.label}`;
  const garnish = pickGarnish(new Set([...tags, ...flavorsInGlass].map((t) => t.toLowerCase())), rules, grounding.garnishes);
  const [first, ...rest] = lines.map((l) => l.ingredient.name.toLowerCase());
  const taste = joinWords(tags.filter((t) => !SPIRITS.includes(t) && t !== 'Zero-Proof').slice(0, 3).map((t) => t.toLowerCase()));
  const blurb = `${titleCase(first ?? '')} ${template.method} with ${joinWords(rest)}, served in ${withArticle(template.glass)} glass${garnish ? ` with ${withArticle(garnish.toLowerCase())}` : ''}${taste ? `: ${taste}` : ''}.`;
  return { name, blurb, tags, recipe: recipeOf(filled), garnish, glass: template.glass };
}

// ---------------------------------------------------------------------------------------------
// Replies

const STYLE_WORDS = new Set(['Light', 'Bold', 'Dry', 'Sweet', 'Refreshing', 'Sophisticated']);

/**
 * Why a menu drink was picked, in the reply's language: "It's got whiskey and smoke, and it's bold." English also
 * says the styles; the other languages name what is in the glass, where no adjective must agree with a drink's gender.
 */
function whySentence(matched: readonly string[], replies: EngineReplies): string | null {
  const english = replies === ENGINE_REPLIES.en;
  const nouns: string[] = [];
  const adjectives: string[] = [];
  for (const m of matched) {
    if (SPIRITS.includes(m)) add(nouns, replies.flavourNouns[m] ?? m.toLowerCase());
    else if (replies.flavourNouns[m]) add(nouns, replies.flavourNouns[m]);
    else if (STYLE_WORDS.has(m)) add(adjectives, m.toLowerCase());
    else if (english && EXTRA_INGREDIENTS[m.toLowerCase()]) add(nouns, m.toLowerCase());
  }
  const n = joinWords(nouns.slice(0, 3), replies.and);
  if (!english) return n ? say(replies.hasFlavours, { list: n }) : null;
  const a = joinWords(adjectives.slice(0, 2));
  if (n && a) return `It's got ${n}, and it's ${a}.`;
  if (n) return `It's got ${n}.`;
  return a ? `It's ${a}.` : null;
}

/** What the reply says first about drinks the guest named: left out (and why), or not on the menu. */
function namedDrinkNotes(p: Preference, grounding: Grounding, replies: EngineReplies): string[] {
  const notes: string[] = [];
  for (const id of p.namedDrinkIds) {
    const drink = grounding.drinks.find((d) => d.id === id)!;
    const broken = violations(drinkFacts(drink), p.constraints);
    if (broken.length > 0) notes.push(say(replies.namedLeftOut, { name: drinkText(grounding, drink, p.constraints.language).name, list: joinWords(broken, replies.and) }));
  }
  for (const name of p.namedOffMenu) notes.push(say(replies.namedNotHere, { name }));
  return notes;
}

/** Only the English reply names the garnish: it is stored in the venue's words, and the card shows it in every language. */
const garnishSentence = (garnish: string | null, replies: EngineReplies) =>
  garnish && replies === ENGINE_REPLIES.en ? `Ask for ${withArticle(garnish.toLowerCase())} on top.` : null;

const sentences = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' ');

export class NoSuggestionError extends Error {
  constructor(message = 'Nothing on the menu or in stock fits this request') {
    super(message);
    this.name = 'NoSuggestionError';
  }
}

/** The guest's last message in a chat: what a refinement is read from. */
const lastGuestMessage = (request: SuggestionRequest) => [...request.history].reverse().find((m) => m.role === 'user')?.content ?? request.text;

type RefinedAnswer = { draft: DraftSuggestion } | { whyNot: string; closest: DraftSuggestion | null };

/** A menu drink as a draft: its name in the reply's language after `lead`, why it fits, what was honoured, the garnish. */
function menuDraftOf(p: Preference, grounding: Grounding, r: Pick<RankedDrink, 'drink' | 'matched'>, lead: string, rules: GroundedRule[]): DraftSuggestion {
  const replies = ENGINE_REPLIES[p.constraints.language];
  const garnish = menuGarnish(r.drink, rules, grounding.garnishes);
  return {
    type: 'menu', menuDrinkId: r.drink.id, blurb: r.drink.description, tags: r.drink.tags.slice(0, 5), garnish,
    message: sentences(lead, whySentence(r.matched, replies), ...honouredSentences(p.constraints), garnishSentence(garnish, replies)),
  };
}

/**
 * A refinement of the chat's last suggestion (docs/decisions/190, 254): a drink further along the scale that still
 * answers the rest of the request (menu first, else a creation); the same drink without ice; or the sentence saying
 * why there is none, with the last suggestion as the closest, so the reply never offers something else as if it fit.
 */
function refine(p: Preference, request: SuggestionRequest, grounding: Grounding, refinement: Refinement, seed: number): RefinedAnswer | null {
  const previous = previousSuggestion(request.history);
  if (!previous) return null;
  const replies = ENGINE_REPLIES[p.constraints.language];
  const previousDrink = grounding.drinks.find((d) => d.id === previous.menu_drink_id) ?? null;
  const previousName = previousDrink ? drinkText(grounding, previousDrink, p.constraints.language).name : previous.name;
  const rules = activeRules(p, grounding.rules);
  // The last suggestion again, when it is a menu drink the guest may still have.
  const again = (lead: string) => (previousDrink && violations(drinkFacts(previousDrink), p.constraints).length === 0
    ? menuDraftOf(p, grounding, { drink: previousDrink, matched: [] }, lead, rules) : null);
  if (refinement.axis === 'ice') {
    const draft = again(say(replies.noIce, { name: previousName }));
    return draft ? { draft } : null;
  }
  const word = replies.comparatives[refinement.comparative];
  const cannot = (template: string): RefinedAnswer => ({
    whyNot: say(template, { comparative: word, previous: previousName }), closest: again(say(replies.stillClosest, { name: previousName })),
  });
  if (refinement.axis === 'strength' && refinement.direction > 0) {
    if (p.constraints.alcoholFree) return cannot(replies.cannot.alcoholFree);
    if (p.constraints.lowAlcohol) return cannot(replies.cannot.lowAlcohol);
  }
  const { axis, direction } = refinement;
  const from = suggestionLevel(grounding, previous, axis);
  const moved = (value: string | null | undefined) => (direction > 0 ? levelOf(axis, value) > from : levelOf(axis, value) < from);
  const target = Math.min(2, Math.max(0, from + direction));
  const q: Preference = axis === 'strength' ? { ...p, strength: LEVELS.strength[target] as Strength } : { ...p, sweetness: LEVELS.sweetness[target] as Sweetness };
  const qRules = activeRules(q, grounding.rules);
  const tastes = (drink: GroundedDrink) => q.flavors.length === 0 || q.flavors.some((f) => carriesAsked(f, drinkTagSet(drink)));
  const further = rankDrinks(q, grounding).filter((r) => r.drink.id !== previous.menu_drink_id && r.drink.name !== previous.name && moved(r.drink[axis]));
  const lead = (name: string) => say(replies.refined, { comparative: word, name, previous: previousName });
  const menuDraft = (r: RankedDrink) => menuDraftOf(q, grounding, r, lead(drinkText(grounding, r.drink, p.constraints.language).name), qRules);
  const tasty = further.find((r) => tastes(r.drink));
  if (tasty) return { draft: menuDraft(tasty) };
  const filled = composeCreation(q, grounding, seed, null);
  if (filled && moved(filled.template[axis]) && (q.flavors.length === 0 || carriesFlavour(filled, q))) {
    const creation = describeCreation(filled, q, grounding, qRules, seed);
    if (creation.name !== previous.name) {
      return { draft: { type: 'creation', ...creation, message: sentences(lead(creation.name), replies.mixedFromStock, ...honouredSentences(p.constraints)) } };
    }
  }
  if (further[0]) return { draft: menuDraft(further[0]) };
  return cannot(replies.cannot.nothing);
}

/** The local engine's whole decision, pure over the grounding. */
export function localSuggest(request: SuggestionRequest, grounding: Grounding): DraftSuggestion {
  const p = readPreference(request, grounding);
  const replies = ENGINE_REPLIES[p.constraints.language];
  const seed = requestSeed(request, grounding);
  const rules = activeRules(p, grounding.rules);
  const refinement = request.kind === 'chat' ? readRefinement(lastGuestMessage(request)) : null;
  const refined = refinement ? refine(p, request, grounding, refinement, seed) : null;
  const opening = [...replyOpening(p.constraints), ...classSentences(p.constraints, request.text)];
  if (refined && 'draft' in refined && draftProblems(refined.draft, grounding, p.constraints).length === 0) {
    return { ...refined.draft, message: sentences(...opening, refined.draft.message) };
  }
  // It cannot be done: said once, and the last suggestion offered as the closest (docs/decisions/254).
  if (refined && 'whyNot' in refined && refined.closest && draftProblems(refined.closest, grounding, p.constraints).length === 0) {
    return { ...refined.closest, message: sentences(...opening, refined.whyNot, refined.closest.message) };
  }
  const whyNot = refined && 'whyNot' in refined ? refined.whyNot : null;
  let ranked = request.creationOnly ? [] : rankDrinks(p, grounding);
  const namedAllowed = ranked.filter((r) => p.namedDrinkIds.includes(r.drink.id));
  // Flavours rank within the honoured spirit: a drink that carries none of them is a last resort.
  const tastes = (drink: GroundedDrink) => p.flavors.some((f) => carriesAsked(f, drinkTagSet(drink)));
  const flavourful = p.flavors.length > 0 ? ranked.filter((r) => tastes(r.drink)) : ranked;
  const notes = [...replyOpening(p.constraints), ...(whyNot ? [whyNot] : []), ...namedDrinkNotes(p, grounding, replies), ...classSentences(p.constraints, request.text)];
  const honoured = honouredSentences(p.constraints);
  const best = ranked[0];
  const missesFlavour = Boolean(best) && flavourful.length === 0;
  const wantsCreation = request.creationOnly || !best
    || (namedAllowed.length === 0 && (missesFlavour || best!.relative < creationThreshold(grounding.settings)));
  if (wantsCreation) {
    const filled = composeCreation(p, grounding, seed, request.availableIngredients);
    const creation = filled ? describeCreation(filled, p, grounding, rules, seed) : null;
    // A creation replaces a menu drink without the asked flavour only when it does carry one.
    const creationTastes = creation && (p.flavors.length === 0 || carriesFlavour(filled!, p));
    if (creation && (!best || request.creationOnly || !missesFlavour || creationTastes)) {
      const lead = say(request.creationOnly ? replies.creationOnly : !best ? replies.creationNothingFits : replies.creationNoMatch, { name: creation.name });
      return { type: 'creation', ...creation, message: sentences(...notes, lead, ...honoured) };
    }
    // The picked spirit can be neither poured from the menu nor built from stock: the best of the rest.
    if (!best && !request.creationOnly && p.spirits.length > 0) ranked = rankDrinks({ ...p, spirits: [] }, grounding);
    if (ranked.length === 0) throw new NoSuggestionError(nothingFitsMessage(p.constraints));
    // The asked taste cannot be had within the constraints: say so rather than answer as if it could.
    if (missesFlavour) notes.push(say(replies.noTaste, { list: joinWords(p.flavors.map((f) => replies.flavourNouns[f] ?? f.toLowerCase()), replies.and) }));
  }
  const pool = flavourful.length > 0 ? flavourful : ranked;
  const top = pool[0]!;
  const margin = varietyMargin(grounding.settings);
  const close = pool.filter((r) => r.relative >= top.relative - margin).slice(0, 5);
  const chosen = namedAllowed[0] ?? close[seed % close.length]!;
  const name = drinkText(grounding, chosen.drink, p.constraints.language).name;
  // After a refinement that could not be made, the drink is offered as the closest, not as if it did what was asked.
  const draft = menuDraftOf(p, grounding, chosen, say(whyNot ? replies.closest : replies.goWith, { name }), rules);
  const message = sentences(...notes, draft.message);
  // Ranking already removed every drink the constraints forbid; this says so once more, on the answer itself.
  if (draftProblems(draft, grounding, p.constraints).length > 0) throw new NoSuggestionError(nothingFitsMessage(p.constraints));
  return { ...draft, message };
}

export const localBackend: SuggestionBackend = {
  name: 'local',
  model: LOCAL_MODEL,
  suggest: async (request, grounding) => localSuggest(request, grounding),
};
