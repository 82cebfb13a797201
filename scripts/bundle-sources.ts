// Which source files a built chunk's bytes come from, read from the chunk's source map (docs/decisions/268).
// The bundle check uses it to split a guest route's first download into the fixed stack and the app's own code.

/** The libraries every guest route needs whatever it shows (docs/decisions/268): React, its scheduler, the router, TanStack Query. */
export const FIXED_STACK = /(^|[\\/])node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one segment of a source map's `mappings` (base64 VLQ) into its fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`Not a base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** A chunk whose map names no source at all: counted as the app's own code. */
export const UNMAPPED = '(unmapped)';

export type SourceMap = { sources: string[]; mappings: string };

/**
 * Characters of the generated code per source: each mapped segment owns the characters up to the next segment on
 * its line (or the line's end). Characters no segment maps (the bundler's glue, line breaks) are not counted: a
 * chunk's gzipped size is shared over the mapped characters only.
 */
export function charactersBySource(code: string, map: SourceMap): Map<string, number> {
  const lines = code.split('\n');
  const counts = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const length = lines[index]?.length ?? 0;
    let column = 0;
    const segments = line ? line.split(',').map(decodeSegment) : [];
    segments.forEach((fields, i) => {
      column += fields[0]!;
      if (fields.length >= 4) source += fields[1]!;
      const end = i + 1 < segments.length ? column + segments[i + 1]![0]! : length;
      if (fields.length < 4) return;
      const name = map.sources[source]!;
      counts.set(name, (counts.get(name) ?? 0) + Math.max(0, end - column));
    });
  });
  return counts;
}

/**
 * Splits a chunk's gzipped bytes over its sources in proportion to the characters each contributes (gzip compresses
 * every file of a chunk together, so a file has no gzipped size of its own: this is an estimate).
 */
export function gzipShareBySource(code: string, map: SourceMap, gzipBytes: number): Map<string, number> {
  const chars = charactersBySource(code, map);
  const total = [...chars.values()].reduce((sum, n) => sum + n, 0);
  if (!total) return new Map([[UNMAPPED, gzipBytes]]);
  return new Map([...chars].map(([name, n]) => [name, (gzipBytes * n) / total]));
}
