// What the Vibe Mixer and the AI chat offer to pick (docs/product.md §9): their own module, so the guest's first
// download, which reads shared/constants.ts, carries none of it (docs/decisions/275).
export const VIBE_MIN_PICKS = 2;
export const VIBE_MAX_PICKS = 3;

export const VIBE_OPTIONS = {
  spirits: [/*i18n*/ 'Vodka', /*i18n*/ 'Tequila', /*i18n*/ 'Rum', /*i18n*/ 'Gin', /*i18n*/ 'Whiskey', /*i18n*/ 'Mezcal'],
  flavors: [/*i18n*/ 'Tropical', /*i18n*/ 'Citrus', /*i18n*/ 'Herbal', /*i18n*/ 'Spicy', /*i18n*/ 'Floral', /*i18n*/ 'Smoky', /*i18n*/ 'Berry', /*i18n*/ 'Creamy'],
  styles: [/*i18n*/ 'Light', /*i18n*/ 'Bold', /*i18n*/ 'Dry', /*i18n*/ 'Sweet', /*i18n*/ 'Refreshing', /*i18n*/ 'Sophisticated'],
} as const;

export const CHAT_OPTIONS = {
  base: [/*i18n*/ 'Vodka', /*i18n*/ 'Tequila', /*i18n*/ 'Rum', /*i18n*/ 'Gin', /*i18n*/ 'Whiskey', /*i18n*/ 'Mezcal', /*i18n*/ 'None'],
  flavor: [/*i18n*/ 'Citrus', /*i18n*/ 'Tropical', /*i18n*/ 'Herbal', /*i18n*/ 'Spicy', /*i18n*/ 'Berries', /*i18n*/ 'Floral', /*i18n*/ 'Bitter', /*i18n*/ 'Creamy'],
  sweetness: [/*i18n*/ 'Dry', /*i18n*/ 'Balanced', /*i18n*/ 'Sweet'],
  strength: [/*i18n*/ 'Light', /*i18n*/ 'Standard', /*i18n*/ 'Bold'],
  extras: [/*i18n*/ 'Lime', /*i18n*/ 'Orange Juice', /*i18n*/ 'Guava', /*i18n*/ 'Mint', /*i18n*/ 'Ginger', /*i18n*/ 'Coconut', /*i18n*/ 'Pineapple', /*i18n*/ 'Cucumber'],
} as const;
