// Fixed-window counters over the rate_limits table (docs/decisions/012-rate-limits.md).
// One atomic upsert per hit, counted BEFORE the work it guards: D1 has no interactive
// transactions, and a read-then-write (or a check now and a count later) lets parallel requests
// slip through between the two (docs/decisions/107).
import type { Context } from 'hono';
import type { AppContext } from '../env';
import { tooManyRequests } from './errors';

export type RateLimit = {
  /** Namespace of the counter, e.g. 'otp-send-phone'. */
  name: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
};

export type RateLimitState = { count: number; allowed: boolean; retryAfterSeconds: number; windowStart: string };

function currentWindow(windowSeconds: number, nowMs: number) {
  const windowMs = windowSeconds * 1000;
  const startMs = Math.floor(nowMs / windowMs) * windowMs;
  return { start: new Date(startMs).toISOString(), retryAfterSeconds: Math.max(1, Math.ceil((startMs + windowMs - nowMs) / 1000)) };
}

const counterKey = (rule: RateLimit, subject: string) => `${rule.name}:${subject}`;

/** Counts one hit for `subject` and says whether it is still within the limit. */
export async function hitRateLimit(db: D1Database, rule: RateLimit, subject: string, nowMs = Date.now()): Promise<RateLimitState> {
  const window = currentWindow(rule.windowSeconds, nowMs);
  const row = await db.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
     ON CONFLICT(key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
       window_start = excluded.window_start
     RETURNING count`,
  ).bind(counterKey(rule, subject), window.start).first<{ count: number }>();
  const count = row?.count ?? 1;
  return { count, allowed: count <= rule.limit, retryAfterSeconds: window.retryAfterSeconds, windowStart: window.start };
}

/**
 * Gives back a hit counted by `hitRateLimit` (a login that turned out right), in the same window
 * only: limits that count failures count every attempt first and refund the successes.
 */
export async function refundRateLimit(db: D1Database, rule: RateLimit, subject: string, hit: RateLimitState) {
  await db.prepare('UPDATE rate_limits SET count = count - 1 WHERE key = ?1 AND window_start = ?2 AND count > 0')
    .bind(counterKey(rule, subject), hit.windowStart).run();
}

/** Counts a hit and throws 429 with Retry-After once the limit is passed. */
export async function enforceRateLimit(db: D1Database, rule: RateLimit, subject: string, message?: string) {
  const state = await hitRateLimit(db, rule, subject);
  if (!state.allowed) throw tooManyRequests(state.retryAfterSeconds, message);
  return state;
}

/** The client a limit applies to: Cloudflare's connecting IP, or 'local' in development and tests. */
export const clientKey = (c: Context<AppContext>) => c.req.header('CF-Connecting-IP')?.trim() || 'local';
