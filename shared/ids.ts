const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random, URL-safe id (docs/product.md §3.1: at least 16 characters). 20 chars ≈ 119 bits. */
export function newId(length = 20): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let id = '';
  // 62 does not divide 256; the tiny bias (<0.5%) is irrelevant for identifiers.
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id;
}

/** Status screens and cards: last 8 characters, upper-case. */
export const shortOrderId = (id: string) => id.slice(-8).toUpperCase();
/** History rows and lists: last 6 characters, upper-case. */
export const historyOrderId = (id: string) => id.slice(-6).toUpperCase();

/** lower-case, words joined by '-', only [a-z0-9-]. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
