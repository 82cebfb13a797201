// The look of each canonical ingredient (worker/db/seed/drinks.json's names) in generated drink art
// (docs/decisions/185): its colour in the glass, and what it does there beyond colour.

/** liquid: tints the drink by volume; cream: makes it opaque; foam: a head on top; sparkling: bubbles; rim: on the glass's edge. */
export type IngredientLook = { colour: string; role: 'liquid' | 'cream' | 'foam' | 'sparkling' | 'rim' | 'garnish' | 'none'; garnish?: GarnishKind; heavy?: boolean };
export const GARNISH_KINDS = ['mint', 'lime-wheel', 'lemon-wheel', 'orange-twist', 'lemon-twist', 'cherry', 'olive', 'cucumber', 'chili', 'berries', 'umbrella', 'coffee-beans'] as const;
export type GarnishKind = (typeof GARNISH_KINDS)[number];

const liquid = (colour: string, heavy = false): IngredientLook => ({ colour, role: 'liquid', ...(heavy ? { heavy } : {}) });
const sparkling = (colour: string): IngredientLook => ({ colour, role: 'sparkling' });
const garnish = (kind: GarnishKind, colour: string): IngredientLook => ({ colour, role: 'garnish', garnish: kind });

const LOOKS: Record<string, IngredientLook> = {
  'London dry gin': liquid('eef4f7'), Vodka: liquid('f1f5f9'), 'Citrus vodka': liquid('f4f2d8'), 'White rum': liquid('f3f4f0'),
  'Aged rum': liquid('b8742a'), 'Dark rum': liquid('6b3514'), 'Blanco tequila': liquid('f2f3ea'), 'Reposado tequila': liquid('d9a548'),
  Mezcal: liquid('ece6c8'), Bourbon: liquid('b5651d'), 'Rye whiskey': liquid('a85a1b'), 'Blended Scotch whisky': liquid('c07a28'),
  'Islay single malt': liquid('c8902f'), Cognac: liquid('9c4f17'), Pisco: liquid('f1efe0'), 'Cachaça': liquid('efeed8'),
  Campari: liquid('c8102e'), Aperol: liquid('f26a1b'), 'Sweet vermouth': liquid('7a1f1a'), 'Dry vermouth': liquid('e9e6c4'),
  'Lillet Blanc': liquid('ead77a'), 'Triple sec': liquid('f4f1e4'), 'Orange curaçao': liquid('e8892a'), 'Coffee liqueur': liquid('3b2314'),
  'Maraschino liqueur': liquid('f3f1e6'), 'Green Chartreuse': liquid('8fbf3f'), 'Yellow Chartreuse': liquid('e7cf4a'), 'Amaro Nonino': liquid('b0641e'),
  'Crème de violette': liquid('8e6bb8'), 'Crème de mûre': liquid('5b1236', true), 'Elderflower liqueur': liquid('f1ecc0'), Amaretto: liquid('a0521d'),
  'Green crème de menthe': liquid('2fae5a'), 'White crème de cacao': liquid('f1ece0'), 'Irish cream liqueur': { colour: 'd9bf99', role: 'cream' },
  'Grand Marnier': liquid('d8862c'), 'Peach schnapps': liquid('f7c8a0'), Absinthe: liquid('9ccc65'),
  'Angostura bitters': liquid('6e1410'), "Peychaud's bitters": liquid('c0262d'),
  Prosecco: sparkling('f3e7a6'), Champagne: sparkling('f1e0a0'),
  'Fresh lime juice': liquid('dbe9a0'), 'Fresh lemon juice': liquid('f6ec9c'), 'Fresh orange juice': liquid('f7a531'),
  'Grapefruit juice': liquid('f5a39a'), 'Pineapple juice': liquid('f6d45b'), 'Cranberry juice': liquid('b3123c'), 'Tomato juice': liquid('c7281f'),
  'Simple syrup': liquid('f8f6ee'), 'Honey syrup': liquid('e6b44a'), 'Honey-ginger syrup': liquid('dfac4a'), 'Agave syrup': liquid('e9c46a'),
  Orgeat: liquid('f1e7d0'), Grenadine: liquid('b0102d', true), 'Raspberry syrup': liquid('c2185b', true), 'Elderflower syrup': liquid('f3eec6'),
  'Coconut cream': { colour: 'f8f4ea', role: 'cream' }, 'Fresh cream': { colour: 'fbf7ee', role: 'cream' }, 'Egg white': { colour: 'f7f1e3', role: 'foam' },
  Espresso: liquid('2a160c'),
  'Soda water': sparkling('eef6fa'), 'Tonic water': sparkling('eef5f8'), 'Ginger beer': sparkling('e9d9a6'), 'Ginger ale': sparkling('e3c27a'),
  Cola: sparkling('3a1b0c'), 'Grapefruit soda': sparkling('f6d7c9'), 'Sparkling mineral water': sparkling('eef6fa'), 'Lemon-lime soda': sparkling('eef7e6'),
  'Worcestershire sauce': liquid('3a1a0c'), 'Hot sauce': liquid('c1271a'), 'Celery salt': { colour: 'e9e3cf', role: 'rim' },
  'Fresh mint': garnish('mint', '2f8a3b'), Cucumber: garnish('cucumber', '7fb069'), 'Jalapeño': garnish('chili', '3f8f29'),
  'Lime wedge': garnish('lime-wheel', '7cb342'), 'Orange peel': garnish('orange-twist', 'f28c28'), 'Lemon peel': garnish('lemon-twist', 'f2d43d'),
  'Cocktail cherry': garnish('cherry', 'a3122b'), Olive: garnish('olive', '7d8f3a'), 'Mixed berries': garnish('berries', '6a1b4d'),
  'Sugar cube': { colour: 'ffffff', role: 'none' }, Salt: { colour: 'ffffff', role: 'rim' },
  Lager: sparkling('e8b73a'), 'India pale ale': sparkling('d98f2b'), Stout: sparkling('1f0f08'), 'Wheat beer': sparkling('ecc05a'),
  'Dry cider': sparkling('e9c866'), 'Sauvignon Blanc': liquid('efe7a8'), 'Pinot Noir': liquid('6d1024'), 'Dry rosé': liquid('f2a7a0'),
  'Black tea': liquid('8a4b1c'),
};

const BY_LOWER = new Map(Object.entries(LOOKS).map(([name, look]) => [name.toLowerCase(), look]));

/** The look of a canonical ingredient; an unknown one (free text, a new catalogue entry) tints nothing. */
export function ingredientLook(name: string): IngredientLook | null {
  return BY_LOWER.get(name.trim().toLowerCase()) ?? null;
}
