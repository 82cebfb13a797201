// The bartender's safety holds in the guest's own language (docs/decisions/189): what tourists typed at the
// artisan bar, through the API as a guest sends it, on the chat and on the vibe mixer's free-text request.
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { readConstraints, UNREAD_QUESTION } from '../../worker/ai/constraints';
import { type GroundedDrink, loadGrounding } from '../../worker/ai/grounding';
import { runSuggestion, toWireSuggestion } from '../../worker/ai/suggestion-service';
import type { SuggestionRequest } from '../../worker/ai/types';
import { buildSystemPrompt, createWorkersAiBackend, modelConstraintsOf } from '../../worker/ai/workers-ai';
import * as schema from '../../worker/db/schema';
import { call } from './helpers';
import { guestToken } from './order-helpers';

async function groundingOf(slug: string) {
  const venue = (await env.DB.prepare('SELECT id, slug, name FROM venues WHERE slug = ?').bind(slug).first<{ id: string; slug: string; name: string }>())!;
  return loadGrounding(drizzle(env.DB, { schema }), venue);
}

/** What the suggested glass holds, read from the stored recipe and ingredients, not from the answer. */
async function glassOf(s: { menu_drink_id: string | null; recipe: { ingredient: string }[] }) {
  const rows = s.menu_drink_id
    ? (await env.DB.prepare('SELECT i.category, i.allergens FROM drink_ingredients di JOIN ingredients i ON i.id = di.ingredient_id WHERE di.menu_drink_id = ?')
      .bind(s.menu_drink_id).all<{ category: string; allergens: string }>()).results
    : (await Promise.all(s.recipe.map((l) => env.DB.prepare('SELECT category, allergens FROM ingredients WHERE name = ?').bind(l.ingredient)
      .first<{ category: string; allergens: string }>()))).map((r) => r!);
  return {
    alcoholic: rows.some((r) => ['spirit', 'liqueur', 'fortified wine', 'wine', 'beer', 'cider', 'bitters'].includes(r.category)),
    allergens: new Set(rows.flatMap((r) => JSON.parse(r.allergens) as string[])),
  };
}

async function chat(slug: string, content: string) {
  const { token } = await guestToken();
  const res = await call('POST', '/api/ai/chat', { token, body: { slug, messages: [{ role: 'user', content }] } });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

async function vibe(slug: string, selectedCategories: string[], additionalRequest: string) {
  const { token } = await guestToken();
  const res = await call('POST', '/api/ai/vibe', { token, body: { slug, selectedCategories, additionalRequest } });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

describe('what tourists typed in the artisan-bar chat', () => {
  const pregnant: [string, string][] = [
    ['Estoy embarazada, algo afrutado por favor', 'Sin alcohol.'],
    ['Je suis enceinte, quelque chose de fruité', 'Sans alcool.'],
    ['Ich bin schwanger, etwas Fruchtiges bitte', 'Alkoholfrei.'],
  ];
  for (const [text, said] of pregnant) {
    it(`"${text}" gets a drink without alcohol, and the reply says "${said}"`, async () => {
      const s = await chat('artisan-bar', text);
      expect((await glassOf(s)).alcoholic, s.previewName).toBe(false);
      expect(s.contains_alcohol).toBe(false);
      expect(s.message).toContain(said);
    });
  }

  it('"Soy alérgico a los frutos secos, algo dulce y cremoso" gets a drink without nuts, the reply names the allergy, and the suggestion asks to confirm with staff', async () => {
    const s = await chat('artisan-bar', 'Soy alérgico a los frutos secos, algo dulce y cremoso');
    const glass = await glassOf(s);
    expect(glass.allergens.has('tree nuts') || glass.allergens.has('peanuts'), s.previewName).toBe(false);
    expect(s.message).toContain('Sin frutos secos.');
    expect(s.confirm_with_staff).toBe('Si tienes alguna alergia, confírmalo con el personal de la barra al pedir.');
  });
});

describe("the vibe mixer's free-text request", () => {
  it('Tropical + Sweet with "estoy embarazada" at the rooftop gets a drink without alcohol', async () => {
    const s = await vibe('rooftop-lounge', ['Tropical', 'Sweet'], 'estoy embarazada');
    expect((await glassOf(s)).alcoholic, s.previewName).toBe(false);
    expect(s.message).toContain('Sin alcohol.');
  });

  it('Rum + Tropical + Bold with "allergique aux noix" at the rooftop never serves the Mai Tai (orgeat)', async () => {
    const s = await vibe('rooftop-lounge', ['Rum', 'Tropical', 'Bold'], 'allergique aux noix');
    expect(s.previewName).not.toBe('Mai Tai');
    expect((await glassOf(s)).allergens.has('tree nuts')).toBe(false);
  });
});

describe('a language the bartender cannot read: it asks, and suggests nothing alcoholic or allergen-bearing until answered', () => {
  const unreadable: [string, string][] = [
    ['Dutch', 'Ik ben zwanger, iets fruitigs alsjeblieft'],
    ['Polish', 'Jestem w ciąży, coś owocowego proszę'],
    ['Turkish', 'Hamileyim, meyveli bir şey lütfen'],
    ['Japanese', '妊娠しています。フルーティーなものをください'],
  ];
  for (const [language, text] of unreadable) {
    for (const slug of ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room']) {
      it(`${language} at ${slug}, in the chat and the vibe mixer`, async () => {
        for (const s of [await chat(slug, text), await vibe(slug, ['Tropical', 'Sweet'], text)]) {
          const glass = await glassOf(s);
          expect(glass.alcoholic, s.previewName).toBe(false);
          expect([...glass.allergens], s.previewName).toEqual([]);
          expect(s.contains_alcohol).toBe(false);
          expect(s.allergens).toEqual([]);
          expect(s.message.startsWith(UNREAD_QUESTION), s.message).toBe(true);
        }
      });
    }
  }

  it('once the guest answers in a language it reads, the chat honours the answer', async () => {
    const { token } = await guestToken();
    const messages = [
      { role: 'user', content: 'Ik ben zwanger, iets fruitigs alsjeblieft' },
      { role: 'assistant', content: UNREAD_QUESTION },
      { role: 'user', content: 'Negroni?' },
    ];
    const stillAsking = await call('POST', '/api/ai/chat', { token, body: { slug: 'artisan-bar', messages } });
    expect(stillAsking.json.message).toContain(UNREAD_QUESTION);
    expect(stillAsking.json.contains_alcohol).toBe(false);
    const answered = await call('POST', '/api/ai/chat', {
      token, body: { slug: 'artisan-bar', messages: [...messages, { role: 'assistant', content: UNREAD_QUESTION }, { role: 'user', content: "I'm pregnant" }] },
    });
    expect(answered.json.message).not.toContain(UNREAD_QUESTION);
    expect(answered.json.message).toContain("It's alcohol-free.");
    expect(answered.json.contains_alcohol).toBe(false);
  });

  it('short English, drink names, emoji and mixed text are read as they are', async () => {
    for (const text of ['Negroni', 'mojito 🍹', 'Un mojito please', 'Something smoky 🔥']) {
      expect((await chat('rooftop-lounge', text)).message, text).not.toContain(UNREAD_QUESTION);
    }
  });
});

describe('Workers AI: the model reads the guest\'s words too, and can only add to what the local reader found', () => {
  function stubAi(answer: unknown) {
    let calls = 0;
    const ai = { run: () => { calls += 1; return Promise.resolve({ response: JSON.stringify(answer) }); } } as unknown as Ai;
    return { ai, calls: () => calls };
  }
  const chatRequestOf = (text: string): SuggestionRequest =>
    ({ kind: 'chat', picks: [], context: null, text, history: [{ role: 'user', content: text }], availableIngredients: null, creationOnly: false });
  const menuAnswer = (drink: GroundedDrink, guestConstraints: unknown) =>
    ({ type: 'menu', menuDrinkId: drink.id, previewName: drink.name, blurb: drink.description, tags: [], recipe: [], reply: `Try the ${drink.name}!`, guestConstraints });
  const reading = (over: object = {}) => ({ allergens: [], alcoholFree: false, lightOnAlcohol: false, ...over });

  it('a wish only the model reads ("a bun in the oven") refuses its own alcoholic pick, and the fallback honours it', async () => {
    const text = "I've got a bun in the oven, something fruity";
    expect(readConstraints(text).alcoholFree).toBe(false);
    const g = await groundingOf('rooftop-lounge');
    const strong = g.drinks.find((d) => d.containsAlcohol)!;
    const { ai, calls } = stubAi(menuAnswer(strong, reading({ alcoholFree: true })));
    const outcome = await runSuggestion(createWorkersAiBackend(ai), chatRequestOf(text), g);
    expect(calls()).toBe(2);
    expect(outcome.backend).toBe('local');
    expect(outcome.fallbackReason).toMatch(/alcohol/);
    const s = toWireSuggestion(outcome, g, 'x');
    expect(s.contains_alcohol).toBe(false);
    expect(s.message).toContain("It's alcohol-free.");
  });

  it('an allowed answer to what the model read says so', async () => {
    const g = await groundingOf('rooftop-lounge');
    const soft = g.drinks.find((d) => !d.containsAlcohol && d.allergens.length === 0)!;
    const { ai } = stubAi(menuAnswer(soft, reading({ alcoholFree: true })));
    const outcome = await runSuggestion(createWorkersAiBackend(ai), chatRequestOf("I've got a bun in the oven, something fruity"), g);
    expect(outcome.backend).toBe('workers-ai');
    expect(outcome.draft.message).toBe(`Try the ${soft.name}! It's alcohol-free.`);
  });

  it('the model saying "no constraints" lifts nothing: a Spanish pregnancy still refuses its alcoholic pick', async () => {
    const g = await groundingOf('artisan-bar');
    const negroni = g.drinks.find((d) => d.name === 'Negroni')!;
    const { ai, calls } = stubAi(menuAnswer(negroni, reading()));
    const outcome = await runSuggestion(createWorkersAiBackend(ai), chatRequestOf('Estoy embarazada, algo afrutado por favor'), g);
    expect(calls()).toBe(2);
    expect(outcome.backend).toBe('local');
    const s = toWireSuggestion(outcome, g, 'x');
    expect(s.contains_alcohol).toBe(false);
    expect(s.message).toContain('Sin alcohol.');
  });

  it('an allergen only the model reads removes the Mai Tai (orgeat), on the retry and in the fallback', async () => {
    const text = 'I get hives from cashews, something tropical with rum';
    expect(readConstraints(text).allergies).toEqual([]);
    const g = await groundingOf('rooftop-lounge');
    const maiTai = g.drinks.find((d) => d.name === 'Mai Tai')!;
    const { ai } = stubAi(menuAnswer(maiTai, reading({ allergens: ['tree nuts'] })));
    const outcome = await runSuggestion(createWorkersAiBackend(ai), chatRequestOf(text), g);
    expect(outcome.backend).toBe('local');
    const s = toWireSuggestion(outcome, g, 'x');
    expect(s.previewName).not.toBe('Mai Tai');
    expect(s.allergens).not.toContain('tree nuts');
    expect(s.message).toContain('No tree nuts in this one.');
  });

  it('allergen names the model gives outside the groups are read by the tables; one they cannot place adds nothing', () => {
    expect(modelConstraintsOf(reading({ allergens: ['hazelnut', 'Erdnüsse', 'lactose', 'kiwi'] }))?.allergies).toEqual(['tree nuts', 'peanuts', 'dairy']);
    expect(modelConstraintsOf(undefined)).toBeNull();
  });

  it('in a language the local reader does not know, the model\'s allowed pick still comes with the question', async () => {
    const g = await groundingOf('rooftop-lounge');
    const soft = g.drinks.find((d) => !d.containsAlcohol && d.allergens.length === 0)!;
    const { ai } = stubAi(menuAnswer(soft, reading({ alcoholFree: true })));
    const outcome = await runSuggestion(createWorkersAiBackend(ai), chatRequestOf('Ik ben zwanger, iets fruitigs alsjeblieft'), g);
    expect(outcome.backend).toBe('workers-ai');
    expect(outcome.draft.message).toContain(UNREAD_QUESTION);
  });

  it('the prompt asks the model to read the guest\'s constraints in any language', async () => {
    const prompt = buildSystemPrompt(chatRequestOf('Estoy embarazada'), await groundingOf('artisan-bar'));
    expect(prompt).toContain('"guestConstraints"');
    expect(prompt).toContain('The guest must have nothing alcoholic');
  });
});
