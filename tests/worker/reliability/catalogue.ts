// Every route the Worker mounts, read from `app.routes`, with the zod schemas its `validate(...)`
// middlewares check. Routes added later join the reliability suites without anyone listing them.
//
// Hono keeps no reference to a validator's schema, so the test file that needs schemas mocks
// worker/lib/validate.ts with `recordingValidate` (the real validator, remembered in a WeakMap by
// the middleware function it returns) and loads the app afresh through `loadCatalogue`.
import { vi } from 'vitest';
import type { z } from 'zod';

export type Target = 'json' | 'query' | 'param' | 'form' | 'header' | 'cookie';
export type RouteInfo = {
  method: string;
  path: string;
  /** Path parameter names in order, e.g. ['id'] or ['key']. */
  params: string[];
  schemas: Partial<Record<Target, z.ZodType>>;
};

type Registry = WeakMap<object, { target: Target; schema: z.ZodType }>;
/** On globalThis: vi.resetModules gives this module a fresh instance, the registry must survive it. */
export const validatorRegistry: Registry = ((globalThis as { __relValidators?: Registry }).__relValidators ??= new WeakMap());

/** The body of the vi.mock factory for '../../worker/lib/validate'. */
export async function recordingValidate(importOriginal: () => Promise<typeof import('../../../worker/lib/validate')>) {
  const original = await importOriginal();
  return {
    ...original,
    validate: (target: Target, schema: z.ZodType) => {
      const middleware = original.validate(target as never, schema);
      validatorRegistry.set(middleware, { target, schema });
      return middleware;
    },
  };
}

/** Loads a fresh copy of the app (so the mocked validator is used) and lists its routes. */
export async function loadCatalogue(prefix = '/'): Promise<RouteInfo[]> {
  vi.resetModules();
  const { app } = await import('../../../worker/app');
  const byRoute = new Map<string, RouteInfo>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith(prefix)) continue;
    const key = `${r.method} ${r.path}`;
    let info = byRoute.get(key);
    if (!info) {
      info = { method: r.method, path: r.path, params: [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]!), schemas: {} };
      byRoute.set(key, info);
    }
    const validator = validatorRegistry.get(r.handler);
    if (validator) info.schemas[validator.target] = validator.schema;
  }
  return [...byRoute.values()];
}

/** Fills `:params` (including Hono's `:key{regex}` form) with the values given by name. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => {
    const value = values[name] ?? 'x';
    // A regex param like {.+} may span slashes: keep them, encode the rest.
    // A generated lone surrogate cannot be percent-encoded: it becomes U+FFFD, as a browser would send it.
    const wellFormed = value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
    return wellFormed.split('/').map(encodeURIComponent).join('/');
  });
}
