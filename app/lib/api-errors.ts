// The errors apiRequest throws (app/lib/api-client.ts, app/lib/api-refused.ts).
/** A non-2xx answer from the API, carrying the docs/product.md §7.2 error. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** A reply whose shape is not the one the screen expects ('Schema mismatch for staffApi'). */
export class SchemaMismatchError extends Error {
  constructor(label: string, readonly issues: unknown) {
    super(`Schema mismatch for ${label}`);
    this.name = 'SchemaMismatchError';
  }
}
