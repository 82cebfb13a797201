// Words the menu's data carries as canonical English keys, read by a guest in their language (docs/decisions/265):
// allergens and the taste tags of a drink. They go through the catalogs like the app's own texts; a word the
// catalogs do not know (an owner's own spelling) reads as written.
import { CHAT_OPTIONS, VIBE_OPTIONS } from '../../shared/constants';
import { KNOWN_ALLERGENS } from '../../shared/drink-facts';
import type { Translate } from './i18n';

const allergens = new Map(KNOWN_ALLERGENS.map((a) => [a, a]));
const tastes = new Map([...VIBE_OPTIONS.spirits, ...VIBE_OPTIONS.flavors, ...VIBE_OPTIONS.styles, ...CHAT_OPTIONS.flavor].map((tag) => [tag.toLowerCase(), tag]));

const through = (known: ReadonlyMap<string, string>) => (t: Translate, word: string) => {
  const key = known.get(word.trim().toLowerCase());
  if (!key) return word;
  // English (or a catalog without the word) keeps the data's own spelling: 'Sulphites' stays capitalised.
  const said = t(key);
  return said === key ? word : said;
};

/** 'sulphites' → 'sulfitos' in Spanish. */
export const allergenName = through(allergens);
/** 'Herbal' → 'Herbal' in Spanish, 'Kräuterig' in German: a drink's tag. */
export const tagName = through(tastes);
/** 'sulphites, gluten': a drink's allergens in one line, each in the reader's language. */
export const allergenList = (t: Translate, list: readonly string[]) => list.map((a) => allergenName(t, a)).join(', ');
