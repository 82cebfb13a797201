// Words the menu's data carries as canonical English keys, read by a guest in their language (docs/decisions/265):
// allergens ('sulphites') and a drink's taste tags ('Herbal'). The catalogs hold them like the app's own texts; a word
// they do not know (an owner's own spelling) reads as written. No list of words here: the guest's download stays lean.
import type { Translate } from './english-messages';

/** 'sulphites' → 'sulfitos', 'Herbal' → 'Herbáceo' in Spanish; 'Sulphites' finds the lower-case key too. */
export function contentWord(t: Translate, word: string): string {
  const said = t(word);
  if (said !== word) return said;
  const key = word.trim().toLowerCase();
  const lower = t(key);
  return lower === key ? word : lower;
}

/** 'sulfitos, gluten': a drink's allergens in one line, each in the reader's language. */
export const allergenList = (t: Translate, list: readonly string[]) => list.map((a) => contentWord(t, a)).join(', ');
