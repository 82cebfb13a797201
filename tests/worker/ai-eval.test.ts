// The AI bartender's evaluation (`npm run eval:ai`; figures in bench/README.md): every case of
// tests/worker/ai-eval-cases.ts against the local engine on the demo venues. Fails on any allergen
// or alcohol miss, and on a relevance score under 95% in any category. What is in the glass is read
// from the venue's stored recipes and ingredients, not from the answer's own claims.
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGrounding, type Grounding } from '../../worker/ai/grounding';
import { drinkTagSet, LOCAL_MODEL, localSuggest } from '../../worker/ai/local-engine';
import { toWireSuggestion } from '../../worker/ai/suggestion-service';
import type { SuggestionRequest } from '../../worker/ai/types';
import * as schema from '../../worker/db/schema';
import { EVAL_CASES, type EvalCase, type EvalCategory } from './ai-eval-cases';

const db = drizzle(env.DB, { schema });
const ALCOHOLIC = new Set(['spirit', 'liqueur', 'fortified wine', 'wine', 'beer', 'cider', 'bitters']);
export const RELEVANCE_FLOOR = 0.95;

const groundings = new Map<string, Grounding>();
async function groundingOf(slug: string) {
  if (!groundings.has(slug)) {
    const venue = (await env.DB.prepare('SELECT id, slug, name FROM venues WHERE slug = ?').bind(slug).first<{ id: string; slug: string; name: string }>())!;
    groundings.set(slug, await loadGrounding(db, venue));
  }
  return groundings.get(slug)!;
}

type Glass = { ingredients: { category: string; allergens: string[]; baseSpirit: string | null; flavors: string[] }[]; unverified: boolean; tags: Set<string>; category: string | null; name: string };

function glassOf(g: Grounding, s: ReturnType<typeof toWireSuggestion>): Glass {
  if (s.menuDrinkId) {
    const drink = g.drinks.find((d) => d.id === s.menuDrinkId)!;
    return {
      ingredients: drink.lines.flatMap((l) => (l.ingredient ? [l.ingredient] : [])),
      unverified: drink.lines.some((l) => !l.ingredient),
      tags: drinkTagSet(drink),
      category: drink.category,
      name: drink.name,
    };
  }
  const ingredients = s.recipe.map((l) => g.stock.find((i) => i.name === l.ingredient));
  return {
    ingredients: ingredients.flatMap((i) => (i ? [i] : [])),
    unverified: ingredients.some((i) => !i),
    tags: new Set([...s.tags, ...ingredients.flatMap((i) => i?.flavors ?? [])].map((t) => t.toLowerCase())),
    category: null,
    name: s.previewName,
  };
}

const MODIFIER_CATEGORIES = new Set(['juice', 'syrup', 'mixer', 'liqueur', 'fortified wine', 'bitters', 'garnish', 'dairy', 'other']);

function pourable(g: Grounding, spirit: string | undefined, flavor: string) {
  const key = flavor.toLowerCase();
  const onMenu = g.drinks.some((d) => drinkTagSet(d).has(key) && (!spirit || d.lines.some((l) => l.ingredient?.baseSpirit === spirit)));
  const inStock = g.stock.some((i) => i.flavors.includes(flavor) && (MODIFIER_CATEGORIES.has(i.category) || (i.category === 'spirit' && (!spirit || i.baseSpirit === spirit))));
  return onMenu || inStock;
}

type Tally = { checks: number; passed: number; safetyMisses: string[]; relevanceMisses: string[] };
const tallies = new Map<EvalCategory, Tally>();
const tally = (category: EvalCategory) => {
  if (!tallies.has(category)) tallies.set(category, { checks: 0, passed: 0, safetyMisses: [], relevanceMisses: [] });
  return tallies.get(category)!;
};

function label(c: EvalCase) {
  return `${c.venue} ${c.kind} ${[c.picks?.join('+'), c.text && `"${c.text}"`].filter(Boolean).join(' ')}`;
}

async function evaluate(c: EvalCase) {
  const g = await groundingOf(c.venue);
  const request: SuggestionRequest = {
    kind: c.kind, picks: c.picks ?? [], context: null, text: c.text ?? '',
    history: c.kind === 'chat' ? [{ role: 'user', content: c.text ?? '' }] : [], availableIngredients: null, creationOnly: false,
  };
  const t = tally(c.category);
  let s: ReturnType<typeof toWireSuggestion>;
  try {
    s = toWireSuggestion({ draft: localSuggest(request, g), backend: 'local', model: LOCAL_MODEL, fallbackReason: null, latencyMs: 0 }, g, 'eval');
  } catch (err) {
    // Answering nothing is safe but not relevant.
    t.checks += 1;
    t.relevanceMisses.push(`${label(c)}: no answer (${(err as Error).message})`);
    return;
  }
  const glass = glassOf(g, s);
  const e = c.expect;
  const relevance = (ok: boolean, what: string) => {
    t.checks += 1;
    if (ok) t.passed += 1;
    else t.relevanceMisses.push(`${label(c)} → ${glass.name}: ${what}`);
  };
  // Safety: never a ratio, every miss fails the run.
  for (const allergen of e.noAllergen ?? []) {
    if (glass.unverified || glass.ingredients.some((i) => i.allergens.includes(allergen)) || s.allergens.includes(allergen)) {
      t.safetyMisses.push(`${label(c)} → ${glass.name}: contains ${allergen}${glass.unverified ? ' (or cannot be checked)' : ''}`);
    }
  }
  if (e.alcoholFree && (glass.unverified || glass.ingredients.some((i) => ALCOHOLIC.has(i.category)) || s.contains_alcohol)) {
    t.safetyMisses.push(`${label(c)} → ${glass.name}: contains alcohol`);
  }
  if (e.lowAlcohol && glass.category && ['spirit', 'shot'].includes(glass.category)) t.safetyMisses.push(`${label(c)} → ${glass.name}: a neat pour or a shot`);
  if (e.noAllergen?.length) relevance(/confirm with the bar staff/.test(s.message), 'the reply asks to confirm the allergy with the bar staff');
  if (e.alcoholFree) relevance(/alcohol-free/i.test(s.message), 'the reply says it is alcohol-free');
  // Relevance.
  if (e.spirit) {
    const stocked = g.stock.some((i) => i.baseSpirit === e.spirit) || g.drinks.some((d) => d.baseSpirit === e.spirit);
    if (stocked) relevance(glass.ingredients.some((i) => i.baseSpirit === e.spirit), `has ${e.spirit}`);
  }
  // A flavour counts where the venue can pour it with the honoured spirit: a menu drink has both, or a
  // stocked mixer, juice, syrup, liqueur, bitters or garnish (or the spirit itself) carries it.
  if (e.flavorAny && e.flavorAny.some((f) => pourable(g, e.spirit, f))) {
    relevance(e.flavorAny.some((f) => glass.tags.has(f.toLowerCase())), `tastes of ${e.flavorAny.join(' or ')}`);
  }
  if (e.drink) relevance(glass.name === e.drink, `is the ${e.drink}`);
  if (e.notOnMenu) relevance(s.message.includes(`The ${e.notOnMenu} isn't on the menu here`), `says the ${e.notOnMenu} is not on the menu`);
  if (e.category) relevance(glass.category === e.category, `is a ${e.category}`);
}

describe('AI bartender evaluation', () => {
  it('has at least 150 cases, on at least two venues, on both vibe and chat', () => {
    expect(EVAL_CASES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(EVAL_CASES.map((c) => c.venue)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(EVAL_CASES.map((c) => c.kind))).toEqual(new Set(['vibe', 'chat']));
  });

  it('scores 0 allergen or alcohol misses and at least 95% relevance in every category', async () => {
    for (const c of EVAL_CASES) await evaluate(c);
    const safety = [...tallies.values()].flatMap((t) => t.safetyMisses);
    expect(safety, safety.join('\n')).toEqual([]);
    for (const [category, t] of tallies) {
      expect(t.passed / Math.max(1, t.checks), `${category}:\n${t.relevanceMisses.join('\n')}`).toBeGreaterThanOrEqual(RELEVANCE_FLOOR);
    }
  });
});

afterAll(() => {
  const rows = [...tallies].map(([category, t]) => {
    const cases = EVAL_CASES.filter((c) => c.category === category).length;
    return `${category.padEnd(22)} ${String(cases).padStart(5)} ${String(t.checks).padStart(7)} ${`${((100 * t.passed) / Math.max(1, t.checks)).toFixed(1)}%`.padStart(10)} ${String(t.safetyMisses.length).padStart(13)}`;
  });
  const all = [...tallies.values()];
  const total = `${'all'.padEnd(22)} ${String(EVAL_CASES.length).padStart(5)} ${String(all.reduce((n, t) => n + t.checks, 0)).padStart(7)} ${`${((100 * all.reduce((n, t) => n + t.passed, 0)) / Math.max(1, all.reduce((n, t) => n + t.checks, 0))).toFixed(1)}%`.padStart(10)} ${String(all.reduce((n, t) => n + t.safetyMisses.length, 0)).padStart(13)}`;
  console.log([`AI bartender evaluation (local engine, ${[...new Set(EVAL_CASES.map((c) => c.venue))].join(', ')})`,
    `${'category'.padEnd(22)} ${'cases'.padStart(5)} ${'checks'.padStart(7)} ${'relevance'.padStart(10)} ${'safety misses'.padStart(13)}`, ...rows, total,
    ...all.flatMap((t) => t.relevanceMisses.map((m) => `  relevance miss: ${m}`))].join('\n'));
});
