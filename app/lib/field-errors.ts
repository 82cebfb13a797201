// The server's field-precise validation (`details: [{ path, message }]`, docs/api.md) as one message
// per form field, so a form shows each reason next to its field instead of a generic toast.
import { ApiRequestError } from './api-client';

export type FieldErrors = Record<string, string>;

/** `{ price_cents: 'Price is at most $10,000' }` from a refused save; empty when the error names no field. */
export function fieldErrorsOf(err: unknown, rename: Record<string, string> = {}): FieldErrors {
  if (!(err instanceof ApiRequestError) || !Array.isArray(err.details)) return {};
  const out: FieldErrors = {};
  for (const d of err.details as { path?: unknown; message?: unknown }[]) {
    if (typeof d?.path !== 'string' || typeof d.message !== 'string') continue;
    const field = rename[d.path] ?? d.path;
    out[field] ??= d.message;
  }
  return out;
}

/** The props that tie an input to its error text (aria-invalid, aria-describedby). */
export function errorProps(errors: FieldErrors, field: string, id: string) {
  return errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { 'aria-invalid': false };
}
