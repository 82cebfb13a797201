// Helpers for the tables tests: guests at a table, their calls, and the table's state as the API answers it.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { SendRoundResponse, TableStateResponse, VenueTablesResponse } from '../../shared/schemas/tables';
import { answerOf, call, callRoute } from './helpers';
import { availableDrinks, guestToken, staffToken } from './order-helpers';

export const SLUG = 'artisan-bar';

export type Guest = Awaited<ReturnType<typeof guestToken>>;

/** A fresh device session (not signed in). */
export const newGuest = () => guestToken();

/** The token of table `table`'s QR code (docs/decisions/237), as the admin's QR screen reads it. */
export async function tableTokenOf(table: string, slug = SLUG): Promise<string> {
  const res = await call('GET', `/api/admin/tables?restaurant_id=${slug}`, { token: await staffToken('superadmin@barhop.dev') });
  const found = (VenueTablesResponse.parse(answerOf(res))).tables.find((t) => t.number === table);
  if (!found) throw new Error(`${slug} has no table ${table}`);
  return found.token;
}

/** Scans table `table`'s QR code at `slug` as `name`: opens its tab or joins it; asserts it worked. */
export async function sit(guest: Guest, table: string, name: string, options: { slug?: string; code?: string } = {}) {
  const slug = options.slug ?? SLUG;
  const token = await tableTokenOf(table, slug);
  const res = await callRoute('POST', '/tables/sessions', { token: guest.token, body: { slug, table, name, token, ...(options.code ? { code: options.code } : {}) } });
  return TableStateResponse.parse(answerOf(res));
}

/** A table with a host and `others` more members; answers their tokens, member ids and the session. */
export async function tableOf(table: string, names: string[]) {
  const guests: (Guest & { memberId: string; name: string })[] = [];
  let sessionId = '';
  for (const name of names) {
    const guest = await newGuest();
    const state = await sit(guest, table, name);
    sessionId = state.table.session_id;
    guests.push({ ...guest, memberId: state.you!, name });
  }
  return { sessionId, guests, host: guests[0]! };
}

export const session = (id: string, token: string | null) => call('GET', `/api/tables/sessions/${id}`, { token });
export const addLine = (id: string, token: string, body: Record<string, unknown>) => call('POST', `/api/tables/sessions/${id}/lines`, { token, body });

/** The table as stored, read by a member (or staff). */
export async function stateOf(id: string, token: string) {
  const res = await session(id, token);
  expect(res.status, res.text).toBe(200);
  return TableStateResponse.parse(res.json).table;
}

/** Two orderable drinks of the venue, cheapest first. */
export async function drinksOf(slug = SLUG) {
  return availableDrinks(slug);
}

/** Sends the cart as a round; asserts it worked. */
export async function sendRound(id: string, token: string, headers: Record<string, string> = {}) {
  const res = await callRoute('POST', '/tables/sessions/:id/rounds', { token, params: { id }, body: {}, headers });
  return SendRoundResponse.parse(answerOf(res));
}

export const bartender = () => staffToken('staff@barhop.dev');

/**
 * A round through the bar: preparing, ready, delivered. The bartender starts it whatever the stock reads (a file's
 * many rounds drain the seeded stock; a start the stock cannot cover asks first, docs/decisions/233).
 */
export async function deliver(orderId: string) {
  const token = await bartender();
  for (const status of ['preparing', 'ready', 'delivered'] as const) {
    answerOf(await callRoute('PUT', '/staff/orders/:id/status', { token, params: { id: orderId }, body: status === 'preparing' ? { status, allow_short: true } : { status } }));
  }
}

/** The demo venues have tables 1–20: a test file that needs more adds them (tables up to `count`). */
export async function addTables(count: number, slug = SLUG) {
  const { results } = await env.DB.prepare('SELECT id FROM venues WHERE slug = ?').bind(slug).all<{ id: string }>();
  const venue = results[0]!.id;
  await env.DB.batch(Array.from({ length: count }, (_, i) => env.DB.prepare(
    'INSERT OR IGNORE INTO venue_tables (id, restaurant_id, number, position) VALUES (?, ?, ?, ?)',
  ).bind(`test-table-${slug}-${i + 1}`, venue, String(i + 1), i)));
}

/** Moves a session's last activity into the past (the scan window, idle tabs). */
export async function idleFor(sessionId: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000).toISOString();
  await env.DB.prepare('UPDATE table_sessions SET last_activity_at = ? WHERE id = ?').bind(at, sessionId).run();
}
