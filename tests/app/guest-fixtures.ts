// Canned API data for the guest screen tests.
import type { AiSuggestion } from '../../shared/schemas/ai';
import type { Cart, CartItem } from '../../shared/schemas/cart';
import type { Drink } from '../../shared/schemas/drink';
import type { Venue } from '../../shared/schemas/venue';

export const VENUE: Venue = {
  id: 'venue-artisan-000000001', slug: 'artisan-bar', name: 'The Artisan Bar', address: '12 Mercer St, New York',
  description: 'Craft cocktails', image_url: null, phone: '(212) 555-0142', logo_url: null, cover_image_url: null,
  theme_colors: { primary: '#b45309', secondary: '#78350f', background: '#fdf8f0', text: '#292018' },
  opening_hours: '', timezone: 'UTC', active: true, tax_rate_bp: 875, day_cutoff_minutes: 240, happy_hours: [], category_order: [], handoff: 'pickup', pickup_point: 'at the bar', default_language: 'en', translations: {}, takes_cards: false, pay_first: false, created_at: '2026-01-01T00:00:00.000Z',
};

export function drink(id: string, name: string, category: string, priceCents: number, extra: Partial<Drink> = {}): Drink {
  return {
    id, restaurant_id: VENUE.id, name, description: `${name} description`, price: priceCents / 100, price_cents: priceCents,
    category, image_url: null, available: true, tags: [], allergens: [], contains_alcohol: !['mocktail', 'non_alcoholic'].includes(category), unchecked_ingredients: [],
    ingredients_notes: null, featured: false, lang: 'en', ...extra,
  };
}

export const DRINKS: Drink[] = [
  drink('d-negroni-0000000001', 'Negroni', 'cocktail', 1400, { description: 'Gin, Campari and sweet vermouth, stirred' }),
  drink('d-ipa-000000000000002', 'Harbor IPA', 'beer', 800, { description: 'Hoppy and bright' }),
  drink('d-mojito-00000000003', 'Virgin Mojito', 'mocktail', 900, { description: 'Mint, lime and soda' }),
  drink('d-spritz-00000000004', 'Aperol Spritz', 'cocktail', 1250, { description: 'Bitter orange and prosecco' }),
];

/** An unsigned JWT-shaped token: the app only reads its claims. */
export function fakeGuestToken(guestId: string | null, sessionId = 'session-0000000000001') {
  const encode = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: sessionId, guest_id: guestId, exp: 4_000_000_000 })}.sig`;
}

export function guestSessionReply(guestId: string | null) {
  return { body: { token: fakeGuestToken(guestId), session_id: 'session-0000000000001', guest_id: guestId, signed_in: guestId !== null } };
}

export function cartItem(id: string, name: string, priceCents: number, qty: number): CartItem {
  return {
    menu_drink_id: id, line_key: id, modifiers: [], modifier_choices: [], name, qty, price: priceCents / 100, price_cents: priceCents, notes: null, image_url: null,
    is_ai_creation: false, ai_recipe_name: null, custom_name: null, recipe: null, allergens: [], contains_alcohol: true, available: true,
  };
}

export function cartOf(items: CartItem[]): Cart {
  const subtotal = items.reduce((n, i) => n + i.price_cents * i.qty, 0);
  const tax = Math.round((subtotal * 875) / 10_000);
  return { restaurant_id: VENUE.id, items, subtotal_cents: subtotal, tax_cents: tax, total_cents: subtotal + tax, total: (subtotal + tax) / 100 };
}

/** A chat or vibe suggestion of a menu drink, as POST /api/ai/chat and /api/ai/vibe answer. */
export const SUGGESTION: AiSuggestion = {
  interaction_id: 'int-1', backend: 'local', model: 'barhop-local-v1', fallback_reason: null, type: 'creation',
  previewName: 'Garden Gin Smash', blurb: 'Gin muddled with mint and lime.', heroImageUrl: null, tags: ['Gin', 'Herbal'],
  menuDrinkId: null, recipe: [{ ingredient: 'London dry gin', quantity: 50, unit: 'ml' }, { ingredient: 'Fresh mint', quantity: 6, unit: 'leaves' }],
  allergens: ['eggs'], contains_alcohol: true, garnish: 'Mint sprig', price_cents: 1800, price: 18, message: 'Try the Garden Gin Smash.',
  drink_name: 'Garden Gin Smash', image_url: null, description: 'Gin muddled with mint and lime.', menu_drink_id: null,
  confirm_with_staff: null, order_note: null, unchecked_ingredients: [],
};
