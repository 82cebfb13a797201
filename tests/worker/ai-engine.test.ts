// The suggestion service's two back ends against the seeded venue: grounding, determinism, the
// settings and flavor rules, and Workers AI (stubbed) falling back to the local engine.
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeEach, describe, expect, it } from 'vitest';
import { VIBE_OPTIONS } from '../../shared/ai-options';
import { AiSuggestion } from '../../shared/schemas/ai';
import { requestConstraints } from '../../worker/ai/constraints';
import { loadGrounding, type Grounding } from '../../worker/ai/grounding';
import { drinkTagSet, LOCAL_MODEL, localSuggest, rankDrinks, readPreference } from '../../worker/ai/local-engine';
import { runSuggestion, toWireSuggestion } from '../../worker/ai/suggestion-service';
import type { SuggestionRequest } from '../../worker/ai/types';
import { createWorkersAiBackend, WORKERS_AI_MODEL } from '../../worker/ai/workers-ai';
import * as schema from '../../worker/db/schema';

const db = drizzle(env.DB, { schema });
let venue: { id: string; slug: string; name: string };

beforeEach(async () => {
  venue = (await env.DB.prepare("SELECT id, slug, name FROM venues WHERE slug = 'artisan-bar'").first())!;
});

const grounding = () => loadGrounding(db, venue);

function vibe(picks: string[], text = ''): SuggestionRequest {
  return { kind: 'vibe', picks, context: null, text, history: [], availableIngredients: null, creationOnly: false };
}
function creation(picks: string[], availableIngredients: string[] | null = null): SuggestionRequest {
  return { kind: 'recommend', picks, context: null, text: '', history: [], availableIngredients, creationOnly: true };
}

/** Every pair of vibe tags: a broad sweep of requests. */
function allPairs(): string[][] {
  const tags = [...VIBE_OPTIONS.spirits, ...VIBE_OPTIONS.flavors, ...VIBE_OPTIONS.styles];
  return tags.flatMap((a, i) => tags.slice(i + 1).map((b) => [a, b]));
}

const wire = (g: Grounding, request: SuggestionRequest) =>
  toWireSuggestion({ draft: localSuggest(request, g), backend: 'local', model: LOCAL_MODEL, fallbackReason: null, latencyMs: 0, constraints: requestConstraints(request) }, g, 'test');

async function availableIds() {
  const { results } = await env.DB.prepare('SELECT id FROM menu_drinks WHERE restaurant_id = ? AND is_available = 1 AND sold_out_reason IS NULL')
    .bind(venue.id).all<{ id: string }>();
  return new Set(results.map((r) => r.id));
}

async function inStockNames() {
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT coalesce(i.name, inv.name) AS name FROM inventory_items inv LEFT JOIN ingredients i ON i.id = inv.ingredient_id
     WHERE inv.restaurant_id = ? AND inv.deleted_at IS NULL AND inv.available = 1 AND inv.quantity > 0`,
  ).bind(venue.id).all<{ name: string }>();
  return new Set(results.map((r) => r.name));
}

describe('local engine grounding', () => {
  it('suggests only drinks that are on the menu and available, across every pair of vibe tags', async () => {
    const g = await grounding();
    const ids = await availableIds();
    const stock = await inStockNames();
    let menu = 0;
    let creations = 0;
    for (const picks of allPairs()) {
      const s = AiSuggestion.parse(wire(g, vibe(picks)));
      if (s.type === 'menu') {
        menu++;
        expect(ids.has(s.menuDrinkId!), `${picks} → ${s.previewName}`).toBe(true);
      } else {
        creations++;
        for (const line of s.recipe) expect(stock.has(line.ingredient), `${picks} → ${line.ingredient}`).toBe(true);
        expect(s.price_cents).toBe(1800);
      }
    }
    // The sweep exercises both paths.
    expect(menu).toBeGreaterThan(10);
    expect(creations).toBeGreaterThan(0);
  });

  it('never suggests a drink once it is made unavailable or sold out', async () => {
    const before = wire(await grounding(), vibe(['Gin', 'Herbal']));
    expect(before.type).toBe('menu');
    await env.DB.prepare('UPDATE menu_drinks SET is_available = 0 WHERE id = ?').bind(before.menuDrinkId).run();
    const g = await grounding();
    expect(g.drinks.some((d) => d.id === before.menuDrinkId)).toBe(false);
    const after = wire(g, vibe(['Gin', 'Herbal']));
    expect(after.menuDrinkId).not.toBe(before.menuDrinkId);

    await env.DB.prepare("UPDATE menu_drinks SET sold_out_reason = 'London dry gin' WHERE id = ?").bind(after.menuDrinkId).run();
    const third = wire(await grounding(), vibe(['Gin', 'Herbal']));
    expect([before.menuDrinkId, after.menuDrinkId]).not.toContain(third.menuDrinkId);
    const latest = await grounding();
    for (const picks of allPairs()) {
      const s = wire(latest, vibe(picks));
      expect([before.menuDrinkId, after.menuDrinkId]).not.toContain(s.menuDrinkId);
    }
  });

  it('never uses an ingredient whose stock is zero, in creations or through menu drinks', async () => {
    const g = await grounding();
    const first = wire(g, creation(['Mezcal', 'Smoky']));
    expect(first.type).toBe('creation');
    expect(first.recipe.map((l) => l.ingredient)).toContain('Mezcal');
    const mezcalDrinks = g.drinks.filter((d) => d.lines.some((l) => l.name === 'Mezcal' && !l.optional)).map((d) => d.id);

    await env.DB.prepare("UPDATE inventory_items SET quantity = 0 WHERE restaurant_id = ? AND name = 'Mezcal'").bind(venue.id).run();
    const after = await grounding();
    expect(after.stock.some((i) => i.name === 'Mezcal')).toBe(false);
    // Menu drinks that need the empty bottle are not suggested either.
    for (const id of mezcalDrinks) expect(after.drinks.some((d) => d.id === id)).toBe(false);
    for (const picks of [['Mezcal', 'Smoky'], ...allPairs()]) {
      const s = wire(after, creation(picks));
      expect(s.recipe.map((l) => l.ingredient), picks.join('+')).not.toContain('Mezcal');
      const m = wire(after, vibe(picks));
      if (m.type === 'menu') expect(mezcalDrinks).not.toContain(m.menuDrinkId);
    }
  });

  it('drops unavailable and deleted inventory lines too', async () => {
    await env.DB.prepare("UPDATE inventory_items SET available = 0 WHERE restaurant_id = ? AND name = 'London dry gin'").bind(venue.id).run();
    await env.DB.prepare("UPDATE inventory_items SET deleted_at = '2026-01-01T00:00:00.000Z' WHERE restaurant_id = ? AND name = 'Fresh lime juice'").bind(venue.id).run();
    const g = await grounding();
    expect(g.stock.map((i) => i.name)).not.toContain('London dry gin');
    expect(g.stock.map((i) => i.name)).not.toContain('Fresh lime juice');
    for (const picks of allPairs()) {
      const names = wire(g, creation(picks)).recipe.map((l) => l.ingredient);
      expect(names).not.toContain('London dry gin');
      expect(names).not.toContain('Fresh lime juice');
    }
  });

  it('takes allergens from stored data: the menu row for drinks, the ingredients for creations', async () => {
    const g = await grounding();
    const menu = wire(g, vibe(['Gin', 'Herbal']));
    const row = await env.DB.prepare('SELECT allergens FROM menu_drinks WHERE id = ?').bind(menu.menuDrinkId).first<{ allergens: string }>();
    expect(menu.allergens).toEqual(JSON.parse(row!.allergens));

    const sour = wire(g, creation(['Whiskey', 'Citrus', 'Creamy']));
    expect(sour.type).toBe('creation');
    const lines = sour.recipe.map((l) => l.ingredient);
    await env.DB.prepare("UPDATE ingredients SET allergens = '[\"test-allergen\"]' WHERE name = ?").bind(lines[1]).run();
    const again = wire(await grounding(), creation(['Whiskey', 'Citrus', 'Creamy']));
    expect(again.recipe).toEqual(sour.recipe);
    expect(again.allergens).toContain('test-allergen');
  });

  it('answers only with the ingredients recommend-new names, when they are in stock', async () => {
    const g = await grounding();
    const s = wire(g, creation(['Refreshing'], ['Vodka', 'Soda water', 'Fresh lime juice', 'Unobtainium']));
    expect(s.type).toBe('creation');
    for (const line of s.recipe) expect(['Vodka', 'Soda water', 'Fresh lime juice']).toContain(line.ingredient);
  });
});

describe('local engine behaviour', () => {
  it('gives the same answer to the same input', async () => {
    const g = await grounding();
    for (const picks of [['Rum', 'Tropical'], ['Gin', 'Dry', 'Sophisticated'], ['Smoky', 'Bold']]) {
      expect(wire(g, vibe(picks, 'not too sweet'))).toEqual(wire(await grounding(), vibe(picks, 'not too sweet')));
      expect(wire(g, creation(picks))).toEqual(wire(g, creation(picks)));
    }
  });

  it('follows the free text: zero-proof requests get zero-proof drinks', async () => {
    const g = await grounding();
    const s = localSuggest({ ...vibe(['Citrus', 'Refreshing'], "I'm driving, no alcohol please") }, g);
    if (s.type === 'menu') {
      expect(['mocktail', 'non_alcoholic']).toContain(g.drinks.find((d) => d.id === s.menuDrinkId)!.category);
    } else {
      expect(s.recipe.every((l) => !g.stock.find((i) => i.name === l.ingredient && i.category === 'spirit'))).toBe(true);
    }
  });

  it('flavor rules change the ranking', async () => {
    const g = await grounding();
    const request = vibe(['Citrus', 'Refreshing']);
    const p = readPreference(request, g);
    const base = rankDrinks(p, { ...g, rules: [] });
    const top = drinkTagSet(base[0]!.drink);
    // A tag some lower-ranked drink carries and the leader lacks.
    const tag = base.slice(1).flatMap((r) => [...drinkTagSet(r.drink)]).find((t) => !top.has(t))!;
    const rule = { ruleName: 'push', flavorTags: ['Citrus', 'Refreshing'], strength: null, sweetness: null, boostFactors: { [tag]: 3 }, reduceFactors: {}, garnishes: ['Lemon twist'] };
    const boosted = rankDrinks(p, { ...g, rules: [rule] });
    expect(boosted[0]!.drink.id).not.toBe(base[0]!.drink.id);
    expect(drinkTagSet(boosted[0]!.drink).has(tag)).toBe(true);
    // A reduce factor on the leader's own tags pushes it down.
    const leaderTag = [...top].find((t) => !['citrus', 'refreshing'].includes(t))!;
    const reduced = rankDrinks(p, { ...g, rules: [{ ...rule, boostFactors: {}, reduceFactors: { [leaderTag]: 0.1 } }] });
    expect(reduced[0]!.drink.id).not.toBe(base[0]!.drink.id);
    // A rule that does not speak to the request changes nothing.
    const unrelated = rankDrinks(p, { ...g, rules: [{ ...rule, flavorTags: ['Smoky'] }] });
    expect(unrelated.map((r) => r.drink.id)).toEqual(base.map((r) => r.drink.id));
    // The rule's garnish is preferred for drinks it speaks to, unless the recipe has its own garnish line.
    const noOwnGarnish = g.drinks.filter((d) => !['beer', 'wine', 'spirit', 'shot'].includes(d.category))
      .map((d) => ({ ...d, lines: d.lines.filter((l) => l.ingredient?.category !== 'garnish') }));
    const garnishRule = { ...rule, boostFactors: {} };
    const s = localSuggest(request, { ...g, drinks: noOwnGarnish, rules: [garnishRule], settings: { ...g.settings, creativityLevel: 'conservative' } });
    expect(s.garnish).toBe('Lemon twist');
    // A drink whose recipe has its own garnish line keeps it: the Old Fashioned's orange peel.
    const own = localSuggest({ ...request, text: 'An Old Fashioned please' }, { ...g, rules: [garnishRule] });
    expect(own.type === 'menu' && g.drinks.find((d) => d.id === own.menuDrinkId)!.name).toBe('Old Fashioned');
    expect(own.garnish).toBe('Orange peel');
  });

  it('stored flavor rules are loaded and used', async () => {
    const g = await grounding();
    const p = readPreference(vibe(['Citrus', 'Refreshing']), g);
    const base = rankDrinks(p, g);
    const top = drinkTagSet(base[0]!.drink);
    const tag = base.slice(1).flatMap((r) => [...drinkTagSet(r.drink)]).find((t) => !top.has(t))!;
    await env.DB.prepare(
      `INSERT INTO flavor_rules (id, rule_name, base_profile, adjustment_logic, garnish_suggestions, notes)
       VALUES ('fr-test', 'a_push', '{"flavor_tags":["Citrus","Refreshing"]}', ?, '["Lemon twist"]', '')`,
    ).bind(JSON.stringify({ boost_factors: { [tag]: 3 }, reduce_factors: {} })).run();
    const withRule = await grounding();
    expect(withRule.rules.map((r) => r.ruleName)).toContain('a_push');
    expect(drinkTagSet(rankDrinks(p, withRule)[0]!.drink).has(tag)).toBe(true);
    await env.DB.prepare("DELETE FROM flavor_rules WHERE id = 'fr-test'").run();
    expect(rankDrinks(p, await grounding())[0]!.drink.id).toBe(base[0]!.drink.id);
  });

  it('creativity and temperature shift the menu/creation choice and the variety', async () => {
    const g = await grounding();
    const outcomes = (level: 'conservative' | 'balanced' | 'creative', temperature: number) => {
      const tuned = { ...g, settings: { ...g.settings, creativityLevel: level, temperature } };
      return allPairs().map((picks) => localSuggest(vibe(picks), tuned));
    };
    const conservative = outcomes('conservative', 0.1);
    const creative = outcomes('creative', 1);
    const creations = (list: ReturnType<typeof outcomes>) => list.filter((s) => s.type === 'creation').length;
    expect(creations(creative)).toBeGreaterThan(creations(conservative));
    const key = (s: ReturnType<typeof localSuggest>) => (s.type === 'menu' ? s.menuDrinkId : s.name);
    expect(creative.map(key)).not.toEqual(conservative.map(key));
    // The global garnish list feeds the garnish.
    const custom = localSuggest(vibe(['Gin', 'Herbal']), { ...g, rules: [], garnishes: ['Rosemary sprig'] });
    expect(custom.garnish).toBe('Rosemary sprig');
  });
});

// ---------------------------------------------------------------------------------------------
// Workers AI against a stubbed AI.run

type RunCall = { model: string; inputs: any };

function stubAi(answers: ((call: RunCall) => unknown)[]) {
  const calls: RunCall[] = [];
  const ai = {
    run: (model: string, inputs: unknown) => {
      const call = { model, inputs };
      calls.push(call);
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
      return Promise.resolve().then(() => answer(call));
    },
  } as unknown as Ai;
  return { ai, calls };
}

describe('Workers AI back end', () => {
  const request = vibe(['Gin', 'Herbal']);

  it('uses a valid JSON answer naming a real menu drink, with the venue settings and the global prompt', async () => {
    const g = await grounding();
    const drink = g.drinks[3]!;
    const { ai, calls } = stubAi([() => ({ response: JSON.stringify({ type: 'menu', menuDrinkId: drink.id, previewName: drink.name, blurb: 'Bright and herbal.', tags: ['Gin'], recipe: [], garnish: 'Mint sprig', reply: 'Try this one!' }) })]);
    const outcome = await runSuggestion(createWorkersAiBackend(ai), request, g);
    expect(outcome.backend).toBe('workers-ai');
    expect(outcome.model).toBe(WORKERS_AI_MODEL);
    expect(outcome.fallbackReason).toBeNull();
    const s = toWireSuggestion(outcome, g, 'x');
    expect(s.menuDrinkId).toBe(drink.id);
    expect(s.allergens).toEqual(drink.allergens);
    expect(s.price_cents).toBe(drink.priceCents);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.model).toBe('@cf/meta/llama-3.3-70b-instruct-fp8-fast');
    expect(calls[0]!.inputs.response_format.type).toBe('json_schema');
    expect(calls[0]!.inputs.temperature).toBe(g.settings.temperature);
    expect(calls[0]!.inputs.max_tokens).toBe(g.settings.maxTokens);
    expect(calls[0]!.inputs.messages[0].content).toContain("You are Barhop's AI bartender");
    expect(calls[0]!.inputs.messages[0].content).toContain(drink.id);
  });

  it('accepts a parsed object answer for a creation, with allergens and price from data', async () => {
    const g = await grounding();
    const { ai } = stubAi([() => ({ response: { type: 'creation', menuDrinkId: null, previewName: 'Harbor Light', blurb: 'Gin and lime.', tags: ['Gin'], recipe: [{ ingredient: 'vodka', quantity: 50, unit: 'ml' }, { ingredient: 'Soda water', quantity: 120, unit: 'ml' }], reply: 'Here you go' } })]);
    const s = toWireSuggestion(await runSuggestion(createWorkersAiBackend(ai), request, g), g, 'x');
    expect(s.backend).toBe('workers-ai');
    expect(s.type).toBe('creation');
    expect(s.recipe[0]!.ingredient).toBe('Vodka');
    expect(s.price_cents).toBe(1800);
    expect(s.menuDrinkId).toBeNull();
  });

  const failures: [string, () => unknown][] = [
    ['invalid JSON', () => ({ response: 'Sure! How about a Negroni?' })],
    ['a hallucinated menu id', () => ({ response: JSON.stringify({ type: 'menu', menuDrinkId: 'not-a-real-drink', previewName: 'Dream Drink', blurb: 'x', tags: [], recipe: [], reply: 'x' }) })],
    ['an ingredient not in stock', () => ({ response: JSON.stringify({ type: 'creation', menuDrinkId: null, previewName: 'Unicorn', blurb: 'x', tags: [], recipe: [{ ingredient: 'Unicorn tears', quantity: 30, unit: 'ml' }, { ingredient: 'Vodka', quantity: 30, unit: 'ml' }], reply: 'x' }) })],
    ['the wrong shape', () => ({ response: { drink: 'Negroni' } })],
    ['a thrown error', () => { throw new Error('3040: capacity exceeded'); }],
    ['a timeout', () => new Promise(() => undefined)],
  ];

  for (const [label, answer] of failures) {
    it(`falls back to a grounded local answer after ${label} (retried once)`, async () => {
      const g = await grounding();
      const { ai, calls } = stubAi([answer]);
      const outcome = await runSuggestion(createWorkersAiBackend(ai, { timeoutMs: 30 }), request, g);
      expect(calls).toHaveLength(2);
      expect(outcome.backend).toBe('local');
      expect(outcome.model).toBe(LOCAL_MODEL);
      expect(outcome.fallbackReason).toBeTruthy();
      const s = toWireSuggestion(outcome, g, 'x');
      expect(s).toEqual({ ...wire(g, request), interaction_id: 'x', fallback_reason: outcome.fallbackReason });
      if (s.type === 'menu') expect(g.drinks.some((d) => d.id === s.menuDrinkId)).toBe(true);
    });
  }

  it('a bad first answer and a good retry ends with Workers AI', async () => {
    const g = await grounding();
    const drink = g.drinks[0]!;
    const { ai, calls } = stubAi([
      () => ({ response: 'not json' }),
      () => ({ response: JSON.stringify({ type: 'menu', menuDrinkId: drink.id, previewName: drink.name, blurb: 'b', tags: [], recipe: [], reply: 'r' }) }),
    ]);
    const outcome = await runSuggestion(createWorkersAiBackend(ai), request, g);
    expect(calls).toHaveLength(2);
    expect(outcome.backend).toBe('workers-ai');
  });
});
