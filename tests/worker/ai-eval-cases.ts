// The AI bartender's evaluation set (docs/decisions/189, docs/ai.md): requests a guest would
// make, in the six languages the bartender reads, each with the properties a good answer must have. Run by
// tests/worker/ai-eval.test.ts (`npm run eval:ai`) against the local engine on the demo venues.
import { type DrinkClass, LANGUAGE_CODES, type LanguageCode } from '../../worker/ai/languages/table';
import type { RefinementAxis } from '../../worker/ai/refinement';
import { LIGHT_PHRASINGS, NEED_EXPECTS, type Need, PHRASINGS } from './ai-eval-languages';

export type EvalVenue = 'artisan-bar' | 'rooftop-lounge' | 'harbor-tap-room';
export type EvalCategory = 'vibe picks' | 'chat free text' | 'allergies' | 'alcohol' | 'named drinks' | 'no match on the menu'
  | 'constraint + flavour' | 'refinements' | 'class allergens' | 'multi-turn';

export type EvalExpect = {
  /** The picked spirit must be in the glass whenever the venue stocks it. */
  spirit?: string;
  /** At least one of these flavours must be in the glass (tags or ingredients). */
  flavorAny?: string[];
  /** Stored allergens that must not be in the glass. */
  noAllergen?: string[];
  alcoholFree?: boolean;
  lowAlcohol?: boolean;
  /** This menu drink is served. */
  drink?: string;
  /** The reply says this drink is not on the menu. */
  notOnMenu?: string;
  /** The served drink is of this menu category. */
  category?: string;
  /** A creation from stock (nothing on the menu fits). */
  creation?: boolean;
  /** The reply says this class carries the guest's allergen ("Wine contains sulphites"), in the guest's language. */
  saysClass?: DrinkClass;
  /**
   * The case's follow-up refines the first answer: the second answer is further along this scale than the first
   * (and another drink), or says why it cannot be (docs/decisions/190).
   */
  refine?: { axis: RefinementAxis; direction: 1 | -1 };
  /** The follow-up asks for the same drink without ice: the second answer is the first drink again. */
  keepsDrink?: boolean;
};

export type EvalCase = {
  category: EvalCategory; venue: EvalVenue; kind: 'vibe' | 'chat'; picks?: string[]; text?: string; expect: EvalExpect;
  /** A chat's second guest message, sent after the first answer (which travels with its suggestion). */
  followUp?: string;
  /** The language the guest writes in: the reply says what it honoured in it. */
  language: LanguageCode;
};
type EnglishCase = Omit<EvalCase, 'language'>;

const SPIRITS = ['Vodka', 'Tequila', 'Rum', 'Gin', 'Whiskey', 'Mezcal'];
const FLAVORS = ['Tropical', 'Citrus', 'Herbal', 'Spicy', 'Floral', 'Smoky', 'Berry', 'Creamy'];
const STYLES = ['Light', 'Bold', 'Dry', 'Sweet', 'Refreshing', 'Sophisticated'];
const VENUES: EvalVenue[] = ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room'];

/** Spirit + flavour at every venue, and spirit + flavour + style in a rotating sample. */
const vibePicks: EnglishCase[] = VENUES.flatMap((venue, v) => SPIRITS.flatMap((spirit, s) => [
  ...FLAVORS.filter((_, f) => (f + s + v) % 2 === 0).map((flavor): EnglishCase => ({
    category: 'vibe picks', venue, kind: 'vibe', picks: [spirit, flavor], expect: { spirit, flavorAny: [flavor] },
  })),
  { category: 'vibe picks', venue, kind: 'vibe', picks: [spirit, FLAVORS[(s + v) % FLAVORS.length]!, STYLES[(s + 2 * v) % STYLES.length]!], expect: { spirit, flavorAny: [FLAVORS[(s + v) % FLAVORS.length]!] } },
]));

const chatFreeText: [string, EvalExpect][] = [
  ['Something smoky with whiskey', { spirit: 'Whiskey', flavorAny: ['Smoky'] }],
  ['A refreshing gin drink with lots of citrus', { spirit: 'Gin', flavorAny: ['Citrus', 'Refreshing'] }],
  ['I want something tropical and sweet with rum', { spirit: 'Rum', flavorAny: ['Tropical'] }],
  ['Give me a spicy tequila cocktail', { spirit: 'Tequila', flavorAny: ['Spicy'] }],
  ['vodka, something with berries', { spirit: 'Vodka', flavorAny: ['Berry'] }],
  ['Something herbal and a bit bitter with gin', { spirit: 'Gin', flavorAny: ['Herbal', 'Bitter'] }],
  ['A creamy vodka drink for dessert', { spirit: 'Vodka', flavorAny: ['Creamy'] }],
  ['mezcal please, something citrusy', { spirit: 'Mezcal', flavorAny: ['Citrus', 'Smoky'] }],
  ['a floral gin cocktail', { spirit: 'Gin', flavorAny: ['Floral'] }],
  ['Bourbon, not too sweet', { spirit: 'Whiskey' }],
  ['Something with lime and mint', { flavorAny: ['Citrus', 'Herbal'] }],
  ['I feel like something tropical', { flavorAny: ['Tropical'] }],
];

const allergyPhrases: [string, string[]][] = [
  ['I have a nut allergy', ['tree nuts', 'peanuts']],
  ["I'm allergic to tree nuts, something tropical", ['tree nuts']],
  ['No nuts please, I want rum', ['tree nuts', 'peanuts']],
  ['lactose intolerant, something sweet', ['milk']],
  ["I can't have dairy, something creamy", ['milk']],
  ['egg allergy - a sour please', ['eggs']],
  ['gluten free beer please', ['gluten']],
  ["I'm coeliac, what can I drink?", ['gluten']],
  ['no sulphites for me, something light', ['sulphites']],
  ['fish allergy, something savoury and spicy', ['fish']],
  ['celery allergy', ['celery']],
  ['I am allergic to almonds and milk', ['tree nuts', 'milk']],
];

const alcoholPhrases: [string, EvalExpect][] = [
  ["I'm pregnant, nothing alcoholic please", { alcoholFree: true }],
  ["I don't drink alcohol, surprise me", { alcoholFree: true }],
  ["I'm the designated driver", { alcoholFree: true }],
  ["I'm driving, something citrusy", { alcoholFree: true }],
  ["I'm sober", { alcoholFree: true }],
  ['zero proof, something tropical', { alcoholFree: true }],
  ['a mocktail please', { alcoholFree: true }],
  ["I'm 18, what can I have?", { alcoholFree: true }],
  ['non-alcoholic and refreshing', { alcoholFree: true }],
  ['something light on alcohol', { lowAlcohol: true }],
  ['low abv please, something refreshing', { lowAlcohol: true }],
  ["I'm 40 and I'd like whiskey", { spirit: 'Whiskey' }],
];

const namedDrinks: [EvalVenue, string, EvalExpect][] = [
  ['artisan-bar', 'Can I get a Negroni?', { drink: 'Negroni' }],
  ['artisan-bar', 'A Penicillin please', { drink: 'Penicillin' }],
  ['artisan-bar', 'One Old Fashioned', { drink: 'Old Fashioned' }],
  ['artisan-bar', 'Can I get a Mai Tai?', { notOnMenu: 'Mai Tai', spirit: 'Rum' }],
  ['artisan-bar', "I'd love a Margarita", { notOnMenu: 'Margarita', spirit: 'Tequila' }],
  ['artisan-bar', 'Moscow Mule?', { notOnMenu: 'Moscow Mule', spirit: 'Vodka' }],
  ['rooftop-lounge', 'Can I get a Mai Tai?', { drink: 'Mai Tai' }],
  ['rooftop-lounge', 'A Paloma please', { drink: 'Paloma' }],
  ['rooftop-lounge', 'I want a Mojito', { drink: 'Mojito' }],
  ['rooftop-lounge', 'An Old Fashioned please', { notOnMenu: 'Old Fashioned', spirit: 'Whiskey' }],
  ['rooftop-lounge', 'Negroni?', { notOnMenu: 'Negroni', spirit: 'Gin' }],
  ['harbor-tap-room', 'Moscow Mule please', { drink: 'Moscow Mule' }],
  ['harbor-tap-room', 'A Whiskey Sour', { drink: 'Whiskey Sour' }],
  ['harbor-tap-room', 'Can I have a Negroni?', { notOnMenu: 'Negroni', spirit: 'Gin' }],
  ['harbor-tap-room', 'A Piña Colada please', { notOnMenu: 'Piña Colada', spirit: 'Rum' }],
  ['rooftop-lounge', 'Mai Tai please, I have a tree nut allergy', { noAllergen: ['tree nuts'], spirit: 'Rum' }],
  ['harbor-tap-room', 'Whiskey Sour, but I am allergic to eggs', { noAllergen: ['eggs'], spirit: 'Whiskey' }],
  ['artisan-bar', 'A Negroni, but I am pregnant', { alcoholFree: true }],
];

const noMatch: [EvalVenue, string[], string, EvalExpect][] = [
  ['artisan-bar', ['Vodka', 'Creamy', 'Bold'], '', { spirit: 'Vodka' }],
  ['artisan-bar', ['Rum', 'Tropical', 'Sweet'], '', { spirit: 'Rum', flavorAny: ['Tropical'] }],
  ['rooftop-lounge', ['Mezcal', 'Citrus', 'Herbal'], '', { spirit: 'Mezcal' }],
  ['rooftop-lounge', ['Whiskey', 'Smoky'], '', { spirit: 'Whiskey' }],
  ['harbor-tap-room', ['Rum', 'Creamy'], '', { spirit: 'Rum' }],
  ['harbor-tap-room', ['Gin', 'Berry'], '', { spirit: 'Gin' }],
  ['rooftop-lounge', ['Rum', 'Tropical', 'Bold'], 'nut allergy', { spirit: 'Rum', noAllergen: ['tree nuts', 'peanuts'] }],
  ['artisan-bar', ['Creamy', 'Sweet'], "I'm lactose intolerant", { noAllergen: ['milk'] }],
  ['harbor-tap-room', ['Citrus', 'Refreshing'], 'designated driver tonight', { alcoholFree: true }],
  ['rooftop-lounge', ['Tropical', 'Sweet'], "I'm pregnant", { alcoholFree: true }],
  ['artisan-bar', ['Smoky', 'Bold'], 'egg allergy', { noAllergen: ['eggs'] }],
  ['harbor-tap-room', ['Whiskey', 'Citrus'], 'no eggs please, allergic', { spirit: 'Whiskey', noAllergen: ['eggs'] }],
];

const EVAL_VENUES_FOR_TEXT: EvalVenue[] = ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room'];

/** Any fruit answers "fruity" (worker/ai/local-engine.ts FRUIT_FLAVOURS). */
const FRUIT = ['Berry', 'Tropical', 'Citrus'];

/** A constraint and a taste together: the glass honours the one and carries the other. */
const constraintAndFlavour: [string, EvalExpect][] = [
  ["I'm pregnant, something fruity", { alcoholFree: true, flavorAny: FRUIT }],
  ["I'm driving, something fruity and refreshing", { alcoholFree: true, flavorAny: FRUIT }],
  ['non-alcoholic, something tropical', { alcoholFree: true, flavorAny: ['Tropical'] }],
  ["I'm pregnant, something citrusy", { alcoholFree: true, flavorAny: ['Citrus'] }],
  ['no alcohol please, something with berries', { alcoholFree: true, flavorAny: ['Berry'] }],
  ["I'm sober, something spicy", { alcoholFree: true, flavorAny: ['Spicy'] }],
  ['nut allergy, something fruity', { noAllergen: ['tree nuts', 'peanuts'], flavorAny: FRUIT }],
  ['dairy free, something fruity and sweet', { noAllergen: ['milk'], flavorAny: FRUIT }],
  ["I'm the designated driver, anything fruity?", { alcoholFree: true, flavorAny: FRUIT }],
  ['egg allergy, something citrusy with gin', { noAllergen: ['eggs'], spirit: 'Gin', flavorAny: ['Citrus'] }],
];

/** A first request and a refinement of its answer. */
const refinements: [string, string, EvalExpect][] = [
  ['something fruity', 'make it a bit stronger', { refine: { axis: 'strength', direction: 1 } }],
  ['something with gin', 'can you make it stronger?', { refine: { axis: 'strength', direction: 1 } }],
  ['something light and refreshing', 'a bit stronger please', { refine: { axis: 'strength', direction: 1 } }],
  ['a whiskey cocktail', 'something lighter please', { refine: { axis: 'strength', direction: -1 } }],
  ['a sweet rum drink', 'less sweet please', { refine: { axis: 'sweetness', direction: -1 } }],
  ['something tropical', "that's too sweet for me", { refine: { axis: 'sweetness', direction: -1 } }],
  ['something smoky with whiskey', 'can you make it sweeter?', { refine: { axis: 'sweetness', direction: 1 } }],
  ["I'm pregnant, something fruity", 'make it a bit stronger', { refine: { axis: 'strength', direction: 1 }, alcoholFree: true }],
  ['nut allergy, something tropical', 'less sweet', { refine: { axis: 'sweetness', direction: -1 }, noAllergen: ['tree nuts', 'peanuts'] }],
];

/** A class of drink that carries the guest's allergen by nature, named in each language (docs/decisions/189). */
const classAllergens: [LanguageCode, string, EvalExpect][] = [
  ['en', 'Allergic to sulphites, red wine', { noAllergen: ['sulphites'], saysClass: 'wine' }],
  ['en', 'sulphite allergy, can I get a glass of wine?', { noAllergen: ['sulphites'], saysClass: 'wine' }],
  ["en", "I'm coeliac, a beer please", { noAllergen: ['gluten'], saysClass: 'beer' }],
  ['en', "gluten intolerant but I'd love a beer", { noAllergen: ['gluten'], saysClass: 'beer' }],
  ['en', 'allergic to sulphites, a cider please', { noAllergen: ['sulphites'], saysClass: 'cider' }],
  ['es', 'Soy alérgico a los sulfitos, vino tinto', { noAllergen: ['sulphites'], saysClass: 'wine' }],
  ['es', 'Soy celíaco, una cerveza por favor', { noAllergen: ['gluten'], saysClass: 'beer' }],
  ['fr', 'Je suis allergique aux sulfites, du vin rouge', { noAllergen: ['sulphites'], saysClass: 'wine' }],
  ['fr', "Je suis cœliaque, une bière s'il vous plaît", { noAllergen: ['gluten'], saysClass: 'beer' }],
  ['de', 'Ich bin allergisch gegen Sulfite, Rotwein bitte', { noAllergen: ['sulphites'], saysClass: 'wine' }],
  ['de', 'Ich habe Zöliakie, ein Bier bitte', { noAllergen: ['gluten'], saysClass: 'beer' }],
  ['it', 'Sono allergico ai solfiti, vino rosso', { noAllergen: ['sulphites'], saysClass: 'wine' }],
  ['it', 'Sono celiaco, una birra per favore', { noAllergen: ['gluten'], saysClass: 'beer' }],
  ['pt', 'Sou alérgico a sulfitos, vinho tinto', { noAllergen: ['sulphites'], saysClass: 'wine' }],
  ['pt', 'Sou celíaco, uma cerveja por favor', { noAllergen: ['gluten'], saysClass: 'beer' }],
];

const NUTS = ['tree nuts', 'peanuts'];
const SWEETER = { axis: 'sweetness', direction: 1 } as const;
const LESS_SWEET = { axis: 'sweetness', direction: -1 } as const;
const LIGHTER = { axis: 'strength', direction: -1 } as const;

/**
 * A conversation in each language (docs/decisions/254): a constraint said in the first message holds in the answer to
 * the second, and the second refines the first answer (a step along a scale, or the same drink without ice).
 */
const multiTurn: [LanguageCode, string, string, EvalExpect][] = [
  ['en', "I'm pregnant, something fruity", 'sweeter', { alcoholFree: true, refine: SWEETER }],
  ['en', 'nut allergy, something tropical', 'no ice please', { noAllergen: NUTS, keepsDrink: true }],
  ['en', "I'm driving, something citrusy", 'less sweet', { alcoholFree: true, refine: LESS_SWEET }],
  ['es', 'Estoy embarazada, algo afrutado', 'algo un poco más dulce', { alcoholFree: true, refine: SWEETER }],
  ['es', 'Soy alérgica a los frutos secos, algo tropical', 'sin hielo, por favor', { noAllergen: NUTS, keepsDrink: true }],
  ['es', 'Conduzco, algo cítrico', 'menos dulce', { alcoholFree: true, refine: LESS_SWEET }],
  ['fr', 'Je suis enceinte, quelque chose de fruité', 'moins fort', { alcoholFree: true, refine: LIGHTER }],
  ['fr', 'Je suis allergique aux fruits à coque, quelque chose de tropical', 'plus sucré', { noAllergen: NUTS, refine: SWEETER }],
  ['fr', 'Je conduis, quelque chose aux agrumes', 'sans glaçons', { alcoholFree: true, keepsDrink: true }],
  ['de', 'Ich bin schwanger, etwas Fruchtiges', 'ohne Eis', { alcoholFree: true, keepsDrink: true }],
  ['de', 'Ich bin allergisch gegen Nüsse, etwas Tropisches', 'süßer bitte', { noAllergen: NUTS, refine: SWEETER }],
  ['de', 'Ich muss noch fahren, etwas mit Zitrone', 'weniger süß', { alcoholFree: true, refine: LESS_SWEET }],
  ['it', 'Sono incinta, qualcosa di fruttato', 'più dolce', { alcoholFree: true, refine: SWEETER }],
  ['it', 'Sono allergico alla frutta secca, qualcosa di tropicale', 'senza ghiaccio', { noAllergen: NUTS, keepsDrink: true }],
  ['it', 'Devo guidare, qualcosa agli agrumi', 'meno dolce', { alcoholFree: true, refine: LESS_SWEET }],
  ['pt', 'Estou grávida, algo frutado', 'mais doce', { alcoholFree: true, refine: SWEETER }],
  ['pt', 'Tenho alergia a frutos secos, algo tropical', 'sem gelo', { noAllergen: NUTS, keepsDrink: true }],
  ['pt', 'Vou conduzir, algo cítrico', 'menos doce', { alcoholFree: true, refine: LESS_SWEET }],
];

/** Vibe picks a guest adds a constraint to, in turn. */
const PICKS_IN_TURN = [['Tropical', 'Sweet'], ['Rum', 'Tropical'], ['Creamy', 'Sweet'], ['Gin', 'Citrus'], ['Whiskey', 'Smoky', 'Bold'], ['Citrus', 'Refreshing'], ['Vodka', 'Berry']];
const NEED_CATEGORY: Record<Need, EvalCategory> = {
  pregnancy: 'alcohol', driving: 'alcohol', 'no alcohol': 'alcohol', 'under 21': 'alcohol', 'nut allergy': 'allergies', 'dairy allergy': 'allergies', 'gluten allergy': 'allergies',
};

/** Every phrasing of every need in every language, in the chat and as the vibe mixer's request, at every demo venue. */
const inTheirLanguage: EvalCase[] = LANGUAGE_CODES.flatMap((language) => (Object.entries(PHRASINGS[language]) as [Need, string[]][])
  .flatMap(([need, texts]) => texts.flatMap((text, t) => EVAL_VENUES_FOR_TEXT.flatMap((venue, v): EvalCase[] => [
    { category: NEED_CATEGORY[need], language, venue, kind: 'chat', text, expect: NEED_EXPECTS[need] },
    { category: NEED_CATEGORY[need], language, venue, kind: 'vibe', picks: PICKS_IN_TURN[(t + v) % PICKS_IN_TURN.length]!, text, expect: NEED_EXPECTS[need] },
  ]))));

const lightInTheirLanguage: EvalCase[] = LANGUAGE_CODES.flatMap((language) => LIGHT_PHRASINGS[language].flatMap((text) => EVAL_VENUES_FOR_TEXT.flatMap((venue): EvalCase[] => [
  { category: 'alcohol', language, venue, kind: 'chat', text, expect: { lowAlcohol: true } },
  { category: 'alcohol', language, venue, kind: 'vibe', picks: ['Citrus', 'Refreshing'], text, expect: { lowAlcohol: true } },
])));

const english: EnglishCase[] = [
  ...vibePicks,
  ...EVAL_VENUES_FOR_TEXT.flatMap((venue) => chatFreeText.map(([text, expect]): EnglishCase => ({ category: 'chat free text', venue, kind: 'chat', text, expect }))),
  ...EVAL_VENUES_FOR_TEXT.flatMap((venue) => allergyPhrases.map(([text, noAllergen]): EnglishCase => ({ category: 'allergies', venue, kind: 'chat', text, expect: { noAllergen } }))),
  ...EVAL_VENUES_FOR_TEXT.flatMap((venue) => alcoholPhrases.map(([text, expect]): EnglishCase => ({ category: 'alcohol', venue, kind: 'chat', text, expect }))),
  // The same constraints said alongside vibe picks.
  ...EVAL_VENUES_FOR_TEXT.flatMap((venue) => [
    { category: 'allergies', venue, kind: 'vibe', picks: ['Rum', 'Tropical'], text: 'nut allergy', expect: { noAllergen: ['tree nuts', 'peanuts'] } },
    { category: 'allergies', venue, kind: 'vibe', picks: ['Creamy', 'Sweet'], text: 'dairy free please', expect: { noAllergen: ['milk'] } },
    { category: 'alcohol', venue, kind: 'vibe', picks: ['Citrus', 'Refreshing'], text: "I'm driving", expect: { alcoholFree: true } },
    { category: 'alcohol', venue, kind: 'vibe', picks: ['Gin', 'Herbal'], text: 'zero proof please', expect: { alcoholFree: true } },
  ] satisfies EnglishCase[]),
  ...namedDrinks.map(([venue, text, expect]): EnglishCase => ({ category: 'named drinks', venue, kind: 'chat', text, expect })),
  ...noMatch.map(([venue, picks, text, expect]): EnglishCase => ({ category: 'no match on the menu', venue, kind: 'vibe', picks, text, expect })),
  ...EVAL_VENUES_FOR_TEXT.flatMap((venue) => constraintAndFlavour.map(([text, expect]): EnglishCase => ({ category: 'constraint + flavour', venue, kind: 'chat', text, expect }))),
  ...EVAL_VENUES_FOR_TEXT.flatMap((venue) => refinements.map(([text, followUp, expect]): EnglishCase => ({ category: 'refinements', venue, kind: 'chat', text, followUp, expect }))),
];

const classCases: EvalCase[] = EVAL_VENUES_FOR_TEXT.flatMap((venue) => classAllergens.flatMap(([language, text, expect]): EvalCase[] => [
  { category: 'class allergens', language, venue, kind: 'chat', text, expect },
  { category: 'class allergens', language, venue, kind: 'vibe', picks: ['Citrus', 'Refreshing'], text, expect },
]));

const multiTurnCases: EvalCase[] = EVAL_VENUES_FOR_TEXT.flatMap((venue) => multiTurn.map(([language, text, followUp, expect]): EvalCase => ({
  category: 'multi-turn', language, venue, kind: 'chat', text, followUp, expect,
})));

export const EVAL_CASES: EvalCase[] = [
  ...english.map((c): EvalCase => ({ ...c, language: 'en' })),
  ...inTheirLanguage,
  ...lightInTheirLanguage,
  ...classCases,
  ...multiTurnCases,
];
