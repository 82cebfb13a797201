// How long a venue's live log keeps an event, and the statement that drops older ones (docs/decisions/154). The
// housekeeping cron runs it on every database that holds venues; `npm run bench` (phase 6, storage) runs the same
// statement to measure what an order keeps a day later. No imports: the bench reads it in Node.

/** A client away longer than this reconnects to a snapshot of the active orders anyway. */
export const LIVE_EVENTS_KEEP_MS = 86_400_000;

/**
 * Bound with `liveEventsCutoff(now)`. Each venue's last event stays, whatever its age: its number is where the
 * venue's next event continues from.
 */
export const PURGE_LIVE_EVENTS_SQL = `DELETE FROM live_events WHERE created_at < ?
  AND seq < (SELECT max(seq) FROM live_events AS last WHERE last.restaurant_id = live_events.restaurant_id)`;

export const liveEventsCutoff = (now: Date) => new Date(now.getTime() - LIVE_EVENTS_KEEP_MS).toISOString();
