// A guest's refinement of the last suggestion in a chat, "make it a bit stronger", "less sweet"
// (docs/decisions/190): which way it moves, and where the last suggestion stands on that scale. The local
// engine answers with a drink further along it, or says why it cannot.
import type { ChatMessage } from '../../shared/schemas/ai';
import type { Grounding } from './grounding';
import { DRINK_TEMPLATES } from './templates';

export type RefinementAxis = 'strength' | 'sweetness';
export type Refinement = { axis: RefinementAxis; direction: 1 | -1; comparative: string };

/** The scales a refinement moves along, lowest first: a drink's stored strength and sweetness. */
export const LEVELS: Record<RefinementAxis, readonly string[]> = {
  strength: ['Light', 'Standard', 'Bold'],
  sweetness: ['Dry', 'Balanced', 'Sweet'],
};

const REFINEMENTS: [RegExp, Refinement][] = [
  [/\b(stronger|boozier|more (alcohol|booze|kick|punch)|bit more strength)\b/, { axis: 'strength', direction: 1, comparative: 'stronger' }],
  [/\b(weaker|lighter|less (strong|alcohol|boozy)|not (as|so) strong)\b/, { axis: 'strength', direction: -1, comparative: 'lighter' }],
  [/\b(less sweet|not (as|so) sweet|drier|too sweet)\b/, { axis: 'sweetness', direction: -1, comparative: 'less sweet' }],
  [/\b(sweeter|more sweet|too (dry|sour|bitter))\b/, { axis: 'sweetness', direction: 1, comparative: 'sweeter' }],
];

/** The refinement a guest's message asks for, or null when it asks for none. */
export function readRefinement(message: string): Refinement | null {
  const text = message.toLowerCase();
  return REFINEMENTS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export type PreviousSuggestion = NonNullable<ChatMessage['suggestion']>;

/** The suggestion a refinement starts from: the last one the bartender made in this chat. */
export function previousSuggestion(history: readonly ChatMessage[]): PreviousSuggestion | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i]!;
    if (message.role === 'assistant' && message.suggestion) return message.suggestion;
  }
  return null;
}

/** Where a stored value stands on a scale; unknown values stand in the middle. */
export function levelOf(axis: RefinementAxis, value: string | null | undefined): number {
  const index = value ? LEVELS[axis].indexOf(value) : -1;
  return index >= 0 ? index : 1;
}

/** Where a suggestion stands: a menu drink by its stored strength or sweetness, a creation by its classic shape's. */
export function suggestionLevel(grounding: Grounding, suggestion: PreviousSuggestion, axis: RefinementAxis): number {
  const drink = grounding.drinks.find((d) => d.id === suggestion.menu_drink_id) ?? grounding.drinks.find((d) => d.name === suggestion.name);
  if (drink) return levelOf(axis, drink[axis]);
  const shape = DRINK_TEMPLATES.find((t) => suggestion.name.endsWith(` ${t.label}`));
  return levelOf(axis, shape?.[axis]);
}

/** The sentences that say a refinement could not be made; the evaluation looks for them (docs/decisions/190). */
export const cannotRefine = {
  alcoholFree: (r: Refinement) => `It has to stay alcohol-free, so I can't make it ${r.comparative}.`,
  lowAlcohol: (r: Refinement) => `You asked for light on alcohol, so I can't make it ${r.comparative}.`,
  nothing: (r: Refinement, previous: string) => `Nothing here is ${r.comparative} than the ${previous} and still fits what you asked, so I can't make it ${r.comparative}.`,
};
export const CANNOT_REFINE_MARK = "so I can't make it";
