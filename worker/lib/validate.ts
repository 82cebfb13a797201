import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { badRequest } from './errors';

/** zod issues as `{ path, message }` for the error's details. */
export function describeIssues(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/**
 * Validates one part of the request with a schema from `shared/`. The parsed value is typed,
 * so the `hc` client follows the server; a failure is a 400 in the docs/product.md §7.2 shape.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return validator(target, (value): z.output<Schema> => {
    const result = schema.safeParse(value);
    if (!result.success) throw badRequest('Invalid request', describeIssues(result.error));
    return result.data;
  });
}
