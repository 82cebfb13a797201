// The bundle check's attribution of a chunk's bytes to its sources (scripts/bundle-sources.ts, docs/decisions/268):
// what it counts as the fixed stack and what as a route's own code.
import { describe, expect, it } from 'vitest';
import { charactersBySource, FIXED_STACK, gzipShareBySource, UNMAPPED } from '../../scripts/bundle-sources';

// Line 1: five characters from React, then three from the app; line 2: three characters no source maps (glue).
const CODE = 'aaaaabbb\nccc';
const MAP = { sources: ['../../node_modules/react/index.js', '../../app/main.tsx'], mappings: 'AAAA,KCAA;A' };

describe('bundle sources', () => {
  it('gives each source the characters up to the next mapping, and none to unmapped glue', () => {
    expect(Object.fromEntries(charactersBySource(CODE, MAP))).toEqual({ '../../node_modules/react/index.js': 5, '../../app/main.tsx': 3 });
  });

  it("shares the chunk's gzipped bytes in proportion, and gives a map without sources to the app", () => {
    expect(Object.fromEntries(gzipShareBySource(CODE, MAP, 80))).toEqual({ '../../node_modules/react/index.js': 50, '../../app/main.tsx': 30 });
    expect(Object.fromEntries(gzipShareBySource(CODE, { sources: [], mappings: ';' }, 80))).toEqual({ [UNMAPPED]: 80 });
  });

  it('counts React, its scheduler, the router and TanStack Query as the fixed stack, and any other library as own code', () => {
    for (const stack of ['node_modules/react/cjs/react.js', 'node_modules/react-dom/cjs/client.js', 'node_modules/scheduler/index.js',
      'node_modules/react-router/dist/index.mjs', 'node_modules/@tanstack/query-core/build/modern/query.js', 'node_modules/@tanstack/react-query/build/modern/index.js']) {
      expect(FIXED_STACK.test(`../../${stack}`)).toBe(true);
    }
    for (const own of ['node_modules/zod/v4/core.js', 'node_modules/react-markdown/index.js', 'node_modules/lucide-react/dist/esm/icons/x.mjs', 'app/features/react/page.tsx']) {
      expect(FIXED_STACK.test(`../../${own}`)).toBe(false);
    }
  });
});
