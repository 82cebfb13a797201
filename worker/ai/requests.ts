// From each guest call's body to one SuggestionRequest, and from there to a logged, grounded answer.
import type { z } from 'zod';
import { AiContext, type ChatInput, type RecommendNewInput, type VibeInput } from '../../shared/schemas/ai';
import type { WorkerEnv, Db } from '../env';
import { ApiError } from '../lib/errors';
import type { RateLimit } from '../lib/rate-limit';
import { loadGrounding } from './grounding';
import { recordSuggestion } from './interactions';
import { NoSuggestionError } from './local-engine';
import { chooseBackend, runSuggestion } from './suggestion-service';
import type { SuggestionRequest } from './types';

type Parsed<S extends z.ZodType> = z.output<S>;

/** Suggestions per guest device session (docs/decisions/165-rate-limits-keyed-on-what-they-protect.md); the table's AI round counts too. */
export const AI_SUGGESTION_LIMIT: RateLimit = { name: 'ai-suggest-session', limit: 30, windowSeconds: 600 };

export function vibeRequest(body: Parsed<typeof VibeInput>): { request: SuggestionRequest; query: string; context: Record<string, unknown> } {
  const extra = body.additionalRequest ?? '';
  return {
    request: { kind: 'vibe', picks: body.selectedCategories, context: null, text: extra, history: [], availableIngredients: null, creationOnly: false, language: body.lang },
    query: [body.selectedCategories.join(', '), extra].filter(Boolean).join(' — '),
    context: { selectedCategories: body.selectedCategories, preferenceCount: body.preferenceCount ?? body.selectedCategories.length, additionalRequest: extra || null },
  };
}

export function chatRequest(body: Parsed<typeof ChatInput>) {
  const guestWords = body.messages.filter((m) => m.role === 'user').map((m) => m.content);
  const last = guestWords[guestWords.length - 1] ?? '';
  const request: SuggestionRequest = {
    // Taste follows the last few messages; what the guest said about their body holds for the whole chat.
    kind: 'chat', picks: [], context: body.context ?? null, text: guestWords.slice(-3).join('\n'), constraintText: guestWords.join('\n'), history: body.messages,
    availableIngredients: null, creationOnly: false, language: body.lang,
  };
  return { request, query: last, context: { messages: body.messages.length, ...(body.context ? { context: body.context } : {}) } };
}

export function recommendRequest(body: Parsed<typeof RecommendNewInput>) {
  const prefs = body.preferences;
  const picks = Array.isArray(prefs) ? prefs : prefs?.tags ?? [];
  const context = prefs && !Array.isArray(prefs) ? AiContext.parse(prefs) : null;
  const request: SuggestionRequest = {
    kind: 'recommend', picks, context, text: body.additional_request ?? '', history: [],
    availableIngredients: body.available_ingredients ?? null, creationOnly: true, language: body.lang,
  };
  const query = [picks.join(', '), body.additional_request].filter(Boolean).join(' — ') || 'Something new';
  return { request, query, context: { preferences: prefs ?? null, available_ingredients: body.available_ingredients?.length ?? null } };
}

/**
 * Grounds, suggests (with fallback), logs the interaction and answers the wire suggestion with the interaction's
 * time. `db` is the venue's database, where the interaction is logged; `platform` the control database (loadGrounding).
 */
export async function serveSuggestion(db: Db, platform: Db, env: WorkerEnv, venue: { id: string; slug: string; name: string }, ownerKey: string,
  built: { request: SuggestionRequest; query: string; context: Record<string, unknown> }) {
  const grounding = await loadGrounding(db, venue, platform);
  try {
    const outcome = await runSuggestion(chooseBackend(env), built.request, grounding);
    return await recordSuggestion(db, { grounding, ownerKey, kind: built.request.kind, query: built.query, context: built.context, outcome });
  } catch (err) {
    if (err instanceof NoSuggestionError) throw new ApiError(422, 'no_suggestion', err.message);
    throw err;
  }
}
