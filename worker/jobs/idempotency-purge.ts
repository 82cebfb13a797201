// How long idempotency keys live, and the statement that drops older ones (docs/decisions/157). The
// housekeeping cron runs it on every database that holds venues; `npm run bench` (phase 6, storage) runs the
// same statement to measure what an order keeps once its key is gone. No imports: the bench reads it in Node.

/** A client retries an order within minutes; a day of idempotency keys is ample. */
export const IDEMPOTENCY_KEEP_MS = 86_400_000;

/** Bound with `idempotencyCutoff(now)`. */
export const PURGE_IDEMPOTENCY_SQL = 'DELETE FROM idempotency_records WHERE created_at < ?';

export const idempotencyCutoff = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_KEEP_MS).toISOString();
