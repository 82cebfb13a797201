// /api/ai/*: validation, roles, rate limits, interaction logging and the order link.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AiKpis, AiSettingsResponse, AiSuggestion, FlavorRule } from '../../shared/schemas/ai';
import { call, expectApiError } from './helpers';
import { availableDrinks, countRows, guestToken, staffToken, venueId } from './order-helpers';

const SLUG = 'artisan-bar';
const interactions = () => countRows('SELECT count(*) AS n FROM ai_interactions');

async function vibe(token: string, selectedCategories: string[], extra: Record<string, unknown> = {}) {
  return call('POST', '/api/ai/vibe', { token, body: { slug: SLUG, selectedCategories, preferenceCount: selectedCategories.length, ...extra } });
}

describe('guest suggestion calls', () => {
  it('rejects vibe requests with fewer than 2 or more than 3 picks, or unknown tags, and stores nothing', async () => {
    const { token } = await guestToken();
    const before = await interactions();
    for (const picks of [[], ['Gin'], ['Gin', 'Herbal', 'Light', 'Dry'], ['Gin', 'Jellybean'], ['Gin', 'Gin']]) {
      const error = expectApiError(await vibe(token, picks), 400);
      expect(error.code).toBe('invalid_request');
      expect(error.details).toBeTruthy();
    }
    expect(expectApiError(await call('POST', '/api/ai/vibe', { token, body: { selectedCategories: ['Gin', 'Herbal'] } }), 400).message).toBe('Invalid request');
    expect(await interactions()).toBe(before);
  });

  it('needs a guest device token and an active venue', async () => {
    expectApiError(await call('POST', '/api/ai/vibe', { body: { slug: SLUG, selectedCategories: ['Gin', 'Herbal'] } }), 401);
    expectApiError(await call('POST', '/api/ai/vibe', { token: await staffToken('staff@barhop.dev'), body: { slug: SLUG, selectedCategories: ['Gin', 'Herbal'] } }), 401);
    const { token } = await guestToken();
    expectApiError(await vibe(token, ['Gin', 'Herbal'], { slug: 'velvet-speakeasy' }), 404);
  });

  it('answers a vibe with a grounded suggestion from the local engine and logs the interaction', async () => {
    const { token, ownerKey } = await guestToken();
    const res = await vibe(token, ['Gin', 'Herbal'], { additionalRequest: 'not too sweet' });
    expect(res.status, res.text).toBe(200);
    const s = AiSuggestion.parse(res.json);
    expect(s.backend).toBe('local');
    expect(s.model).toBe('barhop-local-v1');
    expect(s.drink_name).toBe(s.previewName);
    expect(s.menu_drink_id).toBe(s.menuDrinkId);
    if (s.type === 'menu') expect((await availableDrinks(SLUG)).map((d) => d.id)).toContain(s.menuDrinkId);
    const row = await env.DB.prepare('SELECT * FROM ai_interactions WHERE id = ?').bind(s.interaction_id).first<any>();
    expect(row).toMatchObject({ kind: 'vibe', owner_key: ownerKey, backend: 'local', selected_drink_name: s.previewName, was_ordered: 0, restaurant_id: await venueId(SLUG) });
    expect(row.query).toBe('Gin, Herbal — not too sweet');
    // Same input, same answer.
    const again = AiSuggestion.parse((await vibe(token, ['Gin', 'Herbal'], { additionalRequest: 'not too sweet' })).json);
    expect({ ...again, interaction_id: '' }).toEqual({ ...s, interaction_id: '' });
  });

  it('chats: blank messages are refused; answers carry the call-table aliases', async () => {
    const { token } = await guestToken();
    const before = await interactions();
    for (const messages of [[], [{ role: 'user', content: '   ' }], [{ role: 'assistant', content: 'Hi!' }]]) {
      expectApiError(await call('POST', '/api/ai/chat', { token, body: { slug: SLUG, messages } }), 400);
    }
    expect(await interactions()).toBe(before);
    const res = await call('POST', '/api/ai/chat', {
      token,
      body: { slug: SLUG, messages: [{ role: 'user', content: 'something smoky with mezcal' }], context: { baseSpirit: 'Mezcal', flavors: ['Smoky'], extras: [], sweetness: 'Dry', strength: 'Bold' } },
    });
    expect(res.status, res.text).toBe(200);
    const s = AiSuggestion.parse(res.json);
    expect(s.message.length).toBeGreaterThan(0);
    expect(s.tags.join(' ')).toMatch(/Smoky|Mezcal|Bold/);
    expect(await interactions()).toBe(before + 1);
  });

  it('recommend-new composes a creation priced at $18.00 from stock', async () => {
    const { token } = await guestToken();
    expectApiError(await call('POST', '/api/ai/recommend-new', { token, body: { slug: SLUG, limit: 2 } }), 400);
    const res = await call('POST', '/api/ai/recommend-new', {
      token, body: { slug: SLUG, available_ingredients: ['Bourbon', 'Fresh lemon juice', 'Simple syrup', 'Angostura bitters'], preferences: ['Whiskey', 'Citrus'], additional_request: 'a sour please', limit: 1 },
    });
    expect(res.status, res.text).toBe(200);
    const s = AiSuggestion.parse(res.json);
    expect(s).toMatchObject({ type: 'creation', menu_drink_id: null, price_cents: 1800, price: 18 });
    expect(s.recipe.map((l) => l.ingredient)).toContain('Bourbon');
    for (const line of s.recipe) expect(['Bourbon', 'Fresh lemon juice', 'Simple syrup', 'Angostura bitters']).toContain(line.ingredient);
  });

  it('limits AI calls per guest session with 429 and Retry-After', async () => {
    const { token, sessionId } = await guestToken();
    // Fill the window as if 30 suggestions were already made.
    const windowStart = new Date(Math.floor(Date.now() / 600_000) * 600_000).toISOString();
    await env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 30)').bind(`ai-suggest-session:${sessionId}`, windowStart).run();
    const before = await interactions();
    const res = await vibe(token, ['Gin', 'Herbal']);
    expect(expectApiError(res, 429).code).toBe('rate_limited');
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await interactions()).toBe(before);
    // Another device is not affected.
    expect((await vibe((await guestToken()).token, ['Gin', 'Herbal'])).status).toBe(200);
  });

  it('stores a free log payload as a log interaction', async () => {
    const { token } = await guestToken();
    expectApiError(await call('POST', '/api/ai/log', { token, body: { event: 'opened' } }), 400);
    // One name for the venue (docs/decisions/228): the old aliases no longer name it.
    for (const alias of ['venue_slug', 'restaurant_slug', 'restaurant_id']) {
      expectApiError(await call('POST', '/api/ai/log', { token, body: { [alias]: SLUG, event: 'opened' } }), 400);
    }
    const chat = await call('POST', '/api/ai/chat', { token, body: { venue_slug: SLUG, messages: [{ role: 'user', content: 'gin' }] } });
    expectApiError(chat, 400);
    expect(chat.text).toContain('slug is required');
    const res = await call('POST', '/api/ai/log', { token, body: { slug: SLUG, event: 'suggestion_viewed', drink_name: 'Negroni' } });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare('SELECT kind, query, selected_drink_name FROM ai_interactions WHERE id = ?').bind(res.json.id).first();
    expect(row).toEqual({ kind: 'log', query: 'suggestion_viewed', selected_drink_name: 'Negroni' });
  });
});

describe('interactions: feedback and orders', () => {
  it('lets the guest like or dislike their own suggestion only', async () => {
    const guest = await guestToken();
    const s = AiSuggestion.parse((await vibe(guest.token, ['Rum', 'Tropical'])).json);
    expectApiError(await call('POST', `/api/ai/interactions/${s.interaction_id}/feedback`, { token: guest.token, body: { feedback: 'love' } }), 400);
    expect((await call('POST', `/api/ai/interactions/${s.interaction_id}/feedback`, { token: guest.token, body: { feedback: 'like' } })).status).toBe(200);
    expect(await countRows("SELECT count(*) AS n FROM ai_interactions WHERE id = ? AND feedback = 'like'", s.interaction_id)).toBe(1);
    const other = await guestToken();
    expectApiError(await call('POST', `/api/ai/interactions/${s.interaction_id}/feedback`, { token: other.token, body: { feedback: 'dislike' } }), 404);
    expect(await countRows("SELECT count(*) AS n FROM ai_interactions WHERE id = ? AND feedback = 'like'", s.interaction_id)).toBe(1);
  });

  it('marks an interaction ordered once an AI-referred order of the same guest exists', async () => {
    const guest = await guestToken();
    const s = AiSuggestion.parse((await vibe(guest.token, ['Gin', 'Citrus'])).json);
    const item = s.type === 'menu'
      ? { menu_drink_id: s.menuDrinkId! }
      : { is_ai_creation: true, ai_recipe_name: s.previewName, name: s.previewName, recipe: s.recipe };
    const placed = await call('POST', '/api/orders/quick', { token: guest.token, body: { slug: SLUG, item, referred_by_ai: true, ai_recipe_name: s.previewName } });
    expect(placed.status, placed.text).toBeLessThan(300);
    const orderId = placed.json.id as string;

    const other = await guestToken();
    expectApiError(await call('POST', `/api/ai/interactions/${s.interaction_id}/ordered`, { token: other.token, body: { order_id: orderId } }), 404);
    expectApiError(await call('POST', `/api/ai/interactions/${s.interaction_id}/ordered`, { token: guest.token, body: {} }), 400);

    const res = await call('POST', `/api/ai/interactions/${s.interaction_id}/ordered`, { token: guest.token, body: { order_id: orderId } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ id: s.interaction_id, was_ordered: true, order_id: orderId });
    const row = await env.DB.prepare('SELECT was_ordered, order_id FROM ai_interactions WHERE id = ?').bind(s.interaction_id).first();
    expect(row).toEqual({ was_ordered: 1, order_id: orderId });
    const order = await env.DB.prepare('SELECT referred_by_ai, ai_recipe_name, ai_interaction_id FROM orders WHERE id = ?').bind(orderId).first();
    expect(order).toEqual({ referred_by_ai: 1, ai_recipe_name: s.previewName, ai_interaction_id: s.interaction_id });

    // Staff see it as an AI order.
    const staff = await call('GET', '/api/staff/ai-orders', { token: await staffToken('staff@barhop.dev') });
    expect(JSON.stringify(staff.json)).toContain(orderId);
  });

  it('refuses to mark an order that was not AI-referred', async () => {
    const guest = await guestToken();
    const s = AiSuggestion.parse((await vibe(guest.token, ['Whiskey', 'Bold'])).json);
    const [drink] = await availableDrinks(SLUG);
    const placed = await call('POST', '/api/orders/quick', { token: guest.token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
    expect(placed.status, placed.text).toBeLessThan(300);
    const error = expectApiError(await call('POST', `/api/ai/interactions/${s.interaction_id}/ordered`, { token: guest.token, body: { order_id: placed.json.id } }), 409);
    expect(error.code).toBe('not_ai_referred');
    expect(await countRows('SELECT count(*) AS n FROM ai_interactions WHERE id = ? AND was_ordered = 1', s.interaction_id)).toBe(0);
  });
});

describe('venue AI settings and analytics (admins)', () => {
  it('reads and updates the admin venue settings, naming the back end in use', async () => {
    const admin = await staffToken('admin@barhop.dev');
    const res = await call('GET', '/api/ai/admin/settings', { token: admin });
    expect(res.status).toBe(200);
    const settings = AiSettingsResponse.parse(res.json);
    expect(settings).toMatchObject({ ai_config: { temperature: 0.7, max_tokens: 600, creativity_level: 'balanced' }, backend: 'local', model: 'barhop-local-v1' });

    for (const bad of [{ temperature: 1.5, max_tokens: 600, creativity_level: 'balanced' }, { temperature: 0.7, max_tokens: 125, creativity_level: 'balanced' },
      { temperature: 0.7, max_tokens: 1050, creativity_level: 'balanced' }, { temperature: 0.7, max_tokens: 600, creativity_level: 'wild' }, { temperature: 0.75, max_tokens: 600, creativity_level: 'balanced' }]) {
      expectApiError(await call('POST', '/api/ai/admin/settings', { token: admin, body: bad }), 400);
    }
    const saved = await call('POST', '/api/ai/admin/settings', { token: admin, body: { temperature: 0.3, max_tokens: 350, creativity_level: 'conservative' } });
    expect(saved.status).toBe(200);
    expect(saved.json.current_settings).toEqual({ temperature: 0.3, max_tokens: 350, creativity_level: 'conservative' });
    expect(await countRows("SELECT count(*) AS n FROM ai_settings WHERE restaurant_id = ? AND creativity_level = 'conservative'", await venueId(SLUG))).toBe(1);
    // The other venue's admin changes only their own venue.
    await call('POST', '/api/ai/admin/settings', { token: await staffToken('admin2@barhop.dev'), body: { temperature: 1, max_tokens: 1000, creativity_level: 'creative' } });
    expect((await call('GET', '/api/ai/admin/settings', { token: admin })).json.ai_config.creativity_level).toBe('conservative');
    expect(await countRows("SELECT count(*) AS n FROM ai_settings WHERE restaurant_id = ? AND creativity_level = 'creative'", await venueId('rooftop-lounge'))).toBe(1);
  });

  it('keeps settings to admins; a super admin names the venue', async () => {
    expectApiError(await call('GET', '/api/ai/admin/settings', { token: await staffToken('staff@barhop.dev') }), 403);
    expectApiError(await call('GET', '/api/ai/admin/settings', { token: (await guestToken()).token }), 401);
    expectApiError(await call('GET', '/api/ai/admin/settings'), 401);
    const superadmin = await staffToken('superadmin@barhop.dev');
    expectApiError(await call('GET', '/api/ai/admin/settings', { token: superadmin }), 400);
    expect((await call('GET', `/api/ai/admin/settings?restaurant_id=${SLUG}`, { token: superadmin })).status).toBe(200);
  });

  it('settings change what the engine suggests', async () => {
    const admin = await staffToken('admin@barhop.dev');
    const { token } = await guestToken();
    const sweep = [['Gin', 'Floral'], ['Vodka', 'Berry'], ['Tequila', 'Spicy'], ['Rum', 'Creamy'], ['Whiskey', 'Smoky'], ['Herbal', 'Sweet'], ['Citrus', 'Bold'], ['Mezcal', 'Light']];
    const run = async () => Promise.all(sweep.map(async (picks) => AiSuggestion.parse((await vibe(token, picks)).json).previewName));
    await call('POST', '/api/ai/admin/settings', { token: admin, body: { temperature: 0.1, max_tokens: 600, creativity_level: 'conservative' } });
    const conservative = await run();
    await call('POST', '/api/ai/admin/settings', { token: admin, body: { temperature: 1, max_tokens: 600, creativity_level: 'creative' } });
    expect(await run()).not.toEqual(conservative);
  });

  it('reports the last 30 days of AI analytics for the admin venue', async () => {
    const admin = await staffToken('admin@barhop.dev');
    const res = await call('GET', '/api/ai/admin/analytics', { token: admin });
    expect(res.status).toBe(200);
    const a = res.json.analytics;
    expect(a.total_interactions_30_days).toBeGreaterThan(0);
    expect(a.liked_interactions + a.disliked_interactions).toBeGreaterThan(0);
    expect(a.satisfaction_rate_percent).toBeCloseTo((a.liked_interactions / (a.liked_interactions + a.disliked_interactions)) * 100, 0);
    const guest = await guestToken();
    const s = AiSuggestion.parse((await vibe(guest.token, ['Vodka', 'Citrus'])).json);
    await call('POST', `/api/ai/interactions/${s.interaction_id}/feedback`, { token: guest.token, body: { feedback: 'dislike' } });
    const after = (await call('GET', '/api/ai/admin/analytics', { token: admin })).json.analytics;
    expect(after.total_interactions_30_days).toBe(a.total_interactions_30_days + 1);
    expect(after.disliked_interactions).toBe(a.disliked_interactions + 1);
    expectApiError(await call('GET', '/api/ai/admin/analytics', { token: await staffToken('staff@barhop.dev') }), 403);
  });
});

describe('platform AI settings (super admins)', () => {
  it('keeps the global prompt, flavor rules, KPIs and interactions to super admins', async () => {
    const admin = await staffToken('admin@barhop.dev');
    for (const [method, path] of [['GET', '/api/ai/global-prompt'], ['POST', '/api/ai/global-prompt'], ['GET', '/api/ai/flavor-rules'], ['POST', '/api/ai/flavor-rules'],
      ['PUT', '/api/ai/flavor-rules/x'], ['DELETE', '/api/ai/flavor-rules/x'], ['GET', '/api/ai/kpis'], ['GET', '/api/ai/interactions']] as const) {
      expectApiError(await call(method, path, { token: admin, body: method === 'GET' || method === 'DELETE' ? undefined : {} }), 403);
    }
  });

  it('saves the global prompt: required, garnishes trimmed without blanks or duplicates', async () => {
    const superadmin = await staffToken('superadmin@barhop.dev');
    const seeded = await call('GET', '/api/ai/global-prompt', { token: superadmin });
    expect(seeded.json.system_prompt).toContain("You are Barhop's AI bartender");
    expect(seeded.json.garnish_suggestions).toContain('Lime wheel');
    expectApiError(await call('POST', '/api/ai/global-prompt', { token: superadmin, body: { system_prompt: '   ', garnish_suggestions: [] } }), 400);
    expect((await call('GET', '/api/ai/global-prompt', { token: superadmin })).json.system_prompt).toBe(seeded.json.system_prompt);
    const res = await call('POST', '/api/ai/global-prompt', { token: superadmin, body: { system_prompt: ' Be brief. ', garnish_suggestions: [' Mint sprig ', '', 'mint sprig', 'Rosemary'], notes: 'n' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ system_prompt: 'Be brief.', garnish_suggestions: ['Mint sprig', 'Rosemary'], notes: 'n' });
    expect((await call('GET', '/api/ai/global-prompt', { token: superadmin })).json.garnish_suggestions).toEqual(['Mint sprig', 'Rosemary']);
  });

  it('creates, validates, updates and deletes flavor rules', async () => {
    const superadmin = await staffToken('superadmin@barhop.dev');
    const list = await call('GET', '/api/ai/flavor-rules', { token: superadmin });
    expect(list.json.rules.map((r: FlavorRule) => r.rule_name)).toContain('smoky_stirred');
    const before = await countRows('SELECT count(*) AS n FROM flavor_rules');
    const good = { rule_name: 'late_night_coffee', base_profile: { flavor_tags: ['Creamy', 'Bold'], strength: 'Bold', sweetness: 'Sweet' }, adjustment_logic: { boost_factors: { Creamy: 1.5 }, reduce_factors: { Citrus: 0.5 } }, garnish_suggestions: ['Coffee beans', 'coffee beans '], notes: '' };
    for (const bad of [
      { ...good, rule_name: 'Late Night' },
      { ...good, rule_name: '' },
      { ...good, base_profile: '{not json' },
      { ...good, base_profile: { strength: 'Bold' } },
      { ...good, adjustment_logic: { boost_factors: { Creamy: 0.5 } } },
      { ...good, adjustment_logic: { reduce_factors: { Citrus: 2 } } },
    ]) {
      expectApiError(await call('POST', '/api/ai/flavor-rules', { token: superadmin, body: bad }), 400);
    }
    const invalidJson = expectApiError(await call('POST', '/api/ai/flavor-rules', { token: superadmin, body: { ...good, adjustment_logic: '{' } }), 400);
    expect(JSON.stringify(invalidJson.details)).toContain('Invalid JSON format');
    expect(await countRows('SELECT count(*) AS n FROM flavor_rules')).toBe(before);

    const created = await call('POST', '/api/ai/flavor-rules', { token: superadmin, body: good });
    expect(created.status).toBe(201);
    const rule = FlavorRule.parse(created.json.rule);
    expect(rule.garnish_suggestions).toEqual(['Coffee beans']);
    expect(expectApiError(await call('POST', '/api/ai/flavor-rules', { token: superadmin, body: good }), 409).code).toBe('duplicate_rule_name');

    // JSON text (what the editor holds) is accepted too.
    const updated = await call('PUT', `/api/ai/flavor-rules/${rule.id}`, { token: superadmin, body: { ...good, base_profile: JSON.stringify({ flavor_tags: ['Creamy'] }), notes: 'after dinner' } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.rule).toMatchObject({ notes: 'after dinner', base_profile: { flavor_tags: ['Creamy'] } });
    expectApiError(await call('PUT', `/api/ai/flavor-rules/${rule.id}`, { token: superadmin, body: { ...good, rule_name: 'smoky_stirred' } }), 409);
    expectApiError(await call('PUT', '/api/ai/flavor-rules/missing', { token: superadmin, body: good }), 404);

    expect((await call('DELETE', `/api/ai/flavor-rules/${rule.id}`, { token: superadmin })).status).toBe(200);
    expectApiError(await call('DELETE', `/api/ai/flavor-rules/${rule.id}`, { token: superadmin }), 404);
  });

  it('reports KPIs against the previous period and lists interactions per venue and range', async () => {
    const superadmin = await staffToken('superadmin@barhop.dev');
    const all = await call('GET', '/api/ai/kpis?venueFilter=all&dateRange=30d', { token: superadmin });
    expect(all.status).toBe(200);
    const kpis = AiKpis.parse(all.json);
    expect(kpis.interactions).toBeGreaterThan(0);
    expect(kpis.aiOrders).toBeGreaterThan(0);
    const one = AiKpis.parse((await call('GET', '/api/ai/kpis?venueFilter=artisan-bar&dateRange=30d', { token: superadmin })).json);
    expect(one.interactions).toBeLessThan(kpis.interactions);
    const week = AiKpis.parse((await call('GET', '/api/ai/kpis?venueFilter=all&dateRange=7d', { token: superadmin })).json);
    expect(week.interactions).toBeLessThanOrEqual(kpis.interactions);
    expectApiError(await call('GET', '/api/ai/kpis?dateRange=1y', { token: superadmin }), 400);
    expectApiError(await call('GET', '/api/ai/kpis?venueFilter=nowhere', { token: superadmin }), 404);

    const list = await call('GET', '/api/ai/interactions?venueFilter=rooftop-lounge&dateRange=90d', { token: superadmin });
    expect(list.status).toBe(200);
    expect(list.json.interactions.length).toBeGreaterThan(0);
    for (const i of list.json.interactions) {
      expect(i).toMatchObject({ venue_slug: 'rooftop-lounge', venue_name: expect.any(String), query: expect.any(String), was_ordered: expect.any(Boolean), created_at: expect.any(String) });
      expect(i).toHaveProperty('selected_drink_name');
    }
    const dates = list.json.interactions.map((i: { created_at: string }) => i.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
