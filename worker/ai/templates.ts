// Classic drink shapes the local engine fills with the venue's in-stock ingredients when nothing on
// the menu fits. A slot names a role; the role decides which stocked ingredients may fill it.
import type { GroundedIngredient } from './grounding';

export type SlotRole =
  | 'base' | 'sour_citrus' | 'juice' | 'sweetener' | 'orange_liqueur' | 'aperitivo' | 'sparkling'
  | 'soda' | 'ginger' | 'vermouth' | 'bitters' | 'cream' | 'creamy_liqueur' | 'herb' | 'muddle';

const has = (ingredient: GroundedIngredient, flavor: string) => ingredient.flavors.includes(flavor);
const named = (ingredient: GroundedIngredient, pattern: RegExp) => pattern.test(ingredient.name);

/** Which stocked ingredients can fill a role. */
export const ROLE_FITS: Record<SlotRole, (i: GroundedIngredient) => boolean> = {
  base: (i) => i.category === 'spirit' && !named(i, /absinthe/i),
  sour_citrus: (i) => i.category === 'juice' && named(i, /lime|lemon/i),
  juice: (i) => i.category === 'juice' && !named(i, /lime|lemon|tomato/i),
  sweetener: (i) => i.category === 'syrup',
  orange_liqueur: (i) => i.category === 'liqueur' && has(i, 'Citrus'),
  aperitivo: (i) => (i.category === 'liqueur' && has(i, 'Bitter')) || (i.category === 'fortified wine' && has(i, 'Floral')) || named(i, /elderflower liqueur/i),
  sparkling: (i) => i.category === 'wine' && named(i, /prosecco|champagne|cava|sparkling|cr[ée]mant/i),
  soda: (i) => i.category === 'mixer' && has(i, 'Refreshing') && !named(i, /ginger/i),
  ginger: (i) => i.category === 'mixer' && named(i, /ginger/i),
  // A martini's vermouth is dry (or a blanc aperitif): a "Dry Martini" with sweet vermouth is another drink.
  vermouth: (i) => i.category === 'fortified wine' && !named(i, /sweet|rosso|red/i),
  bitters: (i) => i.category === 'bitters',
  cream: (i) => (i.category === 'dairy' || i.category === 'mixer' || i.category === 'other') && has(i, 'Creamy'),
  creamy_liqueur: (i) => i.category === 'liqueur' && has(i, 'Creamy'),
  herb: (i) => i.category === 'garnish' && has(i, 'Herbal'),
  // A smash muddles herbs or fresh berries.
  muddle: (i) => i.category === 'garnish' && (has(i, 'Herbal') || has(i, 'Berry')),
};

export type TemplateSlot = { role: SlotRole; quantity: number; unit: string; optional?: boolean };

export type DrinkTemplate = {
  key: string;
  label: string;
  glass: string;
  /** How the bar builds it, used in the blurb ("shaken", "stirred", ...). */
  method: string;
  /** The vibe vocabulary this shape naturally delivers. */
  styleTags: string[];
  strength: 'Light' | 'Standard' | 'Bold';
  sweetness: 'Dry' | 'Balanced' | 'Sweet';
  alcoholic: boolean;
  /** Base spirits the shape suits; empty means any. */
  bases: string[];
  slots: TemplateSlot[];
};

export const DRINK_TEMPLATES: readonly DrinkTemplate[] = [
  {
    key: 'sour', label: 'Sour', glass: 'coupe', method: 'shaken', styleTags: ['Citrus', 'Refreshing', 'Creamy'],
    strength: 'Standard', sweetness: 'Balanced', alcoholic: true, bases: [],
    slots: [{ role: 'base', quantity: 50, unit: 'ml' }, { role: 'sour_citrus', quantity: 25, unit: 'ml' }, { role: 'sweetener', quantity: 20, unit: 'ml' }, { role: 'cream', quantity: 1, unit: 'piece', optional: true }],
  },
  {
    key: 'highball', label: 'Highball', glass: 'highball', method: 'built over ice', styleTags: ['Light', 'Refreshing'],
    strength: 'Light', sweetness: 'Dry', alcoholic: true, bases: [],
    slots: [{ role: 'base', quantity: 45, unit: 'ml' }, { role: 'soda', quantity: 120, unit: 'ml' }, { role: 'sour_citrus', quantity: 10, unit: 'ml', optional: true }],
  },
  {
    key: 'old_fashioned', label: 'Old Fashioned', glass: 'rocks', method: 'stirred', styleTags: ['Bold', 'Sophisticated', 'Smoky'],
    strength: 'Bold', sweetness: 'Balanced', alcoholic: true, bases: ['Whiskey', 'Rum', 'Mezcal', 'Tequila'],
    slots: [{ role: 'base', quantity: 60, unit: 'ml' }, { role: 'sweetener', quantity: 7.5, unit: 'ml' }, { role: 'bitters', quantity: 2, unit: 'dash' }],
  },
  {
    key: 'spritz', label: 'Spritz', glass: 'wine', method: 'built over ice', styleTags: ['Light', 'Refreshing', 'Floral'],
    strength: 'Light', sweetness: 'Balanced', alcoholic: true, bases: [],
    slots: [{ role: 'aperitivo', quantity: 60, unit: 'ml' }, { role: 'sparkling', quantity: 90, unit: 'ml' }, { role: 'soda', quantity: 30, unit: 'ml' }],
  },
  {
    key: 'mule', label: 'Mule', glass: 'copper mug', method: 'built over ice', styleTags: ['Spicy', 'Refreshing', 'Citrus'],
    strength: 'Standard', sweetness: 'Balanced', alcoholic: true, bases: [],
    slots: [{ role: 'base', quantity: 45, unit: 'ml' }, { role: 'sour_citrus', quantity: 15, unit: 'ml' }, { role: 'ginger', quantity: 120, unit: 'ml' }],
  },
  {
    key: 'martini', label: 'Martini', glass: 'coupe', method: 'stirred', styleTags: ['Dry', 'Bold', 'Sophisticated', 'Herbal'],
    strength: 'Bold', sweetness: 'Dry', alcoholic: true, bases: ['Gin', 'Vodka'],
    slots: [{ role: 'base', quantity: 60, unit: 'ml' }, { role: 'vermouth', quantity: 15, unit: 'ml' }, { role: 'bitters', quantity: 1, unit: 'dash', optional: true }],
  },
  {
    key: 'fizz', label: 'Fizz', glass: 'highball', method: 'shaken and topped with soda', styleTags: ['Citrus', 'Refreshing', 'Light'],
    strength: 'Light', sweetness: 'Balanced', alcoholic: true, bases: [],
    slots: [{ role: 'base', quantity: 45, unit: 'ml' }, { role: 'sour_citrus', quantity: 25, unit: 'ml' }, { role: 'sweetener', quantity: 15, unit: 'ml' }, { role: 'soda', quantity: 60, unit: 'ml' }],
  },
  {
    key: 'daisy', label: 'Daisy', glass: 'coupe', method: 'shaken', styleTags: ['Citrus', 'Bold'],
    strength: 'Standard', sweetness: 'Balanced', alcoholic: true, bases: [],
    slots: [{ role: 'base', quantity: 45, unit: 'ml' }, { role: 'orange_liqueur', quantity: 20, unit: 'ml' }, { role: 'sour_citrus', quantity: 25, unit: 'ml' }],
  },
  {
    key: 'smash', label: 'Smash', glass: 'rocks', method: 'muddled and shaken', styleTags: ['Refreshing'],
    strength: 'Standard', sweetness: 'Balanced', alcoholic: true, bases: [],
    slots: [{ role: 'base', quantity: 50, unit: 'ml' }, { role: 'muddle', quantity: 6, unit: 'leaves' }, { role: 'sour_citrus', quantity: 20, unit: 'ml' }, { role: 'sweetener', quantity: 15, unit: 'ml' }],
  },
  {
    key: 'flip', label: 'Cream Flip', glass: 'coupe', method: 'shaken hard', styleTags: ['Creamy', 'Sweet'],
    strength: 'Standard', sweetness: 'Sweet', alcoholic: true, bases: [],
    slots: [{ role: 'base', quantity: 30, unit: 'ml' }, { role: 'creamy_liqueur', quantity: 30, unit: 'ml' }, { role: 'cream', quantity: 30, unit: 'ml' }],
  },
  {
    key: 'punch', label: 'Punch', glass: 'hurricane', method: 'shaken', styleTags: ['Tropical', 'Sweet', 'Berry'],
    strength: 'Standard', sweetness: 'Sweet', alcoholic: true, bases: [],
    slots: [{ role: 'base', quantity: 45, unit: 'ml' }, { role: 'juice', quantity: 60, unit: 'ml' }, { role: 'sour_citrus', quantity: 15, unit: 'ml' }, { role: 'sweetener', quantity: 10, unit: 'ml' }],
  },
  {
    key: 'zero_cooler', label: 'Cooler', glass: 'highball', method: 'built over ice', styleTags: ['Light', 'Refreshing', 'Citrus'],
    strength: 'Light', sweetness: 'Balanced', alcoholic: false, bases: [],
    slots: [{ role: 'juice', quantity: 90, unit: 'ml' }, { role: 'sour_citrus', quantity: 20, unit: 'ml' }, { role: 'sweetener', quantity: 15, unit: 'ml' }, { role: 'soda', quantity: 90, unit: 'ml' }, { role: 'herb', quantity: 6, unit: 'leaves', optional: true }],
  },
  {
    key: 'zero_smash', label: 'Smash', glass: 'rocks', method: 'muddled, shaken and topped with soda', styleTags: ['Refreshing', 'Light'],
    strength: 'Light', sweetness: 'Balanced', alcoholic: false, bases: [],
    slots: [{ role: 'muddle', quantity: 6, unit: 'leaves' }, { role: 'sour_citrus', quantity: 20, unit: 'ml' }, { role: 'sweetener', quantity: 15, unit: 'ml' }, { role: 'soda', quantity: 90, unit: 'ml' }],
  },
  {
    key: 'zero_buck', label: 'Ginger Buck', glass: 'highball', method: 'built over ice', styleTags: ['Spicy', 'Refreshing', 'Light'],
    strength: 'Light', sweetness: 'Balanced', alcoholic: false, bases: [],
    slots: [{ role: 'sour_citrus', quantity: 20, unit: 'ml' }, { role: 'sweetener', quantity: 10, unit: 'ml' }, { role: 'ginger', quantity: 150, unit: 'ml' }, { role: 'herb', quantity: 6, unit: 'leaves', optional: true }],
  },
];

/** Words for creation names, one per vibe tag. */
export const TAG_DESCRIPTORS: Record<string, string> = {
  Tropical: 'Tropical', Citrus: 'Bright', Herbal: 'Garden', Spicy: 'Spiced', Floral: 'Blossom', Smoky: 'Smoky',
  Berry: 'Berry', Creamy: 'Velvet', Light: 'Breezy', Bold: 'Bold', Dry: 'Dry', Sweet: 'Sweet', Refreshing: 'Cool',
  Sophisticated: 'Noble', Bitter: 'Bittersweet',
};

/** Names a creative setting may lead with instead (picked deterministically). */
export const EVOCATIVE_WORDS = ['Midnight', 'Golden Hour', 'Velvet', 'Ember', 'Moonlit', 'Last Light', 'Harbor', 'Neon'];
