import type { Env, MiddlewareHandler, ValidationTargets } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import { validator, type InferInput } from 'hono/validator';
import type { z } from 'zod';
import { badRequest } from './errors';

/** zod issues as `{ path, message }` for the error's details. */
export function describeIssues(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/**
 * What a caller sends for one part of the request: a JSON body as the schema takes it (before defaults and
 * coercion), any other part as the text a URL or form carries.
 */
type SentAs<Target extends keyof ValidationTargets, Schema extends z.ZodType> =
  Target extends 'json' ? z.input<Schema> : InferInput<z.input<Schema>, Target>;

/**
 * Validates one part of the request with a schema from `shared/`. The parsed value is typed for the handler, and
 * what the caller sends is typed from the schema's input, so the app's client (app/lib/api-client.ts) follows the
 * server; a failure is a 400 in the docs/product.md §7.2 shape. The schema is also the request's part of the API's
 * OpenAPI document (worker/openapi/document.ts, docs/decisions/252).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType, E extends Env = Env, P extends string = string>(
  target: Target, schema: Schema,
): MiddlewareHandler<E, P, { in: { [K in Target]: SentAs<K, Schema> }; out: { [K in Target]: z.output<Schema> } }> {
  const middleware = validator(target, (value): z.output<Schema> => {
    const result = schema.safeParse(value);
    if (!result.success) throw badRequest('Invalid request', describeIssues(result.error));
    return result.data;
  });
  // hono-openapi reads a route's request schemas from this mark (its own validator sets the same).
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } }) as MiddlewareHandler<E, P, { in: { [K in Target]: SentAs<K, Schema> }; out: { [K in Target]: z.output<Schema> } }>;
}
