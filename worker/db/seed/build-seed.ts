// Demo data as plain SQL statements (INSERT OR IGNORE, literal values), for `scripts/seed.ts`
// (wrangler d1 execute --file) and for workerd tests (db.batch). Runs in Node and in workerd:
// no node: imports, no file system.
//
// Deterministic: every choice comes from a SeededRandom named after what it decides, and every id
// is stableId(<natural key>), so a second run inserts nothing. Only timestamps depend on `now`,
// and they never decide anything (the structure of each order is drawn before its times).
import { drinkArtUrl, menuAccent } from '../../images/drink-art';
import type { ModifierGroup } from '../../../shared/schemas/modifiers';
import { venueArtUrl } from '../../images/venue-art';
import { AI_CREATION_PRICE_CENTS, DEFAULT_TAX_RATE_BP } from '../../../shared/constants';
import { INVENTORY_UNITS, type DrinkCategory, type InventoryUnit } from '../../../shared/back-office-constants';
import { VIBE_OPTIONS } from '../../../shared/ai-options';
import { deriveDrinkFacts } from '../../../shared/drink-facts';
import { normalizeIngredientName } from '../../../shared/ingredient-similarity';
import { soldOutReasonFor } from '../../../shared/inventory';
import { hashPassword } from '../../auth/password';
import {
  AI_GLOBAL_PROMPT, CHAT_QUERY_TEMPLATES, CUSTOM_CREATION_NAMES, DEMO_ACCOUNTS, DEMO_CREATIONS, DEMO_FLAVOR_RULES, DEMO_MODIFIERS, DEMO_PASSWORD,
  DEMO_VENUES, GUEST_FIRST_NAMES, INGREDIENT_BRANDS, ORDER_ITEM_NOTES, SPECIAL_INSTRUCTIONS, ZERO_PROOF_QUERIES,
  type DemoCreation, type DemoVenue, type LiveOrderStatus, type MenuProfile,
} from './demo-content';
import { describeDrink } from './describe-drink';
import { ARTISAN_SPANISH, ARTISAN_VENUE_SPANISH } from './translations-es';
import { CATALOGUE_ALIASES, findIngredient, REFERENCE_DRINKS, REFERENCE_INGREDIENTS, type RecipeLine, type ReferenceDrink, type ReferenceIngredient } from './reference-data';
import { ALL_D1_BINDINGS, DEFAULT_VENUE_SHARD, VENUE_SHARD_BINDINGS, type ShardBinding } from '../../shards/bindings';
import { SeededRandom, stableId } from './seed-random';
import { insertStatements, type SqlRow } from './sql-literals';
import { buildTableSeed } from './table-tabs';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-content';
export { sqlValue } from './sql-literals';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HISTORY_DAYS = 30;
/**
 * Orders from the latest service (already delivered or cancelled), per venue: tonight's so far, or
 * last night's when the bar has not been open long.
 */
const LATEST_SERVICE_ORDERS_PER_VENUE = 6;
/** AI chats that did not end in an order, per venue. */
const BROWSE_INTERACTIONS_PER_VENUE = 10;
const GUEST_SESSION_COUNT = 80;
const AI_MODEL = 'barhop-local-v1';

/**
 * Menu sections in display order, the demo venues' category order (docs/decisions/184). Cocktails are one
 * category: the house classics, the venue's classics and its menu cocktails lead it, and the best of them are
 * featured instead of split into overlapping categories.
 */
const CATEGORY_DISPLAY_ORDER: readonly DrinkCategory[] = ['cocktail', 'mocktail', 'beer', 'wine', 'spirit', 'shot', 'non_alcoholic'];
/** The featured drinks: the top cocktails of the house classics, the venue's classics and the menu cocktails, and the top mocktail. */
const FEATURED_SECTIONS = ['house_classic', 'other', 'menu_cocktail', 'mocktail'] as const;
const HOUSE_CLASSICS_PER_VENUE = 5;
const VENUE_CLASSICS_PER_VENUE = 2;
const MENU_COCKTAILS_PER_VENUE = 4;

/** Local hour of an order (24 and 25 are past midnight): bars are busiest from 7 to 11pm. */
const EVENING_HOUR_WEIGHTS: readonly (readonly [number, number])[] = [
  [12, 1], [13, 1], [14, 1], [15, 2], [16, 3], [17, 5], [18, 7], [19, 9], [20, 10], [21, 10], [22, 8], [23, 6], [24, 4], [25, 2],
];
/** Sunday … Saturday. */
const WEEKDAY_WEIGHTS = [0.9, 0.6, 0.7, 0.8, 1.1, 1.6, 1.7];

const iso = (ms: number) => new Date(ms).toISOString();

// ---------------------------------------------------------------------------------------------
// Plans: the demo world as plain objects, before it becomes rows.

interface DrinkLinePlan {
  id: string;
  ingredient: ReferenceIngredient;
  ingredientId: string;
  /** What the venue typed; differs from the canonical name for the deliberately unmatched lines. */
  rawName: string;
  matched: boolean;
  line: RecipeLine;
  position: number;
}

interface MenuDrinkPlan {
  id: string;
  source: ReferenceDrink;
  name: string;
  category: DrinkCategory;
  description: string;
  priceCents: number;
  imageUrl: string;
  featured: boolean;
  modifierGroups: ModifierGroup[];
  isAvailable: boolean;
  soldOutReason: string | null;
  displayOrder: number;
  /** Relative order frequency, so each venue has its own best sellers. */
  popularity: number;
  lines: DrinkLinePlan[];
}

interface InventoryPlan {
  id: string;
  ingredient: ReferenceIngredient;
  unit: InventoryUnit;
  unitVolumeMl: number | null;
  quantity: number;
  lowStockThreshold: number;
  costPerUnitCents: number;
  brand: string | null;
  lastMovementAt: number | null;
  /** Size of a typical delivery, in units. */
  receiveDelta: number;
}

interface GuestSession {
  id: string;
  name: string | null;
}

interface VenuePlan {
  venue: DemoVenue;
  id: string;
  createdAt: number;
  menu: MenuDrinkPlan[];
  inventory: InventoryPlan[];
  adminUserId: string | null;
  staffUserId: string | null;
  /** AI creations whose every ingredient is in stock here. */
  creations: DemoCreation[];
}

const isOrderable = (drink: MenuDrinkPlan) => drink.isAvailable && !drink.soldOutReason;

function requireIngredient(name: string): ReferenceIngredient {
  const ingredient = findIngredient(name);
  if (!ingredient) throw new Error(`Seed recipe uses "${name}", which is not a canonical ingredient`);
  return ingredient;
}

// ---------------------------------------------------------------------------------------------
// Menus

function affinity(drink: ReferenceDrink, profile: MenuProfile): number {
  const tagHits = drink.tags.filter((tag) => profile.favoured.includes(tag)).length;
  return tagHits + (drink.base && profile.favoured.includes(drink.base) ? 1 : 0);
}

/** Cocktails every bartender knows by name: first in line to be a venue's house classics. */
const FAMOUS_CLASSICS = new Set([
  'Old Fashioned', 'Manhattan', 'Negroni', 'Dry Martini', 'Daiquiri', 'Margarita', 'Mojito', 'Whiskey Sour',
  'Mai Tai', 'Moscow Mule', 'Sazerac', 'Tom Collins', 'French 75', 'Cosmopolitan', 'Piña Colada',
]);

/** How much a cocktail reads as a house classic: famous first, then stirred and spirit-forward. */
function classicness(drink: ReferenceDrink): number {
  return (FAMOUS_CLASSICS.has(drink.name) ? 3 : 0) + (drink.method === 'stir' ? 2 : 0)
    + (drink.strength === 'Bold' ? 1 : 0) + (drink.tags.includes('Sophisticated') ? 1 : 0);
}

/** The demo drink's modifier groups (demo-content DEMO_MODIFIERS), stored as an admin's save stores them. */
function seedModifierGroups(venue: DemoVenue, drinkName: string): ModifierGroup[] {
  return (DEMO_MODIFIERS[drinkName] ?? []).map((group) => ({
    id: stableId(`modifier_group:${venue.slug}:${drinkName}:${group.name}`, 12),
    name: group.name,
    kind: group.kind,
    required: group.required,
    options: group.options.map((option) => {
      const added = option.effects.filter((e) => e.quantity > 0).map((e) => requireIngredient(e.ingredient));
      const facts = deriveDrinkFacts({ category: 'cocktail', extraAllergens: [], lines: added.map((ingredient) => ({ ingredient })) });
      return {
        id: stableId(`modifier_option:${venue.slug}:${drinkName}:${group.name}:${option.name}`, 12),
        name: option.name,
        price_delta_cents: option.priceDeltaCents,
        effects: option.effects.map((e) => {
          const ingredient = requireIngredient(e.ingredient);
          return { ingredient_id: stableId(`ingredient:${ingredient.name}`), ingredient_name: ingredient.name, quantity: e.quantity, unit: e.unit };
        }),
        allergens: facts.allergens,
        contains_alcohol: added.length > 0 && facts.containsAlcohol,
      };
    }),
  }));
}

function planMenu(venue: DemoVenue, profile: MenuProfile): MenuDrinkPlan[] {
  const random = new SeededRandom(`menu:${venue.slug}`);
  // One draw per reference drink, in file order: the venue's taste plus some luck.
  const score = new Map(REFERENCE_DRINKS.map((drink) => [drink, random.next() * 2 + affinity(drink, profile)]));
  const byScore = (a: ReferenceDrink, b: ReferenceDrink) => score.get(b)! - score.get(a)!;
  const topOf = (category: ReferenceDrink['category'], count: number) =>
    REFERENCE_DRINKS.filter((drink) => drink.category === category).sort(byScore).slice(0, count);

  const cocktails = topOf('cocktail', profile.cocktails);
  const houseClassics = [...cocktails]
    .sort((a, b) => classicness(b) - classicness(a) || byScore(a, b))
    .slice(0, HOUSE_CLASSICS_PER_VENUE);
  // The rest, best fit first: the venue's own classics, then its menu cocktails, then plain cocktails.
  const remaining = cocktails.filter((drink) => !houseClassics.includes(drink));
  const venueClassics = remaining.slice(0, VENUE_CLASSICS_PER_VENUE);
  const menuCocktails = remaining.slice(VENUE_CLASSICS_PER_VENUE, VENUE_CLASSICS_PER_VENUE + MENU_COCKTAILS_PER_VENUE);
  const plainCocktails = remaining.slice(VENUE_CLASSICS_PER_VENUE + MENU_COCKTAILS_PER_VENUE);
  if (plainCocktails.length === 0) throw new Error(`${venue.slug}: menu profile leaves no plain cocktails`);

  // Sections as the menu reads them: the cocktails' three groups lead the one Cocktails category.
  const sections: [section: string, DrinkCategory, ReferenceDrink[]][] = [
    ['house_classic', 'cocktail', houseClassics],
    ['other', 'cocktail', venueClassics],
    ['menu_cocktail', 'cocktail', menuCocktails],
    ['cocktail', 'cocktail', plainCocktails],
    ...Object.entries(profile.counts).map(([category, count]): [string, DrinkCategory, ReferenceDrink[]] =>
      [category, category as DrinkCategory, topOf(category as ReferenceDrink['category'], count)]),
  ];
  sections.sort(([, a], [, b]) => CATEGORY_DISPLAY_ORDER.indexOf(a) - CATEGORY_DISPLAY_ORDER.indexOf(b));

  const menu: MenuDrinkPlan[] = [];
  const menuSize = sections.reduce((n, [, , drinks]) => n + drinks.length, 0);
  for (const [section, category, drinks] of sections) {
    drinks.forEach((source, indexInSection) => {
      const id = stableId(`menu_drink:${venue.slug}:${source.name}`);
      const priceShiftCents = random.pick([-100, 0, 0, 100]);
      const popularity = 0.4 + random.next() * 1.6;
      const featured = indexInSection === 0 && (FEATURED_SECTIONS as readonly string[]).includes(section);
      menu.push({
        id,
        source,
        name: source.name,
        category,
        description: describeDrink(source),
        priceCents: Math.max(300, Math.round(source.price * 100) + priceShiftCents),
        // Each drink of the menu its own backdrop, so no two look alike (docs/decisions/185).
        imageUrl: drinkArtUrl({ ...source, accent: menuAccent(menu.length, menuSize) }),
        modifierGroups: seedModifierGroups(venue, source.name),
        featured,
        isAvailable: true,
        soldOutReason: null,
        displayOrder: menu.length,
        popularity,
        lines: source.recipe.map((line, position) => {
          const ingredient = requireIngredient(line.ingredient);
          return {
            id: stableId(`drink_ingredient:${venue.slug}:${source.name}:${position}`),
            ingredient,
            ingredientId: stableId(`ingredient:${ingredient.name}`),
            rawName: line.ingredient,
            matched: true,
            line,
            position,
          };
        }),
      });
    });
  }

  // The admin has switched off two drinks (never a featured one).
  const switchable = menu.filter((drink) => !drink.featured && drink.modifierGroups.length === 0 && ['cocktail', 'wine', 'shot'].includes(drink.category));
  for (const drink of random.shuffle(switchable).slice(0, 2)) drink.isAvailable = false;

  // A few lines typed in the venue's own words: they match no canonical ingredient until a super admin resolves
  // them, unless the catalogue knows the name as an alias (a brand, docs/decisions/238), as any recipe write would.
  for (const messy of venue.messyIngredientNames) {
    const line = menu.flatMap((drink) => drink.lines).find((l) => l.matched && l.ingredient.name === messy.canonical);
    if (!line) throw new Error(`${venue.slug}: no menu line uses ${messy.canonical} for the messy name "${messy.raw}"`);
    line.rawName = messy.raw;
    line.matched = (CATALOGUE_ALIASES[messy.canonical] ?? []).some((alias) => normalizeIngredientName(alias) === normalizeIngredientName(messy.raw));
  }
  return menu;
}

/**
 * A seeded drink's facts, derived like every later write (docs/decisions/238): the reference's
 * allergens that its matched lines do not carry (a messy line matches nothing yet) are kept as the
 * admin's own additions, so the guest menu says the same before and after the line is resolved.
 */
/** An AI creation's facts from its reference ingredients, as an order line stores them. */
function creationFacts(recipe: readonly RecipeLine[]) {
  const facts = deriveDrinkFacts({ category: 'cocktail', extraAllergens: [], lines: recipe.map((l) => ({ ingredient: findIngredient(l.ingredient) ?? null })) });
  return { allergens: facts.allergens, contains_alcohol: facts.containsAlcohol };
}

function seedDrinkFacts(drink: MenuDrinkPlan) {
  const lines = drink.lines.map((l) => ({ ingredient: l.matched ? l.ingredient : null }));
  const fromLines = new Set(lines.flatMap((l) => l.ingredient?.allergens ?? []));
  const extraAllergens = drink.source.allergens.filter((a) => !fromLines.has(a));
  return { ...deriveDrinkFacts({ category: drink.category, extraAllergens, lines }), extraAllergens };
}

// ---------------------------------------------------------------------------------------------
// Inventory

const isInventoryUnit = (unit: string): unit is InventoryUnit => (INVENTORY_UNITS as readonly string[]).includes(unit);

interface StockProfile {
  range: [number, number];
  step: number;
  threshold: number;
  cost: [number, number];
  receive: number;
  /** Bottles are poured from, so they are rarely whole. */
  fractional: boolean;
}

function stockProfile(ingredient: ReferenceIngredient, unit: InventoryUnit): StockProfile {
  if (unit === 'ml') return { range: [1000, 6000], step: 50, threshold: 500, cost: [1, 2], receive: 2000, fractional: false };
  if (unit === 'piece') return { range: [40, 200], step: 5, threshold: 20, cost: [5, 40], receive: 50, fractional: false };
  switch (ingredient.category) {
    case 'beer':
    case 'cider':
      return { range: [24, 96], step: 6, threshold: 12, cost: [180, 260], receive: 24, fractional: false };
    case 'mixer':
      return { range: [24, 72], step: 6, threshold: 12, cost: [90, 150], receive: 24, fractional: false };
    case 'wine':
      return ingredient.name === 'Champagne'
        ? { range: [4, 12], step: 1, threshold: 3, cost: [4200, 5200], receive: 6, fractional: false }
        : { range: [6, 18], step: 1, threshold: 4, cost: [1200, 2200], receive: 12, fractional: false };
    case 'spirit':
      return { range: [3, 12], step: 1, threshold: 2, cost: [2200, 4200], receive: 6, fractional: true };
    case 'liqueur':
      return { range: [3, 10], step: 1, threshold: 2, cost: [2200, 3800], receive: 6, fractional: true };
    case 'fortified wine':
      return { range: [3, 8], step: 1, threshold: 2, cost: [1400, 2200], receive: 6, fractional: true };
    case 'bitters':
      return { range: [3, 6], step: 1, threshold: 2, cost: [1100, 1600], receive: 3, fractional: true };
    default:
      return { range: [3, 8], step: 1, threshold: 2, cost: [350, 600], receive: 3, fractional: true };
  }
}

/** A quantity at or under the threshold but above zero, rounded the way a bartender would count it. */
function lowQuantity(profile: StockProfile, unit: InventoryUnit, share: number): number {
  const raw = profile.threshold * share;
  if (profile.fractional) return Math.max(0.2, Math.round(raw * 10) / 10);
  const countStep = unit === 'ml' ? 10 : 1;
  return Math.max(countStep, Math.round(raw / countStep) * countStep);
}

/**
 * One stock item per canonical ingredient the menu uses. Most are comfortably stocked, three are
 * low, and two are out: one only ever used as an optional garnish, and one required by a single
 * drink (which the menu then shows as sold out), so at most one drink becomes impossible.
 */
function planInventory(venue: DemoVenue, menu: MenuDrinkPlan[], now: number): InventoryPlan[] {
  const random = new SeededRandom(`inventory:${venue.slug}`);
  const used = [...new Map(menu.flatMap((drink) => drink.lines.map((l) => [l.ingredient.name, l.ingredient] as const))).values()]
    .sort((a, b) => a.name.localeCompare(b.name));
  const drinksRequiring = (name: string) => menu.filter((drink) => drink.lines.some((l) => !l.line.optional && l.ingredient.name === name));

  const optionalOnly = used.filter((ingredient) => drinksRequiring(ingredient.name).length === 0);
  const singleUse = used.filter((ingredient) => {
    const [only, ...others] = drinksRequiring(ingredient.name);
    return only && others.length === 0 && !only.featured && only.isAvailable && ['liqueur', 'fortified wine', 'spirit', 'syrup'].includes(ingredient.category)
      && only.lines.every((l) => l.matched);
  });
  const outOfStock = [optionalOnly, singleUse].filter((list) => list.length > 0).map((list) => random.pick(list));
  const lowCandidates = used.filter((ingredient) => !outOfStock.includes(ingredient)
    && ['spirit', 'liqueur', 'juice', 'syrup', 'wine', 'mixer'].includes(ingredient.category));
  const low = random.shuffle(lowCandidates).slice(0, 3);

  const inventory = used.map((ingredient): InventoryPlan => {
    const itemRandom = new SeededRandom(`inventory:${venue.slug}:${ingredient.name}`);
    const unit: InventoryUnit = isInventoryUnit(ingredient.unit) ? ingredient.unit : 'piece';
    const unitVolumeMl = unit === 'ml' ? 1 : unit === 'piece' ? null : ingredient.unit_volume_ml ?? (unit === 'can' ? 330 : 750);
    const profile = stockProfile(ingredient, unit);
    const steps = Math.floor((profile.range[1] - profile.range[0]) / profile.step);
    const comfortable = profile.range[0] + itemRandom.int(0, steps) * profile.step;
    const pouredFraction = profile.fractional ? itemRandom.pick([0, 0, 0.25, 0.5, 0.75]) : 0;
    const lowShare = 0.3 + itemRandom.next() * 0.6;
    const costPerUnitCents = itemRandom.int(profile.cost[0], profile.cost[1]);
    const neverMoved = itemRandom.chance(0.3);
    const lastMovementAgo = itemRandom.int(1, 21) * DAY + itemRandom.int(0, 600) * MINUTE;

    const quantity = outOfStock.includes(ingredient) ? 0
      : low.includes(ingredient) ? lowQuantity(profile, unit, lowShare)
      : comfortable + pouredFraction;
    return {
      id: stableId(`inventory:${venue.slug}:${ingredient.name}`),
      ingredient,
      unit,
      unitVolumeMl,
      quantity,
      lowStockThreshold: profile.threshold,
      costPerUnitCents,
      brand: INGREDIENT_BRANDS[ingredient.name] ?? null,
      // Out-of-stock items ran dry at some point, so they always have a movement date.
      lastMovementAt: neverMoved && quantity > 0 ? null : now - lastMovementAgo,
      receiveDelta: profile.receive,
    };
  });

  for (const ingredient of outOfStock) {
    for (const drink of drinksRequiring(ingredient.name)) drink.soldOutReason = soldOutReasonFor([ingredient.name]);
  }
  return inventory;
}

// ---------------------------------------------------------------------------------------------
// Orders and AI interactions

interface OrderBuild {
  orders: SqlRow[];
  items: SqlRow[];
  events: SqlRow[];
  interactions: SqlRow[];
  /** One fresh guest per live order: the one-active-order rule allows one per guest and venue. */
  liveSessions: GuestSession[];
  /** First and latest order per guest session (for the guest_sessions rows). */
  sessionActivity: Map<string, { first: number; last: number; venueSlug: string }>;
}

type OrderKind = 'live' | 'latest' | 'history';

interface OrderSpec {
  kind: OrderKind;
  index: number;
  liveStatus?: LiveOrderStatus;
}

function localMidnight(now: number, venue: DemoVenue): number {
  const offset = venue.utcOffsetHours * HOUR;
  return Math.floor((now + offset) / DAY) * DAY - offset;
}

/** Weights for "how many days ago" (1…29): weekends busier, recent weeks a little busier. */
function historyDayWeights(now: number, venue: DemoVenue): [number, number][] {
  const midnight = localMidnight(now, venue);
  const weights: [number, number][] = [];
  for (let daysAgo = 1; daysAgo < HISTORY_DAYS; daysAgo++) {
    const weekday = new Date(midnight - daysAgo * DAY + venue.utcOffsetHours * HOUR + HOUR).getUTCDay();
    const trend = 1 + (0.25 * (HISTORY_DAYS - 1 - daysAgo)) / (HISTORY_DAYS - 2);
    weights.push([daysAgo, WEEKDAY_WEIGHTS[weekday]! * trend]);
  }
  return weights;
}

/** A past evening moment; anything that would land in the last two hours moves back a day, so history stays history. */
function pastEvening(now: number, venue: DemoVenue, daysAgo: number, hour: number, offsetMs: number): number {
  let at = localMidnight(now, venue) - daysAgo * DAY + hour * HOUR + offsetMs;
  while (at > now - 2 * HOUR) at -= DAY;
  return at;
}

const vibeWords = (tags: readonly string[], vocabulary: readonly string[]) => tags.filter((tag) => vocabulary.includes(tag));
/** How a guest would type a flavour tag in a chat message. */
const CHAT_FLAVOR_WORDS: Record<string, string> = { Citrus: 'citrusy', Berry: 'fruity' };

/** What the guest asked, phrased from the drink the engine went on to suggest. */
function composeQuery(random: SeededRandom, tags: readonly string[], base: string | null, zeroProof: boolean) {
  const asVibe = random.chance(0.55);
  const template = random.pick(zeroProof ? ZERO_PROOF_QUERIES : CHAT_QUERY_TEMPLATES);
  const fallbackTemplate = random.pick(CHAT_QUERY_TEMPLATES.filter((t) => !t.includes('{base}')));
  const spirits = base && (VIBE_OPTIONS.spirits as readonly string[]).includes(base) ? [base] : [];
  const flavors = vibeWords(tags, VIBE_OPTIONS.flavors);
  const styles = vibeWords(tags, VIBE_OPTIONS.styles);
  const picks = [...spirits, ...flavors, ...styles].slice(0, 3);
  if (asVibe && picks.length >= 2 && !zeroProof) {
    return { kind: 'vibe' as const, query: picks.join(', '), context: { selectedCategories: picks, preferenceCount: picks.length } };
  }
  const chosen = template.includes('{base}') && !base ? fallbackTemplate : template;
  const query = chosen
    .replace('{flavor}', flavors[0] ? CHAT_FLAVOR_WORDS[flavors[0]] ?? flavors[0].toLowerCase() : 'crisp')
    .replace('{style}', (styles[0] ?? 'easy-going').toLowerCase())
    .replace('{base}', (base ?? 'gin').toLowerCase());
  return { kind: 'chat' as const, query, context: { messages: 1 } };
}

function buildOrders(plans: VenuePlan[], regulars: readonly GuestSession[], now: number): OrderBuild {
  const build: OrderBuild = { orders: [], items: [], events: [], interactions: [], liveSessions: [], sessionActivity: new Map() };
  const noteActivity = (session: GuestSession, at: number, venueSlug: string) => {
    const seen = build.sessionActivity.get(session.id);
    if (!seen) build.sessionActivity.set(session.id, { first: at, last: at, venueSlug });
    else {
      if (at < seen.first) Object.assign(seen, { first: at, venueSlug });
      seen.last = Math.max(seen.last, at);
    }
  };

  for (const plan of plans) {
    const { venue } = plan;
    if (!venue.menu) continue;
    const everything = plan.menu;
    const orderable = plan.menu.filter(isOrderable);
    const dayWeights = historyDayWeights(now, venue);
    const liveSessions = venue.liveOrders.map((_, i): GuestSession => ({
      id: stableId(`guest_session:live:${venue.slug}:${i}`),
      name: new SeededRandom(`guest_session:live:${venue.slug}:${i}`).pick(GUEST_FIRST_NAMES),
    }));
    build.liveSessions.push(...liveSessions);

    const specs: OrderSpec[] = [
      ...venue.liveOrders.map((liveStatus, index): OrderSpec => ({ kind: 'live', index, liveStatus })),
      ...Array.from({ length: LATEST_SERVICE_ORDERS_PER_VENUE }, (_, index): OrderSpec => ({ kind: 'latest', index })),
      ...Array.from({ length: venue.orderCount - venue.liveOrders.length - LATEST_SERVICE_ORDERS_PER_VENUE }, (_, index): OrderSpec => ({ kind: 'history', index })),
    ];

    for (const spec of specs) {
      const key = `${venue.slug}:${spec.kind}-${spec.index}`;
      const random = new SeededRandom(`order:${key}`);
      const orderId = stableId(`order:${key}`);
      const isLive = spec.kind === 'live';
      // Live orders only offer what can be poured right now; history may include drinks since switched off.
      const candidates = isLive ? orderable : everything;

      // --- who and how
      const session = isLive ? liveSessions[spec.index]! : random.pick(regulars);
      const ownerKey = `s:${session.id}`;
      const channel = random.weighted([['app', 75], ['quick', 12], ['qr', 13]] as const);
      const tableNumber = String(random.int(1, 24));
      const showsName = random.chance(0.7);
      const specialInstructions = random.chance(0.05) ? random.pick(SPECIAL_INSTRUCTIONS) : null;

      // --- what
      const aiReferred = random.chance(0.15);
      const wantsCreation = random.chance(0.35);
      const creation = aiReferred && wantsCreation && plan.creations.length > 0 ? random.pick(plan.creations) : null;
      const customName = creation && random.chance(0.4)
        ? (session.name ? `${session.name}'s ${random.pick(['Nightcap', 'Special', 'Sunset', 'Pick-me-up'])}` : random.pick(CUSTOM_CREATION_NAMES))
        : null;
      const drawnCount = random.weighted([[1, 60], [2, 30], [3, 10]] as const);
      const itemCount = channel === 'quick' ? 1 : drawnCount;
      const menuItemCount = creation ? itemCount - 1 : itemCount;
      const pickedDrinks: MenuDrinkPlan[] = [];
      for (let i = 0; i < menuItemCount; i++) {
        // The AI's suggestion is always something the bar can pour.
        const pool = (aiReferred && !creation && i === 0 ? orderable : candidates).filter((drink) => !pickedDrinks.includes(drink));
        pickedDrinks.push(random.weighted(pool.map((drink) => [drink, drink.popularity * (drink.featured ? 2.5 : 1)] as const)));
      }
      const lineDetails = Array.from({ length: itemCount }, () => ({
        quantity: random.weighted([[1, 75], [2, 20], [3, 5]] as const),
        notes: random.chance(0.12) ? random.pick(ORDER_ITEM_NOTES) : null,
      }));
      const suggestedDrink = aiReferred && !creation ? pickedDrinks[0]! : null;

      // --- outcome
      const cancelled = !isLive && random.chance(0.05);
      const refunded = random.chance(0.03);
      const cancelledByStaff = random.chance(0.6);
      const etaMinutes = spec.liveStatus === 'pending' ? random.int(10, 15) : spec.liveStatus === 'preparing' ? random.int(4, 8) : 0;

      // --- when (drawn last; only these depend on `now`)
      const daysAgo = random.weighted(dayWeights);
      const hour = random.weighted(EVENING_HOUR_WEIGHTS);
      const withinHourMs = random.int(0, HOUR - 1);
      const liveMinutesAgo = random.int(3, 45);
      const secondsToPreparing = random.int(60, 240);
      const secondsToReady = random.int(180, 600);
      const secondsToDelivered = random.int(60, 480);
      const secondsToCancel = random.int(120, 600);
      const secondsChatting = random.int(60, 360);
      const aiQuery = composeQuery(random, creation ? creation.tags : suggestedDrink?.source.tags ?? [], suggestedDrink?.source.base ?? null,
        suggestedDrink ? ['mocktail', 'non_alcoholic'].includes(suggestedDrink.category) : false);
      const feedback = random.weighted([['like', 75], ['dislike', 5], [null, 20]] as const);
      const latencyMs = random.int(35, 420);

      const createdAt = spec.kind === 'history'
        ? pastEvening(now, venue, daysAgo, hour, withinHourMs)
        : spec.kind === 'latest' ? pastEvening(now, venue, 0, hour, withinHourMs)
        : now - liveMinutesAgo * MINUTE - (withinHourMs % MINUTE);
      noteActivity(session, createdAt, venue.slug);

      // --- status path
      const staffActor = plan.staffUserId ?? plan.adminUserId;
      const events: { from: string | null; to: string; at: number; actor: 'guest' | 'staff' }[] = [{ from: null, to: 'pending', at: createdAt, actor: 'guest' }];
      let status: string;
      let deliveredAt: number | null = null;
      if (isLive) {
        status = spec.liveStatus!;
        const elapsed = now - createdAt;
        if (status !== 'pending') events.push({ from: 'pending', to: 'preparing', at: createdAt + Math.round(elapsed * 0.3), actor: 'staff' });
        if (status === 'ready') events.push({ from: 'preparing', to: 'ready', at: createdAt + Math.round(elapsed * 0.7), actor: 'staff' });
      } else if (cancelled) {
        status = 'cancelled';
        events.push({ from: 'pending', to: 'cancelled', at: createdAt + secondsToCancel * 1000, actor: cancelledByStaff ? 'staff' : 'guest' });
      } else {
        status = 'delivered';
        const preparingAt = createdAt + secondsToPreparing * 1000;
        const readyAt = preparingAt + secondsToReady * 1000;
        deliveredAt = readyAt + secondsToDelivered * 1000;
        events.push(
          { from: 'pending', to: 'preparing', at: preparingAt, actor: 'staff' },
          { from: 'preparing', to: 'ready', at: readyAt, actor: 'staff' },
          { from: 'ready', to: 'delivered', at: deliveredAt, actor: 'staff' },
        );
      }
      // As shared/orders transitionOrder does: unpaid until delivered (captured) or cancelled (void); a few refunded later.
      const paymentStatus = isLive ? 'unpaid' : status === 'cancelled' ? 'void' : refunded ? 'refunded' : 'captured';

      // --- items
      const itemRows: SqlRow[] = [];
      if (creation) {
        const detail = lineDetails[0]!;
        itemRows.push({
          order_id: orderId, menu_drink_id: null,
          name: customName ?? creation.name, description: creation.description,
          image_url: drinkArtUrl({ glass: creation.glass, category: 'cocktail', method: null, recipe: [...creation.recipe] }),
          unit_price_cents: AI_CREATION_PRICE_CENTS, quantity: 1, line_total_cents: AI_CREATION_PRICE_CENTS,
          notes: detail.notes, modifiers: null, is_ai_creation: true, ai_recipe_name: creation.name,
          recipe: creation.recipe.map(({ ingredient, quantity, unit }) => ({ ingredient, quantity, unit })),
          ...creationFacts(creation.recipe), position: 0,
        });
      }
      pickedDrinks.forEach((drink, i) => {
        const position = itemRows.length;
        const detail = lineDetails[position]!;
        itemRows.push({
          order_id: orderId, menu_drink_id: drink.id,
          name: drink.name, description: drink.description, image_url: drink.imageUrl,
          unit_price_cents: drink.priceCents, quantity: detail.quantity, line_total_cents: drink.priceCents * detail.quantity,
          notes: detail.notes, modifiers: null, is_ai_creation: false, ai_recipe_name: aiReferred && i === 0 ? drink.name : null,
          recipe: null, ...(({ allergens, containsAlcohol }) => ({ allergens, contains_alcohol: containsAlcohol }))(seedDrinkFacts(drink)), position,
        });
      });
      const subtotalCents = itemRows.reduce((sum, row) => sum + (row.line_total_cents as number), 0);
      const taxCents = Math.round((subtotalCents * DEFAULT_TAX_RATE_BP) / 10_000);

      // --- the AI conversation that led here
      const interactionId = aiReferred ? stableId(`ai_interaction:${orderId}`) : null;
      if (interactionId) {
        const previewName = creation ? creation.name : suggestedDrink!.name;
        build.interactions.push({
          id: interactionId, restaurant_id: plan.id, owner_key: ownerKey, kind: aiQuery.kind, query: aiQuery.query,
          context: aiQuery.context, backend: 'local', model: AI_MODEL,
          suggestion: creation
            ? { previewName, type: 'creation', recipe: creation.recipe.map(({ ingredient, quantity, unit }) => ({ ingredient, quantity, unit })) }
            : { previewName, type: 'menu', menuDrinkId: suggestedDrink!.id },
          selected_drink_name: previewName, menu_drink_id: suggestedDrink?.id ?? null, was_ordered: true, order_id: orderId,
          feedback, latency_ms: latencyMs, created_at: iso(createdAt - secondsChatting * 1000),
        });
      }

      const lastEventAt = events[events.length - 1]!.at;
      build.orders.push({
        id: orderId, restaurant_id: plan.id, owner_key: ownerKey, guest_session_id: session.id, guest_id: null, user_id: null,
        display_name: channel === 'qr' ? `Table ${tableNumber}` : showsName ? session.name : null,
        customer_name: session.name, customer_phone: null,
        status, payment_status: paymentStatus,
        subtotal_cents: subtotalCents, tax_cents: taxCents, total_cents: subtotalCents + taxCents, tax_rate_bp: DEFAULT_TAX_RATE_BP,
        special_instructions: specialInstructions, sales_channel: channel, table_number: channel === 'qr' ? tableNumber : null,
        referred_by_ai: aiReferred, ai_recipe_name: creation?.name ?? suggestedDrink?.name ?? null, custom_name: customName,
        ai_interaction_id: interactionId, eta_minutes: isLive ? etaMinutes : null,
        drink_count: itemRows.reduce((sum, row) => sum + (row.quantity as number), 0),
        stock_deducted_at: status === 'delivered' ? iso(createdAt) : null,
        delivered_at: deliveredAt === null ? null : iso(deliveredAt),
        created_at: iso(createdAt), updated_at: iso(lastEventAt),
      });
      build.items.push(...itemRows);
      events.forEach((event) => build.events.push({
        order_id: orderId, from_status: event.from, to_status: event.to, actor_type: event.actor,
        actor_id: event.actor === 'staff' ? staffActor : ownerKey, created_at: iso(event.at),
      }));
    }

    // Conversations that did not end in an order.
    for (let i = 0; i < BROWSE_INTERACTIONS_PER_VENUE; i++) {
      const key = `${venue.slug}:browse-${i}`;
      const random = new SeededRandom(`ai_interaction:${key}`);
      const session = random.pick(regulars);
      const drink = random.weighted(orderable.map((d) => [d, d.popularity] as const));
      const query = composeQuery(random, drink.source.tags, drink.source.base, ['mocktail', 'non_alcoholic'].includes(drink.category));
      const feedback = random.weighted([['like', 55], ['dislike', 15], [null, 30]] as const);
      const latencyMs = random.int(35, 420);
      const daysAgo = random.weighted(dayWeights);
      const hour = random.weighted(EVENING_HOUR_WEIGHTS);
      const withinHourMs = random.int(0, HOUR - 1);
      build.interactions.push({
        id: stableId(`ai_interaction:${key}`), restaurant_id: plan.id, owner_key: `s:${session.id}`, kind: query.kind, query: query.query,
        context: query.context, backend: 'local', model: AI_MODEL,
        suggestion: { previewName: drink.name, type: 'menu', menuDrinkId: drink.id },
        selected_drink_name: drink.name, menu_drink_id: drink.id, was_ordered: false, order_id: null,
        feedback, latency_ms: latencyMs, created_at: iso(pastEvening(now, venue, daysAgo, hour, withinHourMs)),
      });
    }
  }
  return build;
}

// ---------------------------------------------------------------------------------------------
// Assembly

/** Ids must be unique per table: a clash would silently drop a row under INSERT OR IGNORE. */
function assertUniqueIds(table: string, rows: readonly SqlRow[]) {
  const seen = new Set<unknown>();
  for (const row of rows) {
    if (seen.has(row.id)) throw new Error(`Seed: duplicate id ${String(row.id)} in ${table}`);
    seen.add(row.id);
  }
}

function assertMenuCoversEveryCategory(venue: DemoVenue, menu: MenuDrinkPlan[]) {
  const missing = CATEGORY_DISPLAY_ORDER.filter((category) => !menu.some((drink) => drink.category === category));
  if (missing.length > 0) throw new Error(`Seed: ${venue.slug} menu lacks ${missing.join(', ')}`);
}

/** Rows of one table with the union of their columns in one order (a table round's rows have more of them). */
function sameColumns(rows: readonly SqlRow[]): SqlRow[] {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column] ?? null])));
}

/** Where each demo venue's data goes: the single-shard default puts every venue on the control database. */
export type SeedPlacement = (slug: string, index: number) => ShardBinding;

/** Every demo venue on the control database (docs/decisions/150, the single-shard default): the worker tests' seed. */
export const ALL_ON_CONTROL: SeedPlacement = () => DEFAULT_VENUE_SHARD;

/**
 * The demo venues spread over the venue shards in turn (artisan-bar on DB_SHARD_0, rooftop-lounge on
 * DB_SHARD_1, ...), as a deployment with VENUE_SHARDS set places new venues: what `npm start`, the e2e
 * and bench servers and staging get (docs/decisions/150).
 */
export const SPREAD_OVER_SHARDS: SeedPlacement = (_slug, index) => VENUE_SHARD_BINDINGS[index % VENUE_SHARD_BINDINGS.length]!;

/** Tables of platform data: the control database only. */
const CONTROL_TABLES = new Set(['venue_directory', 'users', 'guest_sessions', 'ai_global_prompt', 'flavor_rules', 'platform_settings']);
/** The ingredient catalogue: a copy on every database, since menu and stock queries join it on each shard. */
const EVERY_DATABASE_TABLES = new Set(['ingredients']);
/** Tables whose id is the row's number, not a random text (docs/decisions/152). */
const ROW_NUMBERED_TABLES = new Set(['order_items', 'order_events', 'stock_movements']);

/** The demo data for one database holding everything (the worker tests' control database). */
export async function buildSeedStatements(options: { now: Date }): Promise<string[]> {
  return (await buildSeedStatementsByDatabase({ now: options.now, placement: ALL_ON_CONTROL })).get(DEFAULT_VENUE_SHARD)!;
}

/**
 * The demo data split by database: platform tables to the control database, each venue's rows to its shard,
 * the catalogue to every database, and a copy of each venue row in the control database (the platform record
 * accounts point to). Every declared database gets an entry, empty or not.
 */
export async function buildSeedStatementsByDatabase(options: { now: Date; placement: SeedPlacement }): Promise<Map<ShardBinding, string[]>> {
  const now = options.now.getTime();
  const shardBySlug = new Map(DEMO_VENUES.map((venue, i) => [venue.slug, options.placement(venue.slug, i)]));
  const venueIdBySlug = new Map(DEMO_VENUES.map((venue) => [venue.slug, stableId(`venue:${venue.slug}`)]));
  const userIdByEmail = new Map(DEMO_ACCOUNTS.map((account) => [account.email, stableId(`user:${account.email}`)]));
  const userOf = (slug: string, role: 'admin' | 'staff') => {
    const account = DEMO_ACCOUNTS.find((a) => a.venueSlug === slug && a.role === role);
    return account ? userIdByEmail.get(account.email)! : null;
  };

  const plans: VenuePlan[] = DEMO_VENUES.map((venue) => {
    const menu = venue.menu ? planMenu(venue, venue.menu) : [];
    const inventory = venue.menu ? planInventory(venue, menu, now) : [];
    if (venue.menu) assertMenuCoversEveryCategory(venue, menu);
    const inStock = new Set(inventory.filter((item) => item.quantity > 0).map((item) => item.ingredient.name));
    return {
      venue,
      id: venueIdBySlug.get(venue.slug)!,
      createdAt: now - venue.createdDaysAgo * DAY,
      menu,
      inventory,
      adminUserId: userOf(venue.slug, 'admin'),
      staffUserId: userOf(venue.slug, 'staff'),
      creations: DEMO_CREATIONS.filter((creation) => creation.recipe.every((line) => inStock.has(requireIngredient(line.ingredient).name))),
    };
  });

  const sessionRandom = new SeededRandom('guest-sessions');
  const regulars: GuestSession[] = Array.from({ length: GUEST_SESSION_COUNT }, (_, n) => ({
    id: stableId(`guest_session:${n}`),
    name: sessionRandom.chance(0.75) ? sessionRandom.pick(GUEST_FIRST_NAMES) : null,
  }));
  const orderBuild = buildOrders(plans, regulars, now);
  const tableSeed = buildTableSeed(plans.map((plan) => ({
    id: plan.id, slug: plan.venue.slug, createdAt: plan.createdAt,
    orderable: plan.menu.filter(isOrderable).map((drink) => {
      const facts = seedDrinkFacts(drink);
      return { id: drink.id, name: drink.name, description: drink.description, priceCents: drink.priceCents, imageUrl: drink.imageUrl, allergens: facts.allergens, containsAlcohol: facts.containsAlcohol };
    }),
  })), now, (venueId) => { const plan = plans.find((p) => p.id === venueId); return plan?.staffUserId ?? plan?.adminUserId ?? null; });
  // The tab's rounds are orders like any other; its members' devices are guest sessions.
  orderBuild.orders.push(...tableSeed.orders);
  orderBuild.items.push(...tableSeed.items);
  orderBuild.events.push(...tableSeed.events);
  const tableDevices = tableSeed.deviceSessions.map((device) => ({ id: device.id, guest_id: null, first_venue_slug: device.venueSlug, created_at: iso(device.at - 5 * MINUTE), last_seen_at: iso(now) }));

  // Salted hashes differ run to run; INSERT OR IGNORE keeps whichever was stored first.
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  const catalogueCreatedAt = iso(now - 200 * DAY);

  const tables: [string, SqlRow[]][] = [
    ['venues', plans.map(({ venue, id, createdAt }) => ({
      id, slug: venue.slug, name: venue.name, description: venue.description, address: venue.address, phone: venue.phone,
      // Typographic art in the venue's own colours until the owner uploads photos (docs/decisions/185).
      image_url: venueArtUrl('cover', { name: venue.name, ...venue.theme }), logo_url: venueArtUrl('logo', { name: venue.name, ...venue.theme }), cover_image_url: null,
      theme_primary: venue.theme.primary, theme_secondary: venue.theme.secondary,
      theme_background: venue.theme.background, theme_text: venue.theme.text,
      opening_hours: venue.openingHours, timezone: venue.timezone, active: venue.active, tax_rate_bp: DEFAULT_TAX_RATE_BP,
      category_order: CATEGORY_DISPLAY_ORDER, default_language: 'en', created_at: iso(createdAt), updated_at: iso(createdAt),
      // The Artisan Bar's description in Spanish, like its menu (docs/decisions/265).
      text_translations: venue.slug === 'artisan-bar' ? { es: ARTISAN_VENUE_SPANISH } : {},
      // The pay-first demo venue's account is complete at the stand-in, so Stripe lets it charge (docs/decisions/244).
      stripe_account_id: venue.payFirstAccount ?? null, stripe_charges_enabled: Boolean(venue.payFirstAccount),
      stripe_payouts_enabled: Boolean(venue.payFirstAccount), pay_first: Boolean(venue.payFirstAccount),
    }))],
    ['venue_directory', plans.map(({ venue, id, createdAt }) => ({ venue_id: id, slug: venue.slug, shard: shardBySlug.get(venue.slug)!, created_at: iso(createdAt) }))],
    ['users', DEMO_ACCOUNTS.map((account, i) => ({
      id: userIdByEmail.get(account.email)!, email: account.email, password_hash: passwordHashes[i]!, display_name: account.displayName,
      phone_number: null, role: account.role, restaurant_id: account.venueSlug ? venueIdBySlug.get(account.venueSlug)! : null,
      claims_version: 1, disabled_at: null, created_at: iso(now - (90 - i) * DAY), updated_at: iso(now - (90 - i) * DAY),
    }))],
    ['ingredients', REFERENCE_INGREDIENTS.map((ingredient) => ({
      id: stableId(`ingredient:${ingredient.name}`), name: ingredient.name, category: ingredient.category,
      base_spirit: ingredient.base_spirit, flavors: ingredient.flavors, allergens: ingredient.allergens, aliases: CATALOGUE_ALIASES[ingredient.name] ?? [],
      unit: ingredient.unit, unit_volume_ml: ingredient.unit_volume_ml, created_at: catalogueCreatedAt, updated_at: catalogueCreatedAt,
    }))],
    ['menu_drinks', plans.flatMap((plan) => plan.menu.map((drink) => {
      const createdAt = iso(plan.createdAt + DAY + drink.displayOrder * MINUTE);
      const facts = seedDrinkFacts(drink);
      return {
        id: drink.id, restaurant_id: plan.id, name: drink.name, description: drink.description, price_cents: drink.priceCents,
        category: drink.category, image_url: drink.imageUrl, tags: drink.source.tags, allergens: facts.allergens,
        extra_allergens: facts.extraAllergens, contains_alcohol: facts.containsAlcohol,
        ingredients_notes: drink.lines.map((line) => line.rawName).join(', '), base_spirit: drink.source.base,
        sweetness: drink.source.sweetness, strength: drink.source.strength, method: drink.source.method, glass: drink.source.glass,
        featured: drink.featured, display_order: drink.displayOrder, is_available: drink.isAvailable, sold_out_reason: drink.soldOutReason,
        modifier_groups: drink.modifierGroups, created_at: createdAt, updated_at: createdAt,
      };
    }))],
    // The Artisan Bar's Spanish menu, approved (docs/decisions/217); the other demo venues have none.
    ['menu_drink_translations', plans.flatMap((plan) => (plan.venue.slug === 'artisan-bar' ? plan.menu : []).flatMap((drink) => {
      const spanish = ARTISAN_SPANISH[drink.name];
      const at = iso(plan.createdAt + 2 * DAY + drink.displayOrder * MINUTE);
      return spanish ? [{
        menu_drink_id: drink.id, language: 'es', restaurant_id: plan.id, name: spanish.name, description: spanish.description,
        status: 'approved', source: 'admin', created_at: at, updated_at: at,
      }] : [];
    }))],
    ['drink_ingredients', plans.flatMap((plan) => plan.menu.flatMap((drink) => drink.lines.map((line) => ({
      id: line.id, menu_drink_id: drink.id, ingredient_id: line.matched ? line.ingredientId : null, raw_name: line.rawName,
      quantity: line.line.quantity, unit: line.line.unit, is_optional: line.line.optional === true, position: line.position,
    }))))],
    ['unmatched_ingredients', plans.flatMap((plan) => plan.menu.flatMap((drink) => drink.lines.filter((line) => !line.matched).map((line) => ({
      id: stableId(`unmatched:${plan.venue.slug}:${drink.name}:${line.position}`), raw_string: line.rawName,
      norm_string: line.rawName.trim().toLowerCase().replace(/\s+/g, ' '), restaurant_id: plan.id, menu_drink_id: drink.id,
      drink_ingredient_id: line.id, resolved_at: null, resolved_ingredient_id: null,
      created_at: iso(plan.createdAt + DAY + drink.displayOrder * MINUTE),
    }))))],
    ['inventory_items', plans.flatMap((plan) => plan.inventory.map((item) => ({
      id: item.id, restaurant_id: plan.id, ingredient_id: stableId(`ingredient:${item.ingredient.name}`), name: item.ingredient.name,
      description: '', brand: item.brand, category: item.ingredient.category, quantity: item.quantity, unit: item.unit,
      unit_volume_ml: item.unitVolumeMl, low_stock_threshold: item.lowStockThreshold, cost_per_unit_cents: item.costPerUnitCents,
      available: true, last_movement_at: item.lastMovementAt === null ? null : iso(item.lastMovementAt), deleted_at: null,
      created_at: iso(plan.createdAt + DAY), updated_at: iso(item.lastMovementAt ?? plan.createdAt + DAY),
    })))],
    ['stock_movements', plans.flatMap((plan) => {
      // The two most recent deliveries among well-stocked items.
      const received = plan.inventory
        .filter((item) => item.lastMovementAt !== null && item.quantity >= item.receiveDelta)
        .sort((a, b) => b.lastMovementAt! - a.lastMovementAt! || a.ingredient.name.localeCompare(b.ingredient.name))
        .slice(0, 2);
      return received.map((item) => ({
        inventory_item_id: item.id, type: 'receive', delta: item.receiveDelta,
        delta_ml: item.unitVolumeMl === null ? null : item.receiveDelta * item.unitVolumeMl,
        reason: 'Stock received', order_id: null, actor_user_id: plan.adminUserId, created_at: iso(item.lastMovementAt!),
      }));
    })],
    ['guest_sessions', [...regulars, ...orderBuild.liveSessions].filter((session) => orderBuild.sessionActivity.has(session.id)).map((session) => {
      const activity = orderBuild.sessionActivity.get(session.id)!;
      return { id: session.id, guest_id: null, first_venue_slug: activity.venueSlug, created_at: iso(activity.first - 5 * MINUTE), last_seen_at: iso(activity.last) };
    }).concat(tableDevices)],
    ['orders', sameColumns(orderBuild.orders)],
    ['order_items', sameColumns(orderBuild.items)],
    ['order_events', sameColumns(orderBuild.events)],
    ['ai_settings', plans.map((plan) => ({
      restaurant_id: plan.id, temperature: 0.7, max_tokens: 600, creativity_level: 'balanced', updated_at: iso(plan.createdAt),
    }))],
    ['ai_global_prompt', [{
      id: 1, system_prompt: AI_GLOBAL_PROMPT.systemPrompt, garnish_suggestions: AI_GLOBAL_PROMPT.garnishSuggestions,
      notes: AI_GLOBAL_PROMPT.notes, updated_at: catalogueCreatedAt,
    }]],
    ['flavor_rules', DEMO_FLAVOR_RULES.map((rule) => ({
      id: stableId(`flavor_rule:${rule.ruleName}`), rule_name: rule.ruleName, base_profile: rule.baseProfile,
      adjustment_logic: rule.adjustmentLogic, garnish_suggestions: rule.garnishSuggestions, notes: rule.notes,
      created_at: catalogueCreatedAt, updated_at: catalogueCreatedAt,
    }))],
    ['ai_interactions', orderBuild.interactions],
    ['platform_settings', [{ key: 'error_log_retention_days', value: JSON.stringify(30), updated_at: catalogueCreatedAt }]],
    ['venue_tables', tableSeed.venueTables],
    ['table_sessions', tableSeed.sessions],
    ['table_members', tableSeed.members],
    ['table_cart_lines', tableSeed.cartLines],
  ];

  const shardOfVenue = new Map(plans.map((plan) => [plan.id, shardBySlug.get(plan.venue.slug)!]));
  const shardOfDrink = new Map(plans.flatMap((plan) => plan.menu.map((drink) => [drink.id, shardOfVenue.get(plan.id)!] as const)));
  const shardOfOrder = new Map(orderBuild.orders.map((order) => [order.id as string, shardOfVenue.get(order.restaurant_id as string)!]));
  const shardOfItem = new Map(plans.flatMap((plan) => plan.inventory.map((item) => [item.id, shardOfVenue.get(plan.id)!] as const)));
  const shardOfTableSession = new Map(tableSeed.sessions.map((session) => [session.id as string, shardOfVenue.get(session.restaurant_id as string)!]));
  /** The databases a row goes to; venue rows also to the control database. */
  const databasesOf = (table: string, row: SqlRow): ShardBinding[] => {
    if (CONTROL_TABLES.has(table)) return [DEFAULT_VENUE_SHARD];
    if (EVERY_DATABASE_TABLES.has(table)) return [...ALL_D1_BINDINGS];
    if (table === 'venues') return [...new Set([DEFAULT_VENUE_SHARD, shardOfVenue.get(row.id as string)!])];
    if (table === 'drink_ingredients') return [shardOfDrink.get(row.menu_drink_id as string)!];
    if (table === 'order_items' || table === 'order_events') return [shardOfOrder.get(row.order_id as string)!];
    if (table === 'stock_movements') return [shardOfItem.get(row.inventory_item_id as string)!];
    if (table === 'table_members' || table === 'table_cart_lines') return [shardOfTableSession.get(row.session_id as string)!];
    const shard = shardOfVenue.get(row.restaurant_id as string);
    if (!shard) throw new Error(`seed: no database for a ${table} row`);
    return [shard];
  };

  const statements = new Map<ShardBinding, string[]>(ALL_D1_BINDINGS.map((binding) => [binding, []]));
  for (const [table, rows] of tables) {
    if (rows[0] && 'id' in rows[0]) assertUniqueIds(table, rows);
    const byDatabase = new Map<ShardBinding, SqlRow[]>();
    for (const row of rows) {
      for (const binding of databasesOf(table, row)) {
        const placed = byDatabase.get(binding);
        if (placed) placed.push(row);
        else byDatabase.set(binding, [row]);
      }
    }
    for (const [binding, placed] of byDatabase) {
      // A row-numbered table's ids are 1, 2, … per database in the seed's own order: a second run still inserts nothing.
      const rowsOf = ROW_NUMBERED_TABLES.has(table) ? placed.map((row, i) => ({ id: i + 1, ...row })) : placed;
      statements.get(binding)!.push(...insertStatements(table, rowsOf));
    }
  }
  return statements;
}
