// A guest's refinement of the last suggestion in a chat, "make it a bit stronger", "less sweet", "más dulce",
// "ohne Eis" (docs/decisions/190, 254): which way it moves, and where the last suggestion stands on that scale. The local
// engine answers with a drink further along it, or says why it cannot.
import type { ChatMessage } from '../../shared/schemas/ai';
import type { Grounding } from './grounding';
import { type Comparative, ENGINE_REPLIES } from './languages/engine-replies';
import { plainText } from './languages/normalise';
import type { LanguageCode } from './languages/table';
import { TASTE_WORDS } from './languages/taste-words';
import { DRINK_TEMPLATES } from './templates';

export type RefinementAxis = 'strength' | 'sweetness';
/** A step along a scale, or the last suggestion again without ice ("ohne Eis", docs/decisions/254). */
export type Refinement = { axis: RefinementAxis; direction: 1 | -1; comparative: Comparative } | { axis: 'ice' };

/** The scales a refinement moves along, lowest first: a drink's stored strength and sweetness. */
export const LEVELS: Record<RefinementAxis, readonly string[]> = {
  strength: ['Light', 'Standard', 'Bold'],
  sweetness: ['Dry', 'Balanced', 'Sweet'],
};

const STEPS: Record<Comparative, Refinement> = {
  stronger: { axis: 'strength', direction: 1, comparative: 'stronger' },
  lighter: { axis: 'strength', direction: -1, comparative: 'lighter' },
  lessSweet: { axis: 'sweetness', direction: -1, comparative: 'lessSweet' },
  sweeter: { axis: 'sweetness', direction: 1, comparative: 'sweeter' },
};
const NO_ICE: Refinement = { axis: 'ice' };

const ENGLISH: [RegExp, Refinement][] = [
  [/\b(stronger|boozier|more (alcohol|booze|kick|punch)|bit more strength)\b/, STEPS.stronger],
  [/\b(weaker|lighter|less (strong|alcohol|boozy)|not (as|so) strong)\b/, STEPS.lighter],
  [/\b(less sweet|not (as|so) sweet|drier|too sweet)\b/, STEPS.lessSweet],
  [/\b(sweeter|more sweet|too (dry|sour|bitter))\b/, STEPS.sweeter],
  [/\b(no|without|hold the|skip the) ice\b/, NO_ICE],
];

/** The refinement a guest's message asks for, in any language the reader reads, or null when it asks for none. */
export function readRefinement(message: string): Refinement | null {
  const english = ENGLISH.find(([pattern]) => pattern.test(message.toLowerCase()))?.[1];
  if (english) return english;
  const plain = plainText(message);
  for (const { refinements } of Object.values(TASTE_WORDS)) {
    for (const key of ['lessSweet', 'sweeter', 'lighter', 'stronger', 'noIce'] as const) {
      if (refinements[key].test(plain)) return key === 'noIce' ? NO_ICE : STEPS[key];
    }
  }
  return null;
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

/** What marks a reply saying a refinement could not be made, in each language (the evaluation looks for it). */
export const cannotRefineMark = (language: LanguageCode) => ENGINE_REPLIES[language].cannotMark;
