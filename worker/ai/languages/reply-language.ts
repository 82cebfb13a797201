// Which language a reply is written in (docs/decisions/254): the reader's own detector, over the reply's words less the
// drink names in it (a name is the menu's, in whatever language the menu writes it). The model's reply is checked
// with it, and the evaluation checks every reply with it.
import { evidenceOf, likeliestLanguage } from './detect';
import { wordsOf } from './normalise';
import type { LanguageCode } from './table';

/** The language the reply reads as, or null when its words tell none (a bare drink name). */
export function replyLanguage(reply: string, names: readonly string[] = []): LanguageCode | null {
  let text = reply;
  for (const name of [...names].filter(Boolean).sort((a, b) => b.length - a.length)) text = text.split(name).join(' ');
  return likeliestLanguage(evidenceOf(wordsOf(text)));
}

/** Is the reply in `language`? A reply whose words tell no language (only names) is not held against it. */
export function writtenIn(reply: string, language: LanguageCode, names: readonly string[] = []): boolean {
  const read = replyLanguage(reply, names);
  return read === null || read === language;
}
