// Hand-written demo content: venues, accounts, brands, AI prompt and rules, guest names.
// build-seed.ts turns this (plus drinks.json) into rows.
import type { StaffRole } from '../../../shared/constants';
import type { RecipeLine, ReferenceDrinkCategory } from './reference-data';

export const DEMO_PASSWORD = 'barhop-demo';

export interface DemoAccount {
  email: string;
  role: StaffRole;
  /** The venue the account belongs to; null for the super admin. */
  venueSlug: string | null;
  displayName: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'superadmin@barhop.dev', role: 'superadmin', venueSlug: null, displayName: 'Sasha Grant' },
  { email: 'admin@barhop.dev', role: 'admin', venueSlug: 'artisan-bar', displayName: 'Alex Rivera' },
  { email: 'staff@barhop.dev', role: 'staff', venueSlug: 'artisan-bar', displayName: 'Jamie Chen' },
  { email: 'admin2@barhop.dev', role: 'admin', venueSlug: 'rooftop-lounge', displayName: 'Morgan Lee' },
  { email: 'staff2@barhop.dev', role: 'staff', venueSlug: 'rooftop-lounge', displayName: 'Riley Park' },
];

export type LiveOrderStatus = 'pending' | 'preparing' | 'ready';

export interface MenuProfile {
  /** How many reference cocktails go on the menu (some are relabelled house_classic / menu_cocktail / other). */
  cocktails: number;
  /** How many drinks of each other reference category. */
  counts: Record<Exclude<ReferenceDrinkCategory, 'cocktail'>, number>;
  /** Tags and base spirits the venue leans towards: favoured drinks are likelier to be picked. */
  favoured: readonly string[];
}

/** A recipe line in the venue's own words: it matches no canonical ingredient unless the catalogue knows it as an alias. */
export interface MessyIngredientName {
  canonical: string;
  raw: string;
}

export interface DemoVenue {
  slug: string;
  name: string;
  description: string;
  address: string;
  phone: string;
  openingHours: string;
  timezone: string;
  /** Standard-time UTC offset; only shapes the evening peak of the demo history (DST ignored). */
  utcOffsetHours: number;
  theme: { primary: string; secondary: string; background: string; text: string };
  active: boolean;
  createdDaysAgo: number;
  /** Null for the inactive venue: it has no menu, stock or orders. */
  menu: MenuProfile | null;
  /** Orders over the last 30 days, including the live ones. */
  orderCount: number;
  /** Orders still on the board right now, one per guest (one-active-order rule). */
  liveOrders: readonly LiveOrderStatus[];
  messyIngredientNames: readonly MessyIngredientName[];
  /**
   * Takes cards on this connected account, paid first (docs/decisions/241): the local stand-in for Stripe
   * (worker/payments/local-stripe.ts) treats it as connected, so `npm start` shows the pay-first checkout.
   */
  payFirstAccount?: string;
}

export const DEMO_VENUES: readonly DemoVenue[] = [
  {
    slug: 'artisan-bar',
    name: 'The Artisan Bar',
    description: 'Hand-cut ice, house-made syrups and a back bar of small-batch spirits: stirred classics and seasonal creations in a candle-lit West Village room.',
    address: '418 Hudson St, New York, NY 10014',
    phone: '(212) 555-0142',
    openingHours: 'Mon–Thu 4pm–12am, Fri–Sat 4pm–2am, Sun 2pm–10pm',
    timezone: 'America/New_York',
    utcOffsetHours: -5,
    theme: { primary: '#b45309', secondary: '#78350f', background: '#fdf8f0', text: '#292018' },
    active: true,
    createdDaysAgo: 180,
    menu: {
      cocktails: 22,
      counts: { mocktail: 4, non_alcoholic: 2, beer: 2, wine: 3, spirit: 4, shot: 2 },
      favoured: ['Sophisticated', 'Bold', 'Herbal', 'Bitter', 'Smoky', 'Whiskey', 'Gin'],
    },
    orderCount: 140,
    liveOrders: ['pending', 'pending', 'preparing', 'ready'],
    messyIngredientNames: [
      { canonical: 'Fresh lime juice', raw: 'fresh lime jiuce' },
      { canonical: 'Angostura bitters', raw: 'Angostura Bitters (dash)' },
      // A brand the catalogue knows: the Negroni's line reads as the bar wrote it and is matched (docs/decisions/238).
      { canonical: 'Sweet vermouth', raw: 'Carpano Antica' },
    ],
  },
  {
    slug: 'rooftop-lounge',
    name: 'The Rooftop Lounge',
    description: 'Spritzes, tropical coolers and sunset views from the fourteenth floor above downtown Los Angeles. DJs Thursday to Saturday.',
    address: '811 W 7th St, 14th Floor, Los Angeles, CA 90017',
    phone: '(213) 555-0187',
    openingHours: 'Tue–Thu 5pm–12am, Fri–Sat 3pm–2am, Sun 3pm–11pm, Mon closed',
    timezone: 'America/Los_Angeles',
    utcOffsetHours: -8,
    // The dark theme: light text on a night-sky background; accents stay readable both on it and under white text.
    theme: { primary: '#db2777', secondary: '#c2410c', background: '#0f172a', text: '#f1f5f9' },
    active: true,
    createdDaysAgo: 150,
    menu: {
      cocktails: 21,
      counts: { mocktail: 5, non_alcoholic: 2, beer: 2, wine: 4, spirit: 2, shot: 3 },
      favoured: ['Tropical', 'Refreshing', 'Light', 'Floral', 'Berry', 'Citrus', 'Rum', 'Tequila'],
    },
    orderCount: 125,
    liveOrders: ['pending', 'preparing', 'ready'],
    payFirstAccount: 'acct_local_rooftop_lounge',
    messyIngredientNames: [
      { canonical: 'Simple syrup', raw: 'simple syrup 1:1' },
      { canonical: 'Vodka', raw: "Tito's vodka" },
    ],
  },
  {
    slug: 'harbor-tap-room',
    name: 'Harbor Tap Room',
    description: 'A laid-back tap room on the water: local drafts, easy highballs and a shot-and-a-beer special after every home game.',
    address: '615 N Harbor Point Ave, Chicago, IL 60601',
    phone: '(312) 555-0123',
    openingHours: 'Mon–Thu 3pm–11pm, Fri 3pm–1am, Sat 12pm–1am, Sun 12pm–10pm',
    timezone: 'America/Chicago',
    utcOffsetHours: -6,
    theme: { primary: '#0e7490', secondary: '#164e63', background: '#f0f9ff', text: '#0c1a24' },
    active: true,
    createdDaysAgo: 120,
    menu: {
      cocktails: 18,
      counts: { mocktail: 3, non_alcoholic: 3, beer: 5, wine: 2, spirit: 3, shot: 3 },
      favoured: ['Refreshing', 'Light', 'Spicy', 'Citrus', 'Whiskey', 'Vodka'],
    },
    orderCount: 95,
    liveOrders: ['pending', 'preparing', 'ready'],
    messyIngredientNames: [
      { canonical: 'Triple sec', raw: 'cointreau' },
      { canonical: 'Fresh mint', raw: 'mint leaves (fresh)' },
    ],
  },
  {
    slug: 'velvet-speakeasy',
    name: 'The Velvet Speakeasy',
    description: "A jazz-age parlour behind a florist's door in the French Quarter. Closed for renovation; reopening in the spring.",
    address: '731 Toulouse St, New Orleans, LA 70130',
    phone: '(504) 555-0199',
    openingHours: 'Wed–Sat 7pm–2am',
    timezone: 'America/Chicago',
    utcOffsetHours: -6,
    theme: { primary: '#e11d48', secondary: '#be185d', background: '#1c0f17', text: '#fbeff4' },
    active: false,
    createdDaysAgo: 400,
    menu: null,
    orderCount: 0,
    liveOrders: [],
    messyIngredientNames: [],
  },
];

/** Plausible stock brands; ingredients missing here (juices, house syrups, garnish) have none. */
export const INGREDIENT_BRANDS: Readonly<Record<string, string>> = {
  'London dry gin': 'Tanqueray',
  Vodka: "Tito's Handmade",
  'Citrus vodka': 'Absolut Citron',
  'White rum': 'Bacardí Superior',
  'Aged rum': 'Appleton Estate 12',
  'Dark rum': "Gosling's Black Seal",
  'Blanco tequila': 'Espolòn Blanco',
  'Reposado tequila': 'Cazadores Reposado',
  Mezcal: 'Del Maguey Vida',
  Bourbon: 'Buffalo Trace',
  'Rye whiskey': 'Rittenhouse',
  'Blended Scotch whisky': 'Monkey Shoulder',
  'Islay single malt': 'Laphroaig 10',
  Cognac: 'Pierre Ferrand 1840',
  Pisco: 'BarSol Quebranta',
  'Cachaça': 'Avuá Prata',
  Campari: 'Campari',
  Aperol: 'Aperol',
  'Sweet vermouth': 'Carpano Antica Formula',
  'Dry vermouth': 'Dolin Dry',
  'Lillet Blanc': 'Lillet',
  'Triple sec': 'Cointreau',
  'Orange curaçao': 'Pierre Ferrand Dry Curaçao',
  'Coffee liqueur': 'Mr Black',
  'Maraschino liqueur': 'Luxardo',
  'Green Chartreuse': 'Chartreuse',
  'Yellow Chartreuse': 'Chartreuse',
  'Amaro Nonino': 'Nonino',
  'Crème de violette': 'Rothman & Winter',
  'Crème de mûre': 'Giffard',
  'Elderflower liqueur': 'St-Germain',
  Amaretto: 'Disaronno',
  'Green crème de menthe': 'Giffard',
  'White crème de cacao': 'Tempus Fugit',
  'Irish cream liqueur': 'Baileys',
  'Grand Marnier': 'Grand Marnier',
  'Peach schnapps': 'DeKuyper',
  Absinthe: 'Pernod',
  'Angostura bitters': 'Angostura',
  "Peychaud's bitters": "Peychaud's",
  Prosecco: 'La Marca',
  Champagne: 'Moët & Chandon Impérial',
  Grenadine: 'Liber & Co.',
  Orgeat: 'Small Hand Foods',
  'Coconut cream': 'Coco López',
  'Soda water': 'Q Mixers',
  'Tonic water': 'Fever-Tree',
  'Ginger beer': 'Fever-Tree',
  'Ginger ale': 'Canada Dry',
  Cola: 'Mexican Coca-Cola',
  'Grapefruit soda': 'Jarritos Toronja',
  'Sparkling mineral water': 'Topo Chico',
  'Lemon-lime soda': 'Sprite',
  'Worcestershire sauce': 'Lea & Perrins',
  'Hot sauce': 'Cholula',
  Lager: 'Pilsner Urquell',
  'India pale ale': 'Lagunitas IPA',
  Stout: 'Guinness Draught',
  'Wheat beer': 'Weihenstephaner',
  'Dry cider': 'Downeast',
  'Sauvignon Blanc': 'Cloudy Bay',
  'Pinot Noir': 'Meiomi',
  'Dry rosé': 'Whispering Angel',
};

/** AI creations a guest might order (sold at the flat AI price); offered only where the venue stocks every ingredient. */
export interface DemoCreation {
  name: string;
  description: string;
  glass: string;
  tags: readonly string[];
  recipe: readonly RecipeLine[];
}

export const DEMO_CREATIONS: readonly DemoCreation[] = [
  {
    name: 'Smoked Citrus Sour',
    description: 'Mezcal shaken with fresh lemon and honey, finished with a dash of Angostura: smoky, bright and silky.',
    glass: 'coupe',
    tags: ['Smoky', 'Citrus', 'Mezcal'],
    recipe: [
      { ingredient: 'Mezcal', quantity: 45, unit: 'ml' },
      { ingredient: 'Fresh lemon juice', quantity: 25, unit: 'ml' },
      { ingredient: 'Honey syrup', quantity: 20, unit: 'ml' },
      { ingredient: 'Angostura bitters', quantity: 2, unit: 'dash' },
    ],
  },
  {
    name: 'Garden Highball',
    description: 'Gin, elderflower and lime over cucumber, lengthened with soda: green, floral and very refreshing.',
    glass: 'highball',
    tags: ['Herbal', 'Floral', 'Gin'],
    recipe: [
      { ingredient: 'London dry gin', quantity: 45, unit: 'ml' },
      { ingredient: 'Elderflower liqueur', quantity: 15, unit: 'ml' },
      { ingredient: 'Fresh lime juice', quantity: 15, unit: 'ml' },
      { ingredient: 'Cucumber', quantity: 3, unit: 'slice' },
      { ingredient: 'Soda water', quantity: 90, unit: 'ml' },
    ],
  },
  {
    name: 'Sunset Rum Cooler',
    description: 'White rum and pineapple with lime and a slow pour of grenadine that settles like a sunset.',
    glass: 'highball',
    tags: ['Tropical', 'Sweet', 'Rum'],
    recipe: [
      { ingredient: 'White rum', quantity: 45, unit: 'ml' },
      { ingredient: 'Pineapple juice', quantity: 60, unit: 'ml' },
      { ingredient: 'Fresh lime juice', quantity: 15, unit: 'ml' },
      { ingredient: 'Grenadine', quantity: 10, unit: 'ml' },
    ],
  },
  {
    name: 'Midnight Espresso Flip',
    description: 'Aged rum, coffee liqueur and a fresh espresso shaken hard until velvety: dessert and nightcap in one.',
    glass: 'coupe',
    tags: ['Creamy', 'Bold', 'Rum'],
    recipe: [
      { ingredient: 'Aged rum', quantity: 40, unit: 'ml' },
      { ingredient: 'Coffee liqueur', quantity: 20, unit: 'ml' },
      { ingredient: 'Espresso', quantity: 30, unit: 'ml' },
      { ingredient: 'Simple syrup', quantity: 10, unit: 'ml' },
    ],
  },
  {
    name: 'Spiced Ginger Smash',
    description: 'Bourbon smashed with fresh mint, lemon and honey-ginger syrup over crushed ice: warm spice, cool finish.',
    glass: 'rocks',
    tags: ['Spicy', 'Herbal', 'Whiskey'],
    recipe: [
      { ingredient: 'Bourbon', quantity: 50, unit: 'ml' },
      { ingredient: 'Fresh lemon juice', quantity: 20, unit: 'ml' },
      { ingredient: 'Honey-ginger syrup', quantity: 20, unit: 'ml' },
      { ingredient: 'Fresh mint', quantity: 6, unit: 'leaf' },
    ],
  },
  {
    name: 'Bramble Berry Spritz',
    description: 'Prosecco over blackberry liqueur and lemon, topped with soda: a bright, berry-red spritz.',
    glass: 'wine',
    tags: ['Berry', 'Light', 'Refreshing'],
    recipe: [
      { ingredient: 'Prosecco', quantity: 90, unit: 'ml' },
      { ingredient: 'Crème de mûre', quantity: 15, unit: 'ml' },
      { ingredient: 'Fresh lemon juice', quantity: 10, unit: 'ml' },
      { ingredient: 'Soda water', quantity: 30, unit: 'ml' },
    ],
  },
];

/** First names for the fake guest sessions; some guests never give one. */
export const GUEST_FIRST_NAMES: readonly string[] = [
  'Maya', 'Jordan', 'Priya', 'Luis', 'Sam', 'Chen', 'Ava', 'Noah', 'Zoe', 'Marcus', 'Elena', 'Theo',
  'Hana', 'Diego', 'Grace', 'Omar', 'Ruby', 'Felix', 'Nia', 'Ben', 'Isla', 'Kofi', 'Lena', 'Mateo',
];

export const ORDER_ITEM_NOTES: readonly string[] = [
  'Extra lime, please', 'Light ice', 'No ice', 'Make it spicy', 'Extra garnish', 'Less sweet',
  'Salt rim on half', 'Double strain', 'No straw', 'Sugar on the side',
];

export const SPECIAL_INSTRUCTIONS: readonly string[] = [
  'Notes: Celebrating a birthday!',
  'Modifiers: no ice | Notes: bring it with the food',
  "Notes: We're on the patio by the heaters",
  'Modifiers: light on the syrup',
];

export const CUSTOM_CREATION_NAMES: readonly string[] = ['The Night Owl', 'Second Wind', 'Rooftop Glow', 'Last Call Special', 'Golden Hour'];

export const AI_GLOBAL_PROMPT = {
  systemPrompt: [
    "You are Barhop's AI bartender: a warm, knowledgeable bartender working this venue's own bar.",
    "Recommend drinks from the venue's current menu first. When nothing on the menu fits, you may compose one creation using only ingredients the venue has in stock, with exact quantities in ml.",
    "Match the guest's chosen spirits, flavours and styles, and respect their sweetness and strength preferences. If a request is vague, ask at most one short follow-up question.",
    'Describe each suggestion in one or two vivid sentences (taste, strength, how it is served) and suggest a fitting garnish from the garnish list.',
    'Never state allergen information yourself: allergens come from the menu data. Tell guests with allergies to confirm with the staff.',
    'Never encourage heavy drinking. Offer a mocktail or non-alcoholic option whenever a guest asks for something light or alcohol-free.',
    'Keep replies short and friendly, with no markdown tables.',
  ].join('\n'),
  garnishSuggestions: ['Lime wheel', 'Orange twist', 'Mint sprig', 'Luxardo cherry', 'Dehydrated citrus', 'Edible flower', 'Grapefruit peel', 'Cucumber ribbon'],
  notes: 'House style: confident and brief. Lean on citrus and herbal profiles in summer, richer stirred drinks in winter. Always keep one zero-proof option in every set of suggestions.',
};

export interface DemoFlavorRule {
  ruleName: string;
  baseProfile: { flavor_tags: string[]; strength: string; sweetness: string };
  /** Multipliers applied to a drink's score per tag: above 1 boosts, below 1 reduces. */
  adjustmentLogic: { boost_factors: Record<string, number>; reduce_factors: Record<string, number> };
  garnishSuggestions: string[];
  notes: string;
}

export const DEMO_FLAVOR_RULES: readonly DemoFlavorRule[] = [
  {
    ruleName: 'tropical_refresher',
    baseProfile: { flavor_tags: ['Tropical', 'Citrus', 'Refreshing'], strength: 'Light', sweetness: 'Sweet' },
    adjustmentLogic: { boost_factors: { Tropical: 1.5, Refreshing: 1.3, Light: 1.2 }, reduce_factors: { Smoky: 0.5, Bitter: 0.7 } },
    garnishSuggestions: ['Pineapple wedge', 'Dehydrated citrus'],
    notes: 'Rum and tequila highballs and blended drinks for warm evenings.',
  },
  {
    ruleName: 'smoky_stirred',
    baseProfile: { flavor_tags: ['Smoky', 'Bold', 'Sophisticated'], strength: 'Bold', sweetness: 'Dry' },
    adjustmentLogic: { boost_factors: { Smoky: 1.6, Bold: 1.3, Sophisticated: 1.2 }, reduce_factors: { Sweet: 0.6, Tropical: 0.7 } },
    garnishSuggestions: ['Orange twist', 'Flamed orange peel'],
    notes: 'Mezcal and Islay whisky, stirred and spirit-forward.',
  },
  {
    ruleName: 'citrus_sour',
    baseProfile: { flavor_tags: ['Citrus', 'Creamy', 'Refreshing'], strength: 'Standard', sweetness: 'Balanced' },
    adjustmentLogic: { boost_factors: { Citrus: 1.5, Creamy: 1.2 }, reduce_factors: { Smoky: 0.7, Sweet: 0.8 } },
    garnishSuggestions: ['Lemon wheel', 'Angostura drops'],
    notes: 'Sours and daisies: spirit, fresh citrus, sugar, sometimes egg white.',
  },
  {
    ruleName: 'herbal_garden',
    baseProfile: { flavor_tags: ['Herbal', 'Floral', 'Light'], strength: 'Standard', sweetness: 'Balanced' },
    adjustmentLogic: { boost_factors: { Herbal: 1.5, Floral: 1.3 }, reduce_factors: { Creamy: 0.6, Smoky: 0.8 } },
    garnishSuggestions: ['Mint sprig', 'Cucumber ribbon'],
    notes: 'Gin, Chartreuse, elderflower and fresh herbs.',
  },
  {
    ruleName: 'berry_bright',
    baseProfile: { flavor_tags: ['Berry', 'Citrus', 'Light'], strength: 'Light', sweetness: 'Sweet' },
    adjustmentLogic: { boost_factors: { Berry: 1.6, Citrus: 1.2 }, reduce_factors: { Bitter: 0.6, Smoky: 0.6 } },
    garnishSuggestions: ['Fresh raspberries', 'Lemon twist'],
    notes: 'Bramble-style builds and berry spritzes; good mocktail territory too.',
  },
  {
    ruleName: 'creamy_dessert',
    baseProfile: { flavor_tags: ['Creamy', 'Sweet', 'Bold'], strength: 'Standard', sweetness: 'Sweet' },
    adjustmentLogic: { boost_factors: { Creamy: 1.6, Sweet: 1.3 }, reduce_factors: { Citrus: 0.7, Bitter: 0.7 } },
    garnishSuggestions: ['Grated nutmeg', 'Coffee beans'],
    notes: 'After-dinner drinks: coffee, cream and chocolate liqueurs.',
  },
];

/** Chat openers, filled from the drink the engine ended up suggesting. */
export const CHAT_QUERY_TEMPLATES: readonly string[] = [
  'something {flavor} with {base}',
  "I'd like something {style} and {flavor}",
  "what's good if I like {base}?",
  'a {style} drink for tonight, maybe {flavor}',
  'surprise me with something {flavor}',
];

export const ZERO_PROOF_QUERIES: readonly string[] = [
  'no alcohol tonight, something {flavor}',
  "I'm driving, what's a good mocktail?",
  'something {style} without alcohol',
];

/** A seeded option's recipe effect, by catalogue ingredient name. */
export interface DemoModifierEffect { ingredient: string; quantity: number; unit: string }
export interface DemoModifierGroup {
  name: string;
  kind: 'one' | 'any';
  required: boolean;
  options: { name: string; priceDeltaCents: number; effects: DemoModifierEffect[] }[];
}

/**
 * Modifier groups of demo drinks, by drink name, on every venue that serves the drink (docs/decisions/197): the
 * Negroni's double and no ice, and a spirit choice on two whiskey classics (not required: left alone, the drink is
 * made with the spirit of its recipe, the first option).
 */
export const DEMO_MODIFIERS: Readonly<Record<string, readonly DemoModifierGroup[]>> = {
  Negroni: [{
    name: 'Extras', kind: 'any', required: false, options: [
      { name: 'Double', priceDeltaCents: 500, effects: [{ ingredient: 'London dry gin', quantity: 45, unit: 'ml' }] },
      { name: 'No ice', priceDeltaCents: 0, effects: [] },
    ],
  }],
  'Old Fashioned': [{
    name: 'Spirit', kind: 'one', required: false, options: [
      { name: 'Bourbon', priceDeltaCents: 0, effects: [] },
      { name: 'Rye whiskey', priceDeltaCents: 100, effects: [{ ingredient: 'Bourbon', quantity: -45, unit: 'ml' }, { ingredient: 'Rye whiskey', quantity: 45, unit: 'ml' }] },
    ],
  }, {
    name: 'Extras', kind: 'any', required: false, options: [{ name: 'No ice', priceDeltaCents: 0, effects: [] }],
  }],
  Manhattan: [{
    name: 'Spirit', kind: 'one', required: false, options: [
      { name: 'Rye whiskey', priceDeltaCents: 0, effects: [] },
      { name: 'Bourbon', priceDeltaCents: 0, effects: [{ ingredient: 'Rye whiskey', quantity: -50, unit: 'ml' }, { ingredient: 'Bourbon', quantity: 50, unit: 'ml' }] },
    ],
  }],
};
