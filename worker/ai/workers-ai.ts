// The Workers AI back end (deployed only: `env.AI` exists under [env.production.ai]). The model
// answers in a JSON schema; the answer is checked with zod and grounded against the venue's data
// here. Anything off (bad JSON, an unknown menu id, an ingredient not in stock) is an error, so the
// service retries once and then falls back to the local engine. The model also reads the guest's words,
// in any language, into the same constraints the local reader makes; they are added to the local
// reader's, never instead of them, and the same hard filter applies both (docs/decisions/189).
import { z } from 'zod';
import {
  classSentences, type GuestConstraints, honouredSentences, mergeConstraints, NO_CONSTRAINTS, replyOpening, requestConstraints,
} from './constraints';
import { AGE_THRESHOLD } from '../../shared/constants';
import { AI_CREATION_LIMITS } from './creation-bounds';
import type { Grounding } from './grounding';
import { drinkText, findStocked } from './grounding';
import { draftProblems } from './hard-filter';
import { allergenGroupsOf } from './languages/reader';
import { replyLanguage } from './languages/reply-language';
import { ALLERGEN_GROUPS } from './languages/table';
import { tableOf } from './languages/tables';
import { activeRules, readPreference } from './local-engine';
import { previousSuggestion, readRefinement, type Refinement, suggestionLevel } from './refinement';
import type { DraftSuggestion, SuggestionBackend, SuggestionRequest } from './types';

export const WORKERS_AI_MODEL = '@cf/meta/llama-3.3-70b-instruct-fp8-fast';
export const WORKERS_AI_TIMEOUT_MS = 6_000;

const MENU_LIMIT = 60;
const STOCK_LIMIT = 150;
const HISTORY_LIMIT = 10;

export class ModelAnswerError extends Error {
  /** What the model read from the guest's words, when it answered at all: carried to the retry and the fallback. */
  readonly modelConstraints: GuestConstraints | null;

  constructor(message: string, modelConstraints: GuestConstraints | null = null) {
    super(message);
    this.name = 'ModelAnswerError';
    this.modelConstraints = modelConstraints;
  }
}

/** What the model read from the guest's words, in any language (checked after parsing). */
const ModelReading = z.object({
  allergens: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  alcoholFree: z.boolean().default(false),
  lightOnAlcohol: z.boolean().default(false),
});

/** What the model must answer (checked after parsing; the JSON schema below mirrors it). */
export const ModelAnswer = z.object({
  type: z.enum(['menu', 'creation']),
  menuDrinkId: z.string().trim().max(100).nullable().optional(),
  previewName: z.string().trim().min(1).max(80),
  blurb: z.string().trim().min(1).max(600),
  tags: z.array(z.string().trim().min(1).max(30)).max(8).default([]),
  recipe: z.array(z.object({
    ingredient: z.string().trim().min(1).max(120),
    quantity: z.number().positive().max(1000),
    unit: z.string().trim().min(1).max(20),
  })).max(10).default([]),
  garnish: z.string().trim().max(80).nullable().optional(),
  reply: z.string().trim().min(1).max(800),
  guestConstraints: ModelReading.optional(),
});
export type ModelAnswer = z.infer<typeof ModelAnswer>;

export const MODEL_JSON_SCHEMA = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['menu', 'creation'] },
    menuDrinkId: { type: ['string', 'null'] },
    previewName: { type: 'string' },
    blurb: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    recipe: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ingredient: { type: 'string' }, quantity: { type: 'number' }, unit: { type: 'string' } },
        required: ['ingredient', 'quantity', 'unit'],
      },
    },
    garnish: { type: ['string', 'null'] },
    reply: { type: 'string' },
    guestConstraints: {
      type: 'object',
      properties: {
        allergens: { type: 'array', items: { type: 'string', enum: [...ALLERGEN_GROUPS] } },
        alcoholFree: { type: 'boolean' },
        lightOnAlcohol: { type: 'boolean' },
      },
      required: ['allergens', 'alcoholFree', 'lightOnAlcohol'],
    },
  },
  required: ['type', 'previewName', 'blurb', 'tags', 'recipe', 'reply', 'guestConstraints'],
} as const;

/**
 * The model's reading as constraints. An allergen it names outside the groups is read by the local tables
 * ("hazelnut" is tree nuts); one they cannot place adds nothing the filter could check.
 */
export function modelConstraintsOf(reading: z.infer<typeof ModelReading> | undefined): GuestConstraints | null {
  if (!reading) return null;
  return {
    ...NO_CONSTRAINTS,
    allergies: allergenGroupsOf(reading.allergens),
    alcoholFree: reading.alcoholFree,
    lowAlcohol: !reading.alcoholFree && reading.lightOnAlcohol,
  };
}

const CREATIVITY_HINTS = {
  conservative: 'Prefer well-known menu drinks; compose a creation only when nothing on the menu fits at all.',
  balanced: 'Prefer the menu; compose a creation when no menu drink fits the request well.',
  creative: 'Feel free to compose a creation whenever it would delight the guest more than a menu drink.',
} as const;

/** The guest's stated constraints, told to the model; its answer is still filtered (groundAnswer). */
function constraintNotes(request: SuggestionRequest): string | null {
  const c = requestConstraints(request);
  const notes = [
    c.allergies.length > 0 && `The guest must not have: ${c.allergies.join(', ')} (check every ingredient).`,
    c.alcoholFree && 'The guest must have nothing alcoholic: no spirit, liqueur, wine, beer, cider, vermouth or bitters.',
    c.lowAlcohol && 'The guest wants something light on alcohol: no strong or neat drinks.',
    c.unread && 'Some of the guest\'s words could not be checked: suggest only a drink with no alcohol and no allergens.',
  ].filter(Boolean);
  return notes.length > 0 ? `Hard constraints: ${notes.join(' ')}` : null;
}

/** A chat's follow-up on the last suggestion ("sweeter", "ohne Eis"), and that suggestion (docs/decisions/190, 254). */
function followUpOf(request: SuggestionRequest) {
  if (request.kind !== 'chat') return null;
  const last = [...request.history].reverse().find((m) => m.role === 'user')?.content ?? '';
  const refinement = readRefinement(last);
  const previous = previousSuggestion(request.history);
  return refinement && previous ? { refinement, previous } : null;
}

const REFINEMENT_WORDS = { stronger: 'stronger', lighter: 'lighter', sweeter: 'sweeter', lessSweet: 'less sweet' } as const;

function followUpNote(request: SuggestionRequest): string | null {
  const followUp = followUpOf(request);
  if (!followUp) return null;
  const { refinement, previous } = followUp;
  if (refinement.axis === 'ice') return `The guest asks for the last suggestion, ${previous.name}, without ice: answer that same drink and say it comes without ice.`;
  const word = REFINEMENT_WORDS[refinement.comparative];
  return `The guest asks for something ${word} than the last suggestion, ${previous.name}: answer a drink that is ${word} and still meets every hard constraint `
    + `and the rest of what they asked. If there is none, say so once in "reply" and answer ${previous.name} again as the closest; never offer another drink as if it were ${word}.`;
}

/** A model's answer to a follow-up: the drink further along the scale, or the same one (the closest; without ice). */
function followsUp(refinement: Refinement, previous: NonNullable<ReturnType<typeof previousSuggestion>>, draft: DraftSuggestion, grounding: Grounding): boolean {
  const same = draft.type === 'menu' ? draft.menuDrinkId === previous.menu_drink_id : draft.name === previous.name;
  if (refinement.axis === 'ice' || same) return same;
  const name = draft.type === 'menu' ? grounding.drinks.find((d) => d.id === draft.menuDrinkId)?.name ?? '' : draft.name;
  const level = (s: { name: string; menu_drink_id: string | null }) => suggestionLevel(grounding, s, refinement.axis);
  const moved = level({ name, menu_drink_id: draft.type === 'menu' ? draft.menuDrinkId : null }) - level(previous);
  return moved * refinement.direction > 0;
}

export function buildSystemPrompt(request: SuggestionRequest, grounding: Grounding): string {
  const rules = activeRules(readPreference(request, grounding), grounding.rules);
  // The reply's language: the guest's words', else the app's (docs/decisions/254); the menu as it reads in it.
  const language = requestConstraints(request).language;
  const languageName = tableOf(language).name;
  const menu = grounding.drinks.slice(0, MENU_LIMIT).map((d) => {
    const text = drinkText(grounding, d, language);
    return `- id=${d.id} | ${text.name} | ${d.category} | tags: ${d.tags.join(', ') || 'none'} | ${d.sweetness ?? '?'} / ${d.strength ?? '?'} | ${text.description.slice(0, 120)}`;
  });
  const stock = grounding.stock.slice(0, STOCK_LIMIT).map((i) => i.name);
  const allowed = request.availableIngredients ? ` Use only these of them: ${request.availableIngredients.join(', ')}.` : '';
  return [
    grounding.systemPrompt,
    grounding.promptNotes && `House notes: ${grounding.promptNotes}`,
    `Venue: ${grounding.venue.name}. ${CREATIVITY_HINTS[grounding.settings.creativityLevel]}`,
    grounding.garnishes.length > 0 && `Garnish list: ${grounding.garnishes.join(', ')}.`,
    ...rules.map((r) => `Flavor rule ${r.ruleName}: suits ${r.flavorTags.join(', ')}; favour ${Object.keys(r.boostFactors).join(', ') || 'nothing in particular'}; avoid ${Object.keys(r.reduceFactors).join(', ') || 'nothing'}; garnish ${r.garnishes.join(' or ') || 'freely'}.`),
    request.creationOnly ? 'This guest wants something new: answer with type "creation".' : `Menu (available now):\n${menu.join('\n') || '(nothing available)'}`,
    `In-stock ingredients: ${stock.join(', ') || '(none)'}.${allowed}`,
    constraintNotes(request),
    `A creation pours at most ${AI_CREATION_LIMITS.spiritMl} ml of any one spirit and ${AI_CREATION_LIMITS.totalMl} ml in all.`,
    'Answer with JSON only. For type "menu", copy menuDrinkId exactly from the menu list and use the drink\'s name as previewName. '
      + 'For type "creation", set menuDrinkId to null and give a recipe that uses only in-stock ingredient names exactly as listed, with quantities in ml (or dash, piece, leaves). '
      + 'Do not mention allergens. "reply" is your short chat message to the guest, in the language the guest writes in.',
    // The guest's language, or the app's when their words do not tell it (docs/decisions/217, 254); the reply is checked.
    `Write "reply" and "blurb" in ${languageName}, every sentence of them; use each menu drink's name exactly as the menu list writes it.`,
    followUpNote(request),
    'In "guestConstraints", read everything the guest wrote, in whatever language: "allergens" lists each allergen group they must avoid '
      + `(${ALLERGEN_GROUPS.join(', ')}), for an allergy, an intolerance or a diet; "alcoholFree" is true when they must or want to avoid alcohol `
      + `for any reason (pregnancy, breastfeeding, driving, sobriety, medication, being under ${AGE_THRESHOLD}, asking for no alcohol or a mocktail); `
      + '"lightOnAlcohol" is true when they want little alcohol. When unsure, include it.',
  ].filter(Boolean).join('\n\n');
}

function describeRequest(request: SuggestionRequest): string {
  const parts: string[] = [];
  if (request.picks.length > 0) parts.push(`My vibe: ${request.picks.join(', ')}.`);
  const ctx = request.context;
  if (ctx) {
    const bits = [
      ctx.baseSpirit && `base ${ctx.baseSpirit}`,
      ctx.flavors.length > 0 && `flavours ${ctx.flavors.join(', ')}`,
      `sweetness ${ctx.sweetness}`,
      `strength ${ctx.strength}`,
      ctx.extras.length > 0 && `extras ${ctx.extras.join(', ')}`,
    ].filter(Boolean);
    parts.push(`My preferences: ${bits.join('; ')}.`);
  }
  if (request.kind !== 'chat' && request.text) parts.push(request.text);
  return parts.join(' ') || 'Surprise me.';
}

export function buildMessages(request: SuggestionRequest, grounding: Grounding) {
  const messages: { role: string; content: string }[] = [{ role: 'system', content: buildSystemPrompt(request, grounding) }];
  if (request.kind === 'chat' && request.history.length > 0) {
    const history = request.history.slice(-HISTORY_LIMIT);
    history.forEach((m, i) => {
      const last = i === history.length - 1;
      messages.push({ role: m.role, content: last ? `${describeRequest(request)}\n${m.content}` : m.content });
    });
  } else {
    messages.push({ role: 'user', content: describeRequest(request) });
  }
  return messages;
}

/** The model's raw answer as an object: JSON mode may hand back parsed JSON or a string. */
function readResponse(output: unknown): unknown {
  const response = output && typeof output === 'object' && 'response' in output ? (output as { response: unknown }).response : output;
  if (typeof response === 'string') {
    try {
      return JSON.parse(response);
    } catch {
      throw new ModelAnswerError('The model did not answer with JSON');
    }
  }
  if (response && typeof response === 'object') return response;
  throw new ModelAnswerError('The model gave no answer');
}

/**
 * Checks the answer against the venue's data and the guest's constraints: an answer that is not
 * grounded, breaks a stated constraint or pours past the bounds is refused (retried, then the local
 * engine answers). The reply then says what was honoured, exactly as the local engine's does.
 */
export function groundAnswer(answer: ModelAnswer, request: SuggestionRequest, grounding: Grounding): DraftSuggestion {
  const modelConstraints = mergeConstraints(request.modelConstraints ?? NO_CONSTRAINTS, modelConstraintsOf(answer.guestConstraints));
  const constraints = requestConstraints({ ...request, modelConstraints });
  const fail = (message: string): never => { throw new ModelAnswerError(message, modelConstraints); };
  let draft: DraftSuggestion;
  try {
    draft = groundedDraft(answer, request, grounding);
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
  const problems = draftProblems(draft, grounding, constraints);
  if (problems.length > 0) fail(`The model's answer breaks the guest's constraints or the pour bounds: ${problems.join(', ')}`);
  // Said in the guest's language (docs/decisions/254): words the reader cannot read are asked about in English instead.
  const names = grounding.drinks.flatMap((d) => [d.name, drinkText(grounding, d, constraints.language).name]);
  const written = replyLanguage(answer.reply, [answer.previewName, ...names]);
  if (!constraints.unread && written !== null && written !== constraints.language) {
    fail(`The model answered in ${tableOf(written).name}, not ${tableOf(constraints.language).name}`);
  }
  const followUp = followUpOf(request);
  if (followUp && !followsUp(followUp.refinement, followUp.previous, draft, grounding)) {
    fail(`The model's answer does not follow up on the ${followUp.previous.name} as asked`);
  }
  const said = [...replyOpening(constraints), ...classSentences(constraints, request.text), draft.message, ...honouredSentences(constraints)].filter(Boolean);
  return { ...draft, message: said.join(' '), modelConstraints };
}

function groundedDraft(answer: ModelAnswer, request: SuggestionRequest, grounding: Grounding): DraftSuggestion {
  const tags = answer.tags.slice(0, 5);
  const garnish = answer.garnish || null;
  if (answer.type === 'menu' && !request.creationOnly) {
    const byId = answer.menuDrinkId ? grounding.drinks.find((d) => d.id === answer.menuDrinkId) : undefined;
    if (!byId) throw new ModelAnswerError(`The model named a drink that is not on the available menu (${answer.menuDrinkId ?? 'no id'})`);
    return { type: 'menu', menuDrinkId: byId.id, blurb: answer.blurb, tags: tags.length > 0 ? tags : byId.tags.slice(0, 5), garnish, message: answer.reply };
  }
  if (answer.type === 'menu') throw new ModelAnswerError('A new creation was asked for, the model answered a menu drink');
  if (answer.recipe.length < 2) throw new ModelAnswerError('The creation needs at least two ingredients');
  const allowed = request.availableIngredients?.map((n) => n.toLowerCase()) ?? null;
  const recipe = answer.recipe.map((line) => {
    const stocked = findStocked(grounding, line.ingredient);
    if (!stocked || (allowed && !allowed.includes(stocked.name.toLowerCase()))) {
      throw new ModelAnswerError(`The creation uses "${line.ingredient}", which is not in stock`);
    }
    return { ingredient: stocked.name, quantity: line.quantity, unit: line.unit };
  });
  return { type: 'creation', name: answer.previewName, blurb: answer.blurb, tags, recipe, glass: 'cocktail', garnish, message: answer.reply };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ModelAnswerError(`Workers AI did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    if (timer !== null) clearTimeout(timer);
  }
}

export function createWorkersAiBackend(ai: Ai, options: { timeoutMs?: number } = {}): SuggestionBackend {
  const timeoutMs = options.timeoutMs ?? WORKERS_AI_TIMEOUT_MS;
  return {
    name: 'workers-ai',
    model: WORKERS_AI_MODEL,
    async suggest(request, grounding) {
      const output = await withTimeout(ai.run(WORKERS_AI_MODEL, {
        messages: buildMessages(request, grounding),
        response_format: { type: 'json_schema', json_schema: MODEL_JSON_SCHEMA },
        max_tokens: grounding.settings.maxTokens,
        temperature: grounding.settings.temperature,
      }), timeoutMs);
      const parsed = ModelAnswer.safeParse(readResponse(output));
      if (!parsed.success) throw new ModelAnswerError(`The model's answer has the wrong shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      return groundAnswer(parsed.data, request, grounding);
    },
  };
}
