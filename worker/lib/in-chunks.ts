/**
 * D1 allows at most 100 bound parameters per statement: an `IN (...)` over a longer list is split into
 * slices of 90, leaving room for the statement's other parameters.
 */
export const D1_IN_LIMIT = 90;

/** The list in consecutive slices of at most `size` elements (none for an empty list). */
export function inChunks<T>(list: readonly T[], size = D1_IN_LIMIT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
