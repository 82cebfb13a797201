// docs/product.md §9.2 (docs/decisions/189), one test each: what a guest says about their body is a hard filter, the
// picked spirit and a named drink are honoured, and every reply reads right.
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { requestConstraints } from '../../worker/ai/constraints';
import { loadGrounding, type Grounding } from '../../worker/ai/grounding';
import { LOCAL_MODEL, localSuggest } from '../../worker/ai/local-engine';
import { runSuggestion, toWireSuggestion } from '../../worker/ai/suggestion-service';
import type { SuggestionRequest } from '../../worker/ai/types';
import { buildSystemPrompt, createWorkersAiBackend } from '../../worker/ai/workers-ai';
import * as schema from '../../worker/db/schema';
import { call } from './helpers';
import { guestToken } from './order-helpers';

const db = drizzle(env.DB, { schema });

async function groundingOf(slug: string) {
  const venue = (await env.DB.prepare('SELECT id, slug, name FROM venues WHERE slug = ?').bind(slug).first<{ id: string; slug: string; name: string }>())!;
  return loadGrounding(db, venue);
}

const chat = (text: string): SuggestionRequest =>
  ({ kind: 'chat', picks: [], context: null, text, history: [{ role: 'user', content: text }], availableIngredients: null, creationOnly: false });
const vibe = (picks: string[], text = ''): SuggestionRequest =>
  ({ kind: 'vibe', picks, context: null, text, history: [], availableIngredients: null, creationOnly: false });

const suggest = (g: Grounding, request: SuggestionRequest) =>
  toWireSuggestion({ draft: localSuggest(request, g), backend: 'local', model: LOCAL_MODEL, fallbackReason: null, latencyMs: 0, constraints: requestConstraints(request) }, g, 'test');

const ALCOHOLIC = new Set(['spirit', 'liqueur', 'fortified wine', 'wine', 'beer', 'cider', 'bitters']);

/** What is really in the glass, read from the stored recipe lines and ingredients (not from the answer's own claims). */
async function glassOf(s: ReturnType<typeof suggest>) {
  const rows = s.menuDrinkId
    ? (await env.DB.prepare('SELECT i.category, i.allergens, i.base_spirit FROM drink_ingredients di JOIN ingredients i ON i.id = di.ingredient_id WHERE di.menu_drink_id = ?')
      .bind(s.menuDrinkId).all<{ category: string; allergens: string; base_spirit: string | null }>()).results
    : (await Promise.all(s.recipe.map((l) => env.DB.prepare('SELECT category, allergens, base_spirit FROM ingredients WHERE name = ?').bind(l.ingredient)
      .first<{ category: string; allergens: string; base_spirit: string | null }>()))).map((r) => r!);
  const unmatched = s.menuDrinkId
    ? (await env.DB.prepare('SELECT count(*) AS n FROM drink_ingredients WHERE menu_drink_id = ? AND ingredient_id IS NULL').bind(s.menuDrinkId).first<{ n: number }>())!.n
    : 0;
  return {
    alcoholic: rows.some((r) => ALCOHOLIC.has(r.category)),
    allergens: new Set(rows.flatMap((r) => JSON.parse(r.allergens) as string[])),
    spirits: new Set(rows.map((r) => r.base_spirit).filter(Boolean)),
    unmatched,
  };
}

describe('alcohol: every phrasing is a hard filter', () => {
  const phrasings = [
    "I'm pregnant, nothing alcoholic please",
    "I don't drink alcohol, surprise me",
    "I'm the designated driver",
    "I'm driving tonight, something citrusy",
    "I'm sober, what do you have?",
    'zero proof please',
    'A mocktail with mint',
    "I'm 17, what can I have?",
    "Something refreshing, I'm not drinking tonight",
    'booze-free and tropical',
  ];
  for (const slug of ['artisan-bar', 'rooftop-lounge']) {
    for (const text of phrasings) {
      it(`${slug}: "${text}" gets a drink without alcohol, and the reply says so`, async () => {
        const s = suggest(await groundingOf(slug), chat(text));
        const glass = await glassOf(s);
        expect(glass.alcoholic, s.previewName).toBe(false);
        expect(glass.unmatched).toBe(0);
        expect(s.contains_alcohol).toBe(false);
        expect(s.message).toMatch(/alcohol-free/i);
      });
    }
  }

  it('"something light on alcohol" gets a light drink, never a bold one', async () => {
    const g = await groundingOf('artisan-bar');
    const s = suggest(g, chat('Something light on alcohol with whiskey'));
    if (s.menuDrinkId) expect(g.drinks.find((d) => d.id === s.menuDrinkId)!.strength).toBe('Light');
    expect(s.message).toMatch(/light on alcohol/i);
  });

  it('an adult who mentions their age is not refused alcohol', async () => {
    const s = suggest(await groundingOf('artisan-bar'), chat("I'm 35 and I love whiskey"));
    expect((await glassOf(s)).alcoholic).toBe(true);
  });
});

describe('allergies: a hard filter, said back, with a line to confirm with the bar', () => {
  it('rooftop-lounge vibe Rum + Tropical + Bold with "nut allergy" never serves the Mai Tai (orgeat)', async () => {
    const s = suggest(await groundingOf('rooftop-lounge'), vibe(['Rum', 'Tropical', 'Bold'], 'nut allergy'));
    expect(s.previewName).not.toBe('Mai Tai');
    expect((await glassOf(s)).allergens.has('tree nuts')).toBe(false);
    expect(s.allergens).not.toContain('tree nuts');
    expect(s.message).toContain('No nuts in this one.');
    expect(s.confirm_with_staff).toMatch(/confirm with the bar staff/i);
  });

  it('chat "Mai Tai please, I have a tree nut allergy" says the Mai Tai has tree nuts and serves something without', async () => {
    const s = suggest(await groundingOf('rooftop-lounge'), chat('Mai Tai please, I have a tree nut allergy'));
    expect(s.previewName).not.toBe('Mai Tai');
    expect((await glassOf(s)).allergens.has('tree nuts')).toBe(false);
    expect(s.message).toMatch(/Mai Tai contains tree nuts/);
    expect(s.confirm_with_staff).toMatch(/confirm with the bar staff/i);
  });

  const allergyPhrasings: [string, string][] = [
    ["I'm allergic to eggs, something citrusy", 'eggs'],
    ['lactose intolerant, something creamy', 'milk'],
    ["I can't have dairy", 'milk'],
    ['gluten free beer please', 'gluten'],
    ['no sulphites for me', 'sulphites'],
    ['fish allergy, something spicy', 'fish'],
    ['celery allergy, a savoury drink', 'celery'],
    ['I am coeliac', 'gluten'],
  ];
  for (const slug of ['artisan-bar', 'harbor-tap-room']) {
    for (const [text, allergen] of allergyPhrasings) {
      it(`${slug}: "${text}" serves nothing with ${allergen}`, async () => {
        const s = suggest(await groundingOf(slug), chat(text));
        const glass = await glassOf(s);
        expect(glass.allergens.has(allergen), s.previewName).toBe(false);
        expect(glass.unmatched).toBe(0);
        expect(s.allergens).not.toContain(allergen);
        expect(s.confirm_with_staff).toMatch(/confirm with the bar staff/i);
      });
    }
  }

  it('"gluten free beer please" at the tap room serves the cider, not an Old Fashioned', async () => {
    const s = suggest(await groundingOf('harbor-tap-room'), chat('gluten free beer please'));
    expect(s.previewName).toBe('Dry Cider');
  });
});

describe('relevance: the picked spirit and a named drink are honoured', () => {
  it('artisan-bar Rum + Tropical + Sweet gets rum (the bar pours aged rum)', async () => {
    const s = suggest(await groundingOf('artisan-bar'), vibe(['Rum', 'Tropical', 'Sweet']));
    expect([...(await glassOf(s)).spirits]).toContain('Rum');
  });

  it('Vodka + Creamy + Bold gets vodka, not a stout', async () => {
    for (const slug of ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room']) {
      const s = suggest(await groundingOf(slug), vibe(['Vodka', 'Creamy', 'Bold']));
      expect([...(await glassOf(s)).spirits], `${slug}: ${s.previewName}`).toContain('Vodka');
    }
  });

  it('Mezcal + Citrus + Herbal gets mezcal where the bar stocks it', async () => {
    for (const slug of ['artisan-bar', 'rooftop-lounge']) {
      const s = suggest(await groundingOf(slug), vibe(['Mezcal', 'Citrus', 'Herbal']));
      expect([...(await glassOf(s)).spirits], `${slug}: ${s.previewName}`).toContain('Mezcal');
    }
  });

  it('Whiskey + Smoky gets whiskey, not Mezcal, neat', async () => {
    const s = suggest(await groundingOf('artisan-bar'), vibe(['Whiskey', 'Smoky']));
    expect([...(await glassOf(s)).spirits]).toContain('Whiskey');
  });

  it('"Can I get a Mai Tai?" where there is none says it is not on the menu and offers the closest', async () => {
    const s = suggest(await groundingOf('artisan-bar'), chat('Can I get a Mai Tai?'));
    expect(s.message).toMatch(/The Mai Tai isn't on the menu here/);
    expect([...(await glassOf(s)).spirits]).toContain('Rum');
  });

  it('a named drink on the menu is served', async () => {
    const s = suggest(await groundingOf('rooftop-lounge'), chat('Can I get a Mai Tai?'));
    expect(s.previewName).toBe('Mai Tai');
  });
});

describe('texts read right', () => {
  const requests: SuggestionRequest[] = [
    ...[['Whiskey', 'Smoky'], ['Gin', 'Citrus'], ['Vodka', 'Dry', 'Sophisticated'], ['Rum', 'Tropical'], ['Smoky', 'Bold'], ['Creamy', 'Bold'], ['Citrus', 'Refreshing']]
      .map((picks) => vibe(picks)),
    chat('something dry with vodka'), chat('a dry vodka martini'), chat('a stout please'),
  ];
  for (const slug of ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room']) {
    it(`${slug}: articles agree, no "It hits", no garnish on beer, wine or a neat spirit, a Dry name never holds sweet vermouth`, async () => {
      const g = await groundingOf(slug);
      for (const request of requests) {
        const s = suggest(g, request);
        expect(s.message).not.toMatch(/\ba [aeiou]/i);
        expect(s.message).not.toMatch(/\ban [^aeiou\s]/i);
        expect(s.blurb).not.toMatch(/\ba [aeiou]/i);
        expect(s.message).not.toContain('It hits');
        const drink = s.menuDrinkId ? g.drinks.find((d) => d.id === s.menuDrinkId)! : null;
        if (drink && ['beer', 'wine', 'spirit', 'shot'].includes(drink.category)) expect(s.garnish, drink.name).toBeNull();
        if (/\bDry\b/.test(s.previewName)) expect(s.recipe.map((l) => l.ingredient)).not.toContain('Sweet vermouth');
      }
    });
  }
});

describe('Workers AI: the same hard filter on the model\'s answer', () => {
  function stubAi(answer: unknown) {
    let calls = 0;
    const ai = { run: () => { calls += 1; return Promise.resolve({ response: JSON.stringify(answer) }); } } as unknown as Ai;
    return { ai, calls: () => calls };
  }

  it('a model answer that breaks the guest\'s allergy is refused (retried), and the local engine answers without it', async () => {
    const g = await groundingOf('rooftop-lounge');
    const maiTai = g.drinks.find((d) => d.name === 'Mai Tai')!;
    const { ai, calls } = stubAi({ type: 'menu', menuDrinkId: maiTai.id, previewName: 'Mai Tai', blurb: 'Rum and orgeat.', tags: [], recipe: [], reply: 'Try the Mai Tai!' });
    const request = vibe(['Rum', 'Tropical', 'Bold'], 'nut allergy');
    const outcome = await runSuggestion(createWorkersAiBackend(ai), request, g);
    expect(calls()).toBe(2);
    expect(outcome.backend).toBe('local');
    expect(outcome.fallbackReason).toMatch(/tree nuts/);
    const s = toWireSuggestion(outcome, g, 'x');
    expect(s.previewName).not.toBe('Mai Tai');
    expect(s.allergens).not.toContain('tree nuts');
  });

  it('an alcoholic creation for a pregnant guest, or one pouring 200 ml of rum, is refused', async () => {
    const g = await groundingOf('rooftop-lounge');
    const strong = { type: 'creation', menuDrinkId: null, previewName: 'Big Rum', blurb: 'Rum.', tags: [], recipe: [{ ingredient: 'White rum', quantity: 200, unit: 'ml' }, { ingredient: 'Pineapple juice', quantity: 60, unit: 'ml' }], reply: 'Enjoy' };
    for (const request of [chat("I'm pregnant, something tropical"), chat('something tropical with rum')]) {
      const { ai } = stubAi(strong);
      const outcome = await runSuggestion(createWorkersAiBackend(ai), request, g);
      expect(outcome.backend).toBe('local');
      expect(outcome.fallbackReason).toMatch(/alcohol|at most 90 ml/);
    }
  });

  it('an allowed model answer keeps the model\'s reply and adds what was honoured; the allergy line is the suggestion\'s own warning', async () => {
    const g = await groundingOf('rooftop-lounge');
    const colada = g.drinks.find((d) => d.name === 'Piña Colada')!;
    const { ai } = stubAi({ type: 'menu', menuDrinkId: colada.id, previewName: colada.name, blurb: 'Rum, coconut, pineapple.', tags: [], recipe: [], reply: 'The Piña Colada is lovely.' });
    const outcome = await runSuggestion(createWorkersAiBackend(ai), chat('Something tropical with rum, I have a nut allergy'), g);
    expect(outcome.backend).toBe('workers-ai');
    expect(outcome.draft.message).toBe('The Piña Colada is lovely. No nuts in this one.');
    expect(toWireSuggestion(outcome, g, 'test').confirm_with_staff).toBe('With an allergy, please confirm with the bar staff when you order.');
    expect(buildSystemPrompt(chat('Something tropical with rum, I have a nut allergy'), g)).toContain('The guest must not have: nuts');
  });
});

describe('through the API', () => {
  it('POST /api/ai/chat "I\'m pregnant, nothing alcoholic please" answers an alcohol-free drink and says so', async () => {
    const { token } = await guestToken();
    const res = await call('POST', '/api/ai/chat', { token, body: { slug: 'artisan-bar', messages: [{ role: 'user', content: "I'm pregnant, nothing alcoholic please" }] } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ contains_alcohol: false });
    expect(res.json.message).toMatch(/alcohol-free/);
  });
});

describe('a constraint said early in a chat still holds later', () => {
  it('"I\'m pregnant" in the first message still rules out alcohol five messages later', async () => {
    const { token } = await guestToken();
    const messages = [
      { role: 'user', content: "Hi! I'm pregnant, so nothing alcoholic." },
      { role: 'assistant', content: "Sure, here's an idea." },
      { role: 'user', content: 'Something tropical?' },
      { role: 'assistant', content: 'How about this?' },
      { role: 'user', content: 'Maybe more citrus' },
      { role: 'assistant', content: 'Try this one.' },
      { role: 'user', content: 'Something else, with rum flavours' },
      { role: 'assistant', content: 'Here you go.' },
      { role: 'user', content: 'One more idea please' },
    ];
    const res = await call('POST', '/api/ai/chat', { token, body: { slug: 'rooftop-lounge', messages } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.contains_alcohol).toBe(false);
  });
});

describe('when nothing on the menu satisfies the constraints', () => {
  it('says so and offers a creation made only from stock that satisfies them', async () => {
    const g = await groundingOf('rooftop-lounge');
    // A menu where every drink holds alcohol.
    const s = localSuggest(chat("I'm the designated driver, something citrusy"), { ...g, drinks: g.drinks.filter((d) => d.containsAlcohol) });
    expect(s.type).toBe('creation');
    expect(s.message).toMatch(/^Nothing on the menu fits all of that, so I mixed up something new from what the bar has in stock: the .+\. It's alcohol-free\.$/);
    if (s.type === 'creation') for (const line of s.recipe) expect(g.stock.find((i) => i.name === line.ingredient)!.alcoholic).toBe(false);
  });

  it('offers nothing, naming the constraints, when the stock cannot make one either', async () => {
    const g = await groundingOf('rooftop-lounge');
    const bare = { ...g, drinks: g.drinks.filter((d) => d.containsAlcohol), stock: g.stock.filter((i) => i.alcoholic) };
    expect(() => localSuggest(chat("I'm pregnant and allergic to nuts"), bare))
      .toThrow('Nothing on the menu or in stock is without nuts and alcohol-free right now; please ask the bar staff');
  });
});
