// Proof of presence at a table (docs/decisions/237, docs/product.md §12.1): a phone opens a tab only with the token
// of the QR code on the table, and joins a live tab with that token or the tab's code from a member's phone. A
// table number alone gets nothing but "Scan the code on your table". Every attempt counts against the device and
// the table; one that gets in is given back, so only failures add up.
import type { Context } from 'hono';
import type { AppContext, Db } from '../env';
import { refusal } from '../lib/errors';
import { clientKey, hitRateLimits, refundRateLimits, type Counter, type RateLimit } from '../lib/rate-limit';
import { liveSessionAtQuery, venueTableQuery } from './queries';
import { isTableToken } from './table-token';

/** Failed tries to join any table from one phone (its device session, else its address). */
export const TABLE_JOIN_DEVICE_LIMIT: RateLimit = { name: 'table-join-device', limit: 10, windowSeconds: 600 };
/** Failed tries at one table, from any phone: a new device session each try does not get round the limit. */
export const TABLE_JOIN_TABLE_LIMIT: RateLimit = { name: 'table-join-table', limit: 30, windowSeconds: 600 };
/** Failed tab codes typed at one venue (a code names no table until it is right). */
export const TABLE_JOIN_CODE_LIMIT: RateLimit = { name: 'table-join-code', limit: 100, windowSeconds: 600 };

export const TABLE_TOKEN_REQUIRED = 'table_token_required';

/** The refusal of every attempt without the table's token or the tab's code. */
export const scanTableCode = () => refusal(403, TABLE_TOKEN_REQUIRED);

function deviceOf(c: Context<AppContext>): string {
  const caller = c.get('caller');
  return caller?.kind === 'guest' ? `device:${caller.sessionId}` : `address:${clientKey(c)}`;
}

/**
 * Counts one join attempt of this phone and at `place` (a venue's table, or a venue's codes); 429 with the reason
 * once either is over. Answers the refund for an attempt that got in.
 */
export async function countJoinAttempt(c: Context<AppContext>, place: { venueId: string; table: string } | { venueId: string; code: true }) {
  const counters: Counter[] = [
    { rule: TABLE_JOIN_DEVICE_LIMIT, subject: deviceOf(c) },
    'table' in place
      ? { rule: TABLE_JOIN_TABLE_LIMIT, subject: `${place.venueId}:${place.table}` }
      : { rule: TABLE_JOIN_CODE_LIMIT, subject: place.venueId },
  ];
  const hits = await hitRateLimits(c.env.DB, counters);
  if (!hits.allowed) {
    throw refusal(429, hits.states[0]!.allowed ? 'rate_limited.table_joins_table' : 'rate_limited.table_joins_device', { retry_after: hits.retryAfterSeconds });
  }
  return () => refundRateLimits(c.env.DB, counters, hits);
}

/**
 * The table and its live tab for a phone that proves it is there: the table's current token, or the live tab's
 * code. Anything else, a table the venue does not have included, is "Scan the code on your table".
 */
export async function presentAt(c: Context<AppContext>, db: Db, venueId: string, number: string, proof: { token?: string; code?: string }) {
  const [tables, live] = await db.batch([venueTableQuery(db, venueId, number), liveSessionAtQuery(db, venueId, number)]);
  const table = tables[0];
  if (!table) throw scanTableCode();
  const session = live[0] ?? null;
  if (await isTableToken(c.env, { venueId, number: table.number, tokenVersion: table.tokenVersion }, proof.token)) return { table, session, by: 'token' as const };
  if (proof.code && session && session.joinCode === proof.code) return { table, session, by: 'code' as const };
  throw scanTableCode();
}
