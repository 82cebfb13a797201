// Deterministic randomness for the demo seed. Every choice and every id is derived from a
// string key, so the same seed code always produces the same rows: re-running it with
// INSERT OR IGNORE adds nothing, and changing one part of the seed does not reshuffle the rest.

const SEED_NAMESPACE = 'barhop-demo-v1';
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 128-bit string hash (cyrb128): four 32-bit words to seed sfc32. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32: small, fast PRNG with a 128-bit state; returns floats in [0, 1). */
function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0; b |= 0; c |= 0; d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** A random stream named by `key`: the same key always yields the same sequence. */
export class SeededRandom {
  private readonly nextFloat: () => number;

  constructor(key: string) {
    const [a, b, c, d] = cyrb128(`${SEED_NAMESPACE}:${key}`);
    this.nextFloat = sfc32(a, b, c, d);
    // sfc32 needs a few rounds before its output stops echoing the seed.
    for (let i = 0; i < 12; i++) this.nextFloat();
  }

  next(): number {
    return this.nextFloat();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('SeededRandom.pick: empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One draw, whatever the weights: callers rely on a fixed number of draws per decision. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let target = this.next() * total;
    for (const [value, weight] of entries) {
      target -= weight;
      if (target < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }
}

/**
 * A URL-safe id that looks like `newId()` (20 characters, ~119 bits) but is a pure function of
 * `key`, e.g. stableId('venue:artisan-bar'). Seeded with 128 bits, so distinct keys do not collide.
 */
export function stableId(key: string, length = 20): string {
  const random = new SeededRandom(`id:${key}`);
  let id = '';
  for (let i = 0; i < length; i++) id += ID_ALPHABET[Math.floor(random.next() * ID_ALPHABET.length)];
  return id;
}
