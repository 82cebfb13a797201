// Fixed-window counters over the rate_limits table (docs/decisions/165-rate-limits-keyed-on-what-they-protect.md).
// One atomic upsert per hit, counted BEFORE the work it guards: D1 has no interactive
// transactions, and a read-then-write (or a check now and a count later) lets parallel requests
// slip through between the two (docs/decisions/165).
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

const HIT_SQL = `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
     ON CONFLICT(key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
       window_start = excluded.window_start
     RETURNING count`;
const REFUND_SQL = 'UPDATE rate_limits SET count = count - 1 WHERE key = ?1 AND window_start = ?2 AND count > 0';

const stateOf = (rule: RateLimit, window: ReturnType<typeof currentWindow>, count: number): RateLimitState =>
  ({ count, allowed: count <= rule.limit, retryAfterSeconds: window.retryAfterSeconds, windowStart: window.start });

/** Counts one hit for `subject` and says whether it is still within the limit. */
export async function hitRateLimit(db: D1Database, rule: RateLimit, subject: string, nowMs = Date.now()): Promise<RateLimitState> {
  const window = currentWindow(rule.windowSeconds, nowMs);
  const row = await db.prepare(HIT_SQL).bind(counterKey(rule, subject), window.start).first<{ count: number }>();
  return stateOf(rule, window, row?.count ?? 1);
}

/** One counter: the rule and whom it counts (an address, a device, an account, a phone). */
export type Counter = { rule: RateLimit; subject: string };

/** The tiers of a ceiling (e.g. per 10 minutes and per day), all counting the same subject. */
export const countersOf = (rules: RateLimit[], subject: string): Counter[] => rules.map((rule) => ({ rule, subject }));

export type RateLimitHits = { states: RateLimitState[]; allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one hit on every counter in one batch (one round trip). Allowed only when every counter is within its
 * limit; otherwise the wait is the longest of those over.
 */
export async function hitRateLimits(db: D1Database, counters: Counter[], nowMs = Date.now()): Promise<RateLimitHits> {
  const windows = counters.map(({ rule }) => currentWindow(rule.windowSeconds, nowMs));
  const results = await db.batch<{ count: number }>(counters.map(({ rule, subject }, i) => db.prepare(HIT_SQL).bind(counterKey(rule, subject), windows[i]!.start)));
  const states = counters.map(({ rule }, i) => stateOf(rule, windows[i]!, results[i]?.results[0]?.count ?? 1));
  const over = states.filter((state) => !state.allowed);
  return { states, allowed: over.length === 0, retryAfterSeconds: Math.max(0, ...over.map((state) => state.retryAfterSeconds)) };
}

/** Counts a hit on every counter and throws 429 with the longest Retry-After when any is over its limit. */
export async function enforceRateLimits(db: D1Database, counters: Counter[], message?: string): Promise<RateLimitHits> {
  const hits = await hitRateLimits(db, counters);
  if (!hits.allowed) throw tooManyRequests(hits.retryAfterSeconds, message);
  return hits;
}

/** Gives back the hits `hitRateLimits` counted (same windows only), as `refundRateLimit` does for one. */
export async function refundRateLimits(db: D1Database, counters: Counter[], hits: RateLimitHits) {
  if (counters.length === 0) return;
  await db.batch(counters.map(({ rule, subject }, i) => db.prepare(REFUND_SQL).bind(counterKey(rule, subject), hits.states[i]!.windowStart)));
}

/**
 * Gives back a hit counted by `hitRateLimit` (a login that turned out right), in the same window
 * only: limits that count failures count every attempt first and refund the successes.
 */
export async function refundRateLimit(db: D1Database, rule: RateLimit, subject: string, hit: RateLimitState) {
  await db.prepare(REFUND_SQL).bind(counterKey(rule, subject), hit.windowStart).run();
}

/** Counts a hit and throws 429 with Retry-After once the limit is passed. */
export async function enforceRateLimit(db: D1Database, rule: RateLimit, subject: string, message?: string) {
  const state = await hitRateLimit(db, rule, subject);
  if (!state.allowed) throw tooManyRequests(state.retryAfterSeconds, message);
  return state;
}

/**
 * The client's address: Cloudflare's connecting IP, or 'local' in development and tests. Many people can share one
 * (a venue's Wi-Fi), so a limit on it is only ever a flood ceiling (docs/decisions/165).
 */
export const clientKey = (c: Context<AppContext>) => c.req.header('CF-Connecting-IP')?.trim() || 'local';
