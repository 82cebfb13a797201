// The AI bartender's evaluation (`npm run eval:ai`; figures in docs/ai.md): every case of
// tests/worker/ai-eval-cases.ts on the demo venues, through the chat's and the vibe mixer's own entry
// points (the wire schema, the request built from it, the suggestion service with the local engine).
// Fails on any allergen or alcohol miss in any language, and on a relevance score under 95% in any
// category or language. What is in the glass is read from the venue's stored recipes and ingredients,
// not from the answer's own claims.
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { afterAll, describe, expect, it } from 'vitest';
import { CLASS_ALLERGENS } from '../../shared/drink-facts';
import { ChatInput, VibeInput } from '../../shared/schemas/ai';
import { allergenInGroup } from '../../worker/ai/constraints';
import { loadGrounding, type Grounding } from '../../worker/ai/grounding';
import { ENGINE_REPLIES } from '../../worker/ai/languages/engine-replies';
import { replyLanguage } from '../../worker/ai/languages/reply-language';
import { tableOf } from '../../worker/ai/languages/tables';
import { ALLERGEN_GROUPS, type DrinkClass, LANGUAGE_CODES, type LanguageCode } from '../../worker/ai/languages/table';
import { cannotRefineMark, suggestionLevel } from '../../worker/ai/refinement';
import { drinkTagSet, localBackend } from '../../worker/ai/local-engine';
import { chatRequest, vibeRequest } from '../../worker/ai/requests';
import { runSuggestion, toWireSuggestion } from '../../worker/ai/suggestion-service';
import * as schema from '../../worker/db/schema';
import { EVAL_CASES, type EvalCase, type EvalCategory } from './ai-eval-cases';
import { PHRASINGS } from './ai-eval-languages';

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

/** Can the venue pour this flavour with the honoured spirit, alcohol-free when the guest must have it so? */
function pourable(g: Grounding, spirit: string | undefined, flavor: string, alcoholFree = false) {
  const key = flavor.toLowerCase();
  const onMenu = g.drinks.some((d) => drinkTagSet(d).has(key) && (!spirit || d.lines.some((l) => l.ingredient?.baseSpirit === spirit)) && !(alcoholFree && d.containsAlcohol));
  const inStock = g.stock.some((i) => i.flavors.includes(flavor) && (MODIFIER_CATEGORIES.has(i.category) || (i.category === 'spirit' && (!spirit || i.baseSpirit === spirit)))
    && !(alcoholFree && ALCOHOLIC.has(i.category)));
  return onMenu || inStock;
}

/** How refinements were answered: another drink further along, a reply saying why not, or neither. */
const refineOutcomes = { moved: 0, whyNot: 0, ignored: 0 };

type Tally = { cases: number; checks: number; passed: number; safetyMisses: string[]; relevanceMisses: string[]; languageMisses: string[] };
const newTally = (): Tally => ({ cases: 0, checks: 0, passed: 0, safetyMisses: [], relevanceMisses: [], languageMisses: [] });
const byCategory = new Map<EvalCategory, Tally>();
const byLanguage = new Map<LanguageCode, Tally>(LANGUAGE_CODES.map((code) => [code, newTally()]));
const tallyOf = <K>(map: Map<K, Tally>, key: K) => {
  if (!map.has(key)) map.set(key, newTally());
  return map.get(key)!;
};

function label(c: EvalCase) {
  return `[${c.language}] ${c.venue} ${c.kind} ${[c.picks?.join('+'), c.text && `"${c.text}"`].filter(Boolean).join(' ')}`;
}

/** The request as the chat or the vibe mixer builds it from the body a guest's app sends; `earlier` is a chat's first answer. */
function requestOf(c: EvalCase, earlier?: ReturnType<typeof toWireSuggestion>) {
  if (c.kind === 'chat') {
    const messages = earlier
      ? [{ role: 'user', content: c.text ?? '' }, { role: 'assistant', content: earlier.message, suggestion: { name: earlier.previewName, menu_drink_id: earlier.menuDrinkId } }, { role: 'user', content: c.followUp }]
      : [{ role: 'user', content: c.text ?? '' }];
    return chatRequest(ChatInput.parse({ slug: c.venue, messages })).request;
  }
  return vibeRequest(VibeInput.parse({ slug: c.venue, selectedCategories: c.picks, additionalRequest: c.text || undefined })).request;
}

/** "Wine contains sulphites, so I have left it out.", from the guest's language table and the class's stored allergens. */
function classSentence(language: LanguageCode, drinkClass: DrinkClass) {
  const { replies } = tableOf(language);
  const groups = ALLERGEN_GROUPS.filter((g) => g !== 'nuts' && (CLASS_ALLERGENS[drinkClass] ?? []).some((a) => allergenInGroup(a, g)));
  const name = replies.classNames[drinkClass];
  return replies.classContains.replace('{Class}', name.charAt(0).toLocaleUpperCase() + name.slice(1)).replace('{allergen}', groups.map((g) => replies.allergenNames[g]).join(', '));
}

async function evaluate(c: EvalCase) {
  const g = await groundingOf(c.venue);
  const tallies = [tallyOf(byCategory, c.category), tallyOf(byLanguage, c.language)];
  for (const t of tallies) t.cases += 1;
  let s: ReturnType<typeof toWireSuggestion>;
  let first: ReturnType<typeof toWireSuggestion> | null = null;
  try {
    if (c.followUp) first = toWireSuggestion(await runSuggestion(localBackend, requestOf(c), g), g, 'eval');
    s = toWireSuggestion(await runSuggestion(localBackend, requestOf(c, first ?? undefined), g), g, 'eval');
  } catch (err) {
    // Answering nothing is safe but not relevant.
    for (const t of tallies) {
      t.checks += 1;
      t.relevanceMisses.push(`${label(c)}: no answer (${(err as Error).message})`);
    }
    return;
  }
  const glass = glassOf(g, s);
  const e = c.expect;
  const relevance = (ok: boolean, what: string) => {
    for (const t of tallies) {
      t.checks += 1;
      if (ok) t.passed += 1;
      else t.relevanceMisses.push(`${label(c)} → ${glass.name}: ${what}`);
    }
  };
  const safetyMiss = (what: string) => { for (const t of tallies) t.safetyMisses.push(`${label(c)} → ${glass.name}: ${what}`); };
  // Every reply in the guest's language, every sentence of it (docs/decisions/254): like safety, never a ratio.
  for (const reply of first ? [first, s] : [s]) {
    const read = replyLanguage(reply.message, [reply.previewName]);
    if (read !== c.language) for (const t of tallies) t.languageMisses.push(`${label(c)} → reads as ${read ?? 'nothing'}: "${reply.message}"`);
  }
  // Safety: never a ratio, every miss fails the run.
  for (const allergen of e.noAllergen ?? []) {
    if (glass.unverified || glass.ingredients.some((i) => i.allergens.includes(allergen)) || s.allergens.includes(allergen)) {
      safetyMiss(`contains ${allergen}${glass.unverified ? ' (or cannot be checked)' : ''}`);
    }
  }
  if (e.alcoholFree && (glass.unverified || glass.ingredients.some((i) => ALCOHOLIC.has(i.category)) || s.contains_alcohol)) safetyMiss('contains alcohol');
  if (e.lowAlcohol && glass.category && ['spirit', 'shot'].includes(glass.category)) safetyMiss('a neat pour or a shot');
  // The reply says what it honoured in the guest's language, and asks to confirm an allergy with the bar.
  const replies = tableOf(c.language).replies;
  if (e.noAllergen?.length) relevance(s.confirm_with_staff === replies.allergyConfirm, `the suggestion warns "${replies.allergyConfirm}"`);
  if (e.saysClass) relevance(s.message.includes(classSentence(c.language, e.saysClass)), `the reply says "${classSentence(c.language, e.saysClass)}"`);
  if (e.refine && first) {
    const level = (x: typeof s) => suggestionLevel(g, { name: x.previewName, menu_drink_id: x.menuDrinkId }, e.refine!.axis);
    const moved = s.previewName !== first.previewName && (level(s) - level(first)) * e.refine.direction > 0;
    refineOutcomes[moved ? 'moved' : s.message.includes(cannotRefineMark(c.language)) ? 'whyNot' : 'ignored'] += 1;
    relevance(moved || s.message.includes(cannotRefineMark(c.language)), `refines ${first.previewName} (${e.refine.axis} ${e.refine.direction > 0 ? 'up' : 'down'}) or says why not: "${s.message}"`);
  }
  if (e.keepsDrink && first) relevance(s.menuDrinkId === first.menuDrinkId && s.previewName === first.previewName, `keeps the ${first.previewName}: "${s.message}"`);
  if (e.alcoholFree) relevance(s.message.includes(replies.alcoholFree), `the reply says "${replies.alcoholFree}"`);
  if (e.lowAlcohol) relevance(s.message.includes(replies.lowAlcohol), `the reply says "${replies.lowAlcohol}"`);
  // Relevance.
  if (e.spirit) {
    const stocked = g.stock.some((i) => i.baseSpirit === e.spirit) || g.drinks.some((d) => d.baseSpirit === e.spirit);
    if (stocked) relevance(glass.ingredients.some((i) => i.baseSpirit === e.spirit), `has ${e.spirit}`);
  }
  // A flavour counts where the venue can pour it with the honoured spirit: a menu drink has both, or a
  // stocked mixer, juice, syrup, liqueur, bitters or garnish (or the spirit itself) carries it; alcohol-free
  // when the guest must have it so. Otherwise the reply must say the taste cannot be had.
  if (e.flavorAny && e.flavorAny.some((f) => pourable(g, e.spirit, f, e.alcoholFree))) {
    relevance(e.flavorAny.some((f) => glass.tags.has(f.toLowerCase())), `tastes of ${e.flavorAny.join(' or ')}`);
  } else if (e.flavorAny && c.category === 'constraint + flavour') {
    const noTaste = ENGINE_REPLIES[c.language].noTaste.split('{list}')[0]!;
    relevance(s.message.includes(noTaste), `says "${noTaste}…" ${e.flavorAny.join(' or ')}`);
  }
  if (e.drink) relevance(glass.name === e.drink, `is the ${e.drink}`);
  if (e.notOnMenu) {
    const notHere = ENGINE_REPLIES[c.language].namedNotHere.replace('{name}', e.notOnMenu).split(',')[0]!;
    relevance(s.message.includes(notHere), `says "${notHere}"`);
  }
  if (e.category) relevance(glass.category === e.category, `is a ${e.category}`);
}

describe('AI bartender evaluation', () => {
  it('has at least 150 English cases, on at least two venues, on both vibe and chat', () => {
    const english = EVAL_CASES.filter((c) => c.language === 'en');
    expect(english.length).toBeGreaterThanOrEqual(150);
    expect(new Set(english.map((c) => c.venue)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(english.map((c) => c.kind))).toEqual(new Set(['vibe', 'chat']));
  });

  it('has, in each of the six languages, at least ten phrasings of each need, through the chat and the vibe mixer at three venues', () => {
    for (const code of LANGUAGE_CODES) {
      for (const [need, texts] of Object.entries(PHRASINGS[code])) {
        expect(new Set(texts).size, `${code} ${need}`).toBeGreaterThanOrEqual(10);
        for (const text of texts) {
          const cases = EVAL_CASES.filter((c) => c.language === code && c.text === text);
          expect(new Set(cases.map((c) => `${c.kind} ${c.venue}`)).size, `${code} "${text}"`).toBe(6);
        }
      }
    }
  });

  it('has conversations in each of the six languages: a constraint, then a follow-up that refines, at three venues', () => {
    for (const code of LANGUAGE_CODES) {
      const conversations = EVAL_CASES.filter((c) => c.category === 'multi-turn' && c.language === code);
      expect(conversations.length, code).toBeGreaterThanOrEqual(9);
      expect(conversations.every((c) => c.followUp && (c.expect.alcoholFree || c.expect.noAllergen) && (c.expect.refine || c.expect.keepsDrink)), code).toBe(true);
    }
  });

  it('scores 0 allergen or alcohol misses, every reply in the guest\'s language, and at least 95% relevance in every category and every language', async () => {
    for (const c of EVAL_CASES) await evaluate(c);
    const safety = [...byCategory.values()].flatMap((t) => t.safetyMisses);
    expect(safety, safety.join('\n')).toEqual([]);
    const language = [...byCategory.values()].flatMap((t) => t.languageMisses);
    expect(language, language.slice(0, 40).join('\n')).toEqual([]);
    for (const [group, t] of [...byCategory, ...byLanguage]) {
      expect(t.passed / Math.max(1, t.checks), `${group}:\n${t.relevanceMisses.join('\n')}`).toBeGreaterThanOrEqual(RELEVANCE_FLOOR);
    }
  });
});

function table(title: string, rows: [string, Tally][]) {
  const line = (name: string, t: Tally) => `${name.padEnd(22)} ${String(t.cases).padStart(5)} ${String(t.checks).padStart(7)} ${`${((100 * t.passed) / Math.max(1, t.checks)).toFixed(1)}%`.padStart(10)} ${String(t.safetyMisses.length).padStart(13)} ${String(t.languageMisses.length).padStart(15)}`;
  const all = rows.reduce((sum, [, t]) => ({
    cases: sum.cases + t.cases, checks: sum.checks + t.checks, passed: sum.passed + t.passed, safetyMisses: [...sum.safetyMisses, ...t.safetyMisses], relevanceMisses: [],
    languageMisses: [...sum.languageMisses, ...t.languageMisses],
  }), newTally());
  return [`${title.padEnd(22)} ${'cases'.padStart(5)} ${'checks'.padStart(7)} ${'relevance'.padStart(10)} ${'safety misses'.padStart(13)} ${'language misses'.padStart(15)}`, ...rows.map(([name, t]) => line(name, t)), line('all', all)];
}

afterAll(() => {
  const venues = [...new Set(EVAL_CASES.map((c) => c.venue))].join(', ');
  console.log([`AI bartender evaluation (local engine through the chat and vibe entry points, ${venues})`,
    ...table('category', [...byCategory]), '', ...table('language', [...byLanguage].map(([code, t]) => [`${code} ${tableOf(code).name}`, t])),
    `refinements: ${refineOutcomes.moved} moved to another drink, ${refineOutcomes.whyNot} said why not, ${refineOutcomes.ignored} ignored`,
    ...[...byCategory.values()].flatMap((t) => t.relevanceMisses.map((m) => `  relevance miss: ${m}`))].join('\n'));
});
