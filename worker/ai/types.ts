// The shapes every suggestion back end shares: what the guest asked for, and what a back end answers
// before the service grounds it, prices it and writes the interaction.
import type { AiBackendName, AiContext, ChatMessage } from '../../shared/schemas/ai';
import type { RecipeLine } from '../../shared/schemas/cart';
import type { ContentLanguage } from '../../shared/languages';
import type { GuestConstraints } from './constraints';
import type { Grounding } from './grounding';

export type SuggestionKind = 'vibe' | 'chat' | 'recommend';

export type SuggestionRequest = {
  kind: SuggestionKind;
  /** Vibe picks, or tags from recommend-new preferences. */
  picks: string[];
  context: AiContext | null;
  /** The guest's own words: the vibe's last request, the chat's guest messages, recommend-new's request. */
  text: string;
  /** Everything the guest said in this conversation, when more than `text`: constraints are read from all of it. */
  constraintText?: string;
  history: ChatMessage[];
  /** recommend-new: restrict a creation to these (still only those in stock). */
  availableIngredients: string[] | null;
  /** recommend-new asks for something new: a creation from stock, never a menu drink. */
  creationOnly: boolean;
  /** What the model read from the guest's words (docs/decisions/189): added to the local reader's, never instead. */
  modelConstraints?: GuestConstraints | null;
  /** The guest's language, when the app said it: the deployed model answers in it (docs/decisions/217). */
  language?: ContentLanguage;
};

/** A back end's answer, before allergens, price and images are filled from stored data. */
export type DraftSuggestion = (
  | { type: 'menu'; menuDrinkId: string; blurb: string; tags: string[]; garnish: string | null; message: string }
  | { type: 'creation'; name: string; blurb: string; tags: string[]; recipe: RecipeLine[]; glass: string; garnish: string | null; message: string }
) & {
  /** What the model read from the guest's words: the final check holds the answer to it as well (docs/decisions/189). */
  modelConstraints?: GuestConstraints;
};

export interface SuggestionBackend {
  readonly name: AiBackendName;
  readonly model: string;
  suggest(request: SuggestionRequest, grounding: Grounding): Promise<DraftSuggestion>;
}
