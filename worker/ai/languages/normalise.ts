// The one normaliser every language's phrases and every guest's words go through (docs/decisions/189): case
// folded, diacritics stripped ("alérgico" and "alergico" read alike), letters without a decomposition spelt
// out (ß → ss, œ → oe), punctuation to word breaks. The raw word is kept beside it for language detection.

/** Emoji a guest may use for a constraint, read as the English words they stand for. */
const EMOJI_WORDS: Record<string, string> = {
  '🤰': 'pregnant', '🫃': 'pregnant', '🫄': 'pregnant', '🤱': 'breastfeeding',
  '🥜': 'peanut', '🌰': 'nut', '🥛': 'milk', '🥚': 'egg', '🌾': 'wheat', '🦐': 'shellfish', '🦞': 'shellfish', '🦀': 'shellfish',
  '🐟': 'fish', '🚫': 'no', '⛔': 'no', '❌': 'no',
};
const EMOJI_PATTERN = new RegExp(Object.keys(EMOJI_WORDS).join('|'), 'gu');

/** Letters that have no decomposition to a base letter and a mark. */
const SPELT_OUT: Record<string, string> = { ß: 'ss', œ: 'oe', æ: 'ae', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ŀ: 'l' };

// An apostrophe joins an English contraction (don't → dont, I'm → im) and otherwise separates words, as
// French and Italian elide (d'alcool → d alcool, l'alcol → l alcol).
const CONTRACTION = /['’‘ʼ`´](t|m|s|re|ve|ll|d)(?![\p{L}])/giu;
const OTHER_APOSTROPHE = /['’‘ʼ`´]/g;

/** One word of a guest's text: as written, and as the phrase tables read it. */
export type Word = { raw: string; plain: string };

/** Lower case, no diacritics, letters spelt out; anything that is not a letter or digit becomes a space. */
export function plainText(text: string): string {
  return text
    .replace(EMOJI_PATTERN, (emoji) => ` ${EMOJI_WORDS[emoji]} `)
    .replace(CONTRACTION, '$1')
    .replace(OTHER_APOSTROPHE, ' ')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßœæøłđðþıŀ]/g, (letter) => SPELT_OUT[letter]!)
    // A number and a word run together are two words ("17yo", "0%").
    .replace(/(\d)(?=[a-z%])|([a-z])(?=\d)/g, '$1$2 ')
    .replace(/%/g, ' % ')
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}

/** The words of a text, in order, each as written and as read. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  const withEmojiWords = text.replace(EMOJI_PATTERN, (emoji) => ` ${EMOJI_WORDS[emoji]} `);
  for (const raw of withEmojiWords.match(/[\p{L}\p{M}\p{N}'’‘ʼ%]+/gu) ?? []) {
    const plains = plainText(raw).split(' ').filter(Boolean);
    // A word in another script has no plain form; it is kept, empty, as evidence of that script.
    if (plains.length === 0) words.push({ raw, plain: '' });
    for (const plain of plains) words.push({ raw, plain });
  }
  return words;
}
