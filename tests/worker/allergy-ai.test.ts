// The floor's allergy findings (docs/decisions/238-190): a recipe line no ingredient vouches for gives the drink
// a "may contain" flag; what a guest tells the AI bartender reaches the ticket; drink classes carry their
// allergens and the reply says so in the guest's language; "fruity" within a constraint and refinements.
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveDrinkFacts, ingredientAllergens } from '../../shared/drink-facts';
import { holdsGuestConstraint } from '../../shared/guest-constraint-note';
import { AiSuggestion, type ChatMessage } from '../../shared/schemas/ai';
import { Drink, DrinkDetailResponse } from '../../shared/schemas/drink';
import { loadGrounding, type Grounding } from '../../worker/ai/grounding';
import { drinkTagSet, FRUIT_FLAVOURS } from '../../worker/ai/local-engine';
import { cannotRefineMark, suggestionLevel } from '../../worker/ai/refinement';
import * as schema from '../../worker/db/schema';
import { DEMO_EMAILS, mintToken } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { countRows, guestToken } from './order-helpers';

const SLUG = 'artisan-bar';
let admin: string;
let staff: string;
let bourbon: { id: string };

beforeAll(async () => {
  [admin, staff] = await Promise.all([mintToken(DEMO_EMAILS.admin), mintToken(DEMO_EMAILS.staff)]);
  bourbon = (await env.DB.prepare("SELECT id FROM ingredients WHERE lower(name) = 'bourbon'").first<{ id: string }>())!;
});

const chat = async (token: string, messages: ChatMessage[], slug = SLUG) => {
  const res = await call('POST', '/api/ai/chat', { token, body: { slug, messages } });
  expect(res.status, res.text).toBe(200);
  return AiSuggestion.parse(res.json);
};
const said = (content: string): ChatMessage => ({ role: 'user', content });
const answered = (s: AiSuggestion): ChatMessage => ({ role: 'assistant', content: s.message, suggestion: { name: s.previewName, menu_drink_id: s.menuDrinkId } });

describe('a recipe line typed as free text', () => {
  it('gives the drink "may contain" names on the drink page, the menu and the admin list until it is matched', async () => {
    const created = await call('POST', '/api/admin/menu-drinks', {
      token: admin,
      body: { name: 'Disaronno Sour', price_cents: 1300, recipe: [
        { ingredient_id: bourbon.id, raw_name: 'Bourbon', quantity: 30, unit: 'ml' },
        { raw_name: 'Disaronno', quantity: 30, unit: 'ml' },
      ] },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.drink.id as string;

    const page = DrinkDetailResponse.parse((await call('GET', `/api/drinks/${id}?slug=${SLUG}`)).json).drink;
    expect(page.unchecked_ingredients).toEqual(['Disaronno']);
    const menu = (await call('GET', `/api/drinks?slug=${SLUG}`)).json.drinks as unknown[];
    expect(menu.map((d) => Drink.parse(d)).find((d) => d.id === id)?.unchecked_ingredients).toEqual(['Disaronno']);
    const adminList = (await call('GET', '/api/admin/menu-drinks', { token: admin })).json.drinks as { id: string; unchecked_ingredients: string[] }[];
    expect(adminList.find((d) => d.id === id)?.unchecked_ingredients).toEqual(['Disaronno']);

    // The AI's card of that drink says the same.
    const { token } = await guestToken();
    const s = await chat(token, [said('Can I get a Disaronno Sour?')]);
    expect(s.previewName).toBe('Disaronno Sour');
    expect(s.unchecked_ingredients).toEqual(['Disaronno']);

    // Matched to an ingredient, the flag goes.
    const amaretto = (await env.DB.prepare("SELECT id FROM ingredients WHERE lower(name) = 'amaretto'").first<{ id: string }>())!;
    const matched = await call('PATCH', `/api/admin/menu-drinks/${id}`, {
      token: admin,
      body: { recipe: [
        { ingredient_id: bourbon.id, raw_name: 'Bourbon', quantity: 30, unit: 'ml' },
        { ingredient_id: amaretto.id, raw_name: 'Disaronno', quantity: 30, unit: 'ml' },
      ] },
    });
    expect(matched.status, matched.text).toBe(200);
    const after = DrinkDetailResponse.parse((await call('GET', `/api/drinks/${id}?slug=${SLUG}`)).json).drink;
    expect(after.unchecked_ingredients).toEqual([]);
    expect(after.allergens).toContain('tree nuts');
  });
});

describe('an allergy said to the AI bartender', () => {
  it('comes back as the suggestion\'s warning and ticket note, in the chat and the vibe mixer alike', async () => {
    const { token } = await guestToken();
    const s = await chat(token, [said('I have a nut allergy'), answered(await chat(token, [said('I have a nut allergy')])), said('something tropical')]);
    expect(s.order_note).toBe('Allergy: nuts (said to the AI bartender)');
    expect(s.confirm_with_staff).toBe('With an allergy, please confirm with the bar staff when you order.');
    expect(s.message).not.toContain('confirm with the bar staff');
    const vibe = await call('POST', '/api/ai/vibe', { token, body: { slug: SLUG, selectedCategories: ['Rum', 'Tropical'], additionalRequest: 'nut allergy' } });
    expect(AiSuggestion.parse(vibe.json).confirm_with_staff).toBe('With an allergy, please confirm with the bar staff when you order.');
    const none = await chat(token, [said('something smoky with whiskey')]);
    expect([none.order_note, none.confirm_with_staff]).toEqual([null, null]);
  });

  it('travels with the order to the staff queue, where it reads as a constraint', async () => {
    const { token } = await guestToken();
    const s = await chat(token, [said('I have a nut allergy, something tropical')]);
    const item = s.type === 'menu' ? { menu_drink_id: s.menuDrinkId! } : { is_ai_creation: true, ai_interaction_id: s.interaction_id, name: s.previewName };
    const placed = await call('POST', '/api/orders/quick', {
      token, body: { slug: SLUG, item, referred_by_ai: true, ai_recipe_name: s.previewName, special_instructions: s.order_note },
    });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.order.special_instructions).toBe('Allergy: nuts (said to the AI bartender)');
    const queue = (await call('GET', '/api/staff/queue', { token: staff })).json.orders as { id: string; special_instructions: string | null }[];
    const ticket = queue.find((o) => o.id === placed.json.id);
    expect(ticket?.special_instructions).toBe('Allergy: nuts (said to the AI bartender)');
    expect(holdsGuestConstraint(ticket?.special_instructions)).toBe(true);
  });

  it('refuses quick-order instructions past 500 characters with a clear error and places nothing', async () => {
    const { token } = await guestToken();
    const drink = (await env.DB.prepare("SELECT m.id FROM menu_drinks m JOIN venues v ON v.id = m.restaurant_id WHERE v.slug = ? AND m.is_available = 1 AND m.sold_out_reason IS NULL LIMIT 1").bind(SLUG).first<{ id: string }>())!;
    const before = await countRows('SELECT count(*) AS n FROM orders');
    const res = await call('POST', '/api/orders/quick', { token, body: { slug: SLUG, item: { menu_drink_id: drink.id }, special_instructions: 'x'.repeat(501) } });
    const error = expectApiError(res, 400);
    expect((error.details as { path: string }[]).map((d) => d.path)).toContain('special_instructions');
    expect(await countRows('SELECT count(*) AS n FROM orders')).toBe(before);
  });
});

describe('drink classes carry their allergens', () => {
  it('wine, fortified wine and cider are sulphited and beer has gluten, whatever the ingredient lists', () => {
    expect(ingredientAllergens({ category: 'wine', allergens: [] })).toEqual(['sulphites']);
    expect(ingredientAllergens({ category: 'beer', allergens: ['Gluten'] })).toEqual(['Gluten']);
    expect(deriveDrinkFacts({ category: 'cocktail', extraAllergens: [], lines: [{ ingredient: { category: 'fortified wine', allergens: [] } }] }).allergens).toEqual(['sulphites']);
  });

  it('"Allergic to sulphites, red wine" says wine contains sulphites, in the guest\'s language, and pours none', async () => {
    const { token } = await guestToken();
    for (const [text, sentence] of [
      ['Allergic to sulphites, red wine', 'Wine contains sulphites'],
      ['Soy alérgica a los sulfitos, vino tinto', 'El vino contiene sulfitos'],
      ['Ich bin allergisch gegen Sulfite, Rotwein bitte', 'Wein enthält Sulfite'],
    ] as const) {
      const s = await chat(token, [said(text)], 'rooftop-lounge');
      expect(s.message, text).toContain(sentence);
      expect(s.allergens, text).not.toContain('sulphites');
    }
  });
});

describe('manners', () => {
  let grounding: Grounding;
  beforeAll(async () => {
    const venue = (await env.DB.prepare('SELECT id, slug, name FROM venues WHERE slug = ?').bind(SLUG).first<{ id: string; slug: string; name: string }>())!;
    grounding = await loadGrounding(drizzle(env.DB, { schema }), venue);
  });
  const fruitIn = (s: AiSuggestion) => {
    const tags = s.menuDrinkId ? drinkTagSet(grounding.drinks.find((d) => d.id === s.menuDrinkId)!) : new Set([...s.tags, ...s.recipe.flatMap((l) => grounding.stock.find((i) => i.name === l.ingredient)?.flavors ?? [])].map((t) => t.toLowerCase()));
    return FRUIT_FLAVOURS.some((f) => tags.has(f.toLowerCase()));
  };

  it('"I\'m pregnant, something fruity" gives a fruity alcohol-free drink', async () => {
    const { token } = await guestToken();
    const s = await chat(token, [said("I'm pregnant, something fruity")]);
    expect(s.contains_alcohol).toBe(false);
    expect(fruitIn(s), s.previewName).toBe(true);
  });

  it('"make it a bit stronger" changes the drink to a stronger one, or says why not', async () => {
    const { token } = await guestToken();
    const first = await chat(token, [said('something fruity')]);
    const stronger = await chat(token, [said('something fruity'), answered(first), said('make it a bit stronger')]);
    const moved = stronger.previewName !== first.previewName
      && suggestionLevel(grounding, { name: stronger.previewName, menu_drink_id: stronger.menuDrinkId }, 'strength')
        > suggestionLevel(grounding, { name: first.previewName, menu_drink_id: first.menuDrinkId }, 'strength');
    expect(moved || stronger.message.includes(cannotRefineMark('en')), stronger.message).toBe(true);

    const pregnant = await chat(token, [said("I'm pregnant, something fruity")]);
    const refused = await chat(token, [said("I'm pregnant, something fruity"), answered(pregnant), said('make it a bit stronger')]);
    expect(refused.message).toContain("It has to stay alcohol-free, so I can't make it stronger.");
    expect(refused.contains_alcohol).toBe(false);
  });
});
