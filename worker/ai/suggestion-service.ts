// One suggestion service, two back ends (docs/product.md §6.1): Workers AI when the binding exists, retried
// once and then replaced by the local engine; the local engine alone otherwise. Whatever answers,
// the result is grounded, priced and described from stored data, and says which back end made it.
import { AI_CREATION_PRICE_CENTS } from '../../shared/constants';
import { centsToDollars } from '../../shared/money';
import type { AiBackendName, AiSuggestion } from '../../shared/schemas/ai';
import { drinkArtUrl } from '../images';
import { constraintNote } from '../../shared/guest-constraint-note';
import { uncheckedLineNames } from '../../shared/drink-facts';
import { allergyConfirmLine, type GuestConstraints, mergeConstraints, requestConstraints } from './constraints';
import { allergensOf, drinkText, type Grounding } from './grounding';
import { type ContentLanguage, toContentLanguage } from '../../shared/languages';
import { creationFacts, draftProblems } from './hard-filter';
import { LOCAL_MODEL, localBackend, NoSuggestionError } from './local-engine';
import type { DraftSuggestion, SuggestionBackend, SuggestionRequest } from './types';
import { createWorkersAiBackend, ModelAnswerError, WORKERS_AI_MODEL } from './workers-ai';

export const MODEL_ATTEMPTS = 2;

/** Workers AI when the binding exists (deployed), else the local engine. Locally `env.AI` stays undefined. */
export function chooseBackend(env: { AI?: Ai }, options: { timeoutMs?: number } = {}): SuggestionBackend {
  return env.AI ? createWorkersAiBackend(env.AI, options) : localBackend;
}

/** The back end and model the settings screens should name. */
export function activeBackendInfo(env: { AI?: Ai }): { backend: AiBackendName; model: string } {
  return env.AI ? { backend: 'workers-ai', model: WORKERS_AI_MODEL } : { backend: 'local', model: LOCAL_MODEL };
}

export type SuggestionOutcome = {
  draft: DraftSuggestion;
  backend: AiBackendName;
  model: string;
  fallbackReason: string | null;
  latencyMs: number;
  /** What the final check held the answer to: the reply's warning and the order's note say it (docs/decisions/189). */
  constraints: GuestConstraints;
  /** The app's language: the menu's names where the reply's language is not one the menu is translated into (docs/decisions/254). */
  appLanguage?: ContentLanguage;
};

/**
 * What the model reads from the guest's words is added to the local reader's constraints for the retry, the
 * local fallback and the final check: a model can only add restrictions (docs/decisions/189).
 */
export async function runSuggestion(primary: SuggestionBackend, initial: SuggestionRequest, grounding: Grounding): Promise<SuggestionOutcome> {
  const started = Date.now();
  let request = initial;
  const done = (draft: DraftSuggestion, backend: SuggestionBackend, fallbackReason: string | null): SuggestionOutcome => {
    // The last gate before the guest, whatever answered: nothing that breaks a stated constraint or the pour bounds.
    const constraints = mergeConstraints(requestConstraints(request), draft.modelConstraints);
    const problems = draftProblems(draft, grounding, constraints);
    if (problems.length > 0) throw new NoSuggestionError(`The suggestion was withheld: ${problems.join(', ')}`);
    return { draft, backend: backend.name, model: backend.model, fallbackReason, latencyMs: Date.now() - started, constraints, appLanguage: request.language };
  };
  if (primary.name === 'local') return done(await primary.suggest(request, grounding), primary, null);
  let lastError = 'unknown error';
  for (let attempt = 1; attempt <= MODEL_ATTEMPTS; attempt++) {
    try {
      return done(await primary.suggest(request, grounding), primary, null);
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      if (err instanceof ModelAnswerError && err.modelConstraints) {
        request = { ...request, modelConstraints: mergeConstraints(err.modelConstraints, request.modelConstraints) };
      }
      console.warn(JSON.stringify({ level: 'warn', msg: 'ai_backend_failed', backend: primary.name, attempt, error: lastError }));
    }
  }
  return done(await localBackend.suggest(request, grounding), localBackend, lastError);
}


/** The wire answer: allergens, price, image and recipe always come from stored data. */
export function toWireSuggestion(outcome: SuggestionOutcome, grounding: Grounding, interactionId: string): AiSuggestion {
  const { draft } = outcome;
  const shared = {
    interaction_id: interactionId, backend: outcome.backend, model: outcome.model, fallback_reason: outcome.fallbackReason, garnish: draft.garnish, message: draft.message,
    confirm_with_staff: allergyConfirmLine(outcome.constraints), order_note: constraintNote(outcome.constraints),
  };
  if (draft.type === 'menu') {
    const drink = grounding.drinks.find((d) => d.id === draft.menuDrinkId);
    if (!drink) throw new Error(`Suggested drink ${draft.menuDrinkId} is not in the grounding`);
    // Named and described as the menu shows the drink in the reply's language (docs/decisions/254).
    const text = drinkText(grounding, drink, toContentLanguage(outcome.constraints.language) ?? outcome.appLanguage);
    const blurb = !draft.blurb || draft.blurb === drink.description ? text.description : draft.blurb;
    return {
      ...shared, type: 'menu', previewName: text.name, blurb, heroImageUrl: drink.imageUrl, tags: draft.tags, menuDrinkId: drink.id,
      recipe: drink.lines.map((l) => ({ ingredient: l.name, quantity: l.quantity, unit: l.unit })),
      allergens: [...drink.allergens], contains_alcohol: drink.containsAlcohol, price_cents: drink.priceCents, price: centsToDollars(drink.priceCents),
      drink_name: text.name, image_url: drink.imageUrl, description: blurb, menu_drink_id: drink.id,
      unchecked_ingredients: uncheckedLineNames(drink.lines),
    };
  }
  const image = drinkArtUrl({ glass: draft.glass, category: 'cocktail', method: null, recipe: draft.recipe });
  return {
    ...shared, type: 'creation', previewName: draft.name, blurb: draft.blurb, heroImageUrl: image, tags: draft.tags, menuDrinkId: null,
    recipe: draft.recipe, allergens: allergensOf(grounding, draft.recipe), contains_alcohol: creationFacts(grounding, draft.recipe).containsAlcohol,
    price_cents: AI_CREATION_PRICE_CENTS, price: centsToDollars(AI_CREATION_PRICE_CENTS),
    drink_name: draft.name, image_url: image, description: draft.blurb, menu_drink_id: null, unchecked_ingredients: [],
  };
}
