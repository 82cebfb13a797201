// Helpers for the order, cart and live tests: tokens minted directly, venues and drinks from the seed.
import { env, exports } from 'cloudflare:workers';
import { newId } from '../../shared/ids';
import { signGuestToken } from '../../worker/auth/tokens';
import { mintToken } from './auth-helpers';

export const staffToken = mintToken;

/**
 * A fresh device session (not signed in), or a signed-in guest account when guestId is given: the
 * device session is then stored linked to the account, as phone sign-in leaves it.
 */
export async function guestToken(guestId: string | null = null, sessionId = newId()) {
  if (guestId) {
    await env.DB.batch([
      env.DB.prepare('INSERT OR IGNORE INTO guests (id, phone_number) VALUES (?, ?)').bind(guestId, `+1999${newId(12)}`),
      env.DB.prepare('INSERT INTO guest_sessions (id, guest_id) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET guest_id = excluded.guest_id').bind(sessionId, guestId),
    ]);
  }
  return { token: await signGuestToken(env, { sub: sessionId, guest_id: guestId }), sessionId, ownerKey: guestId ? `g:${guestId}` : `s:${sessionId}` };
}

export async function venueId(slug: string) {
  const row = await env.DB.prepare('SELECT id FROM venues WHERE slug = ?').bind(slug).first<{ id: string }>();
  return row!.id;
}

type DrinkRow = { id: string; name: string; price_cents: number };

/** Orderable drinks of a venue, cheapest first. */
export async function availableDrinks(slug: string): Promise<DrinkRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT d.id, d.name, d.price_cents FROM menu_drinks d JOIN venues v ON v.id = d.restaurant_id
     WHERE v.slug = ? AND d.is_available = 1 AND d.sold_out_reason IS NULL ORDER BY d.price_cents, d.id`,
  ).bind(slug).all<DrinkRow>();
  return results;
}

/** Takes a drink off the menu (the admin's switch) and returns it. */
export async function makeUnavailable(drinkId: string) {
  await env.DB.prepare('UPDATE menu_drinks SET is_available = 0 WHERE id = ?').bind(drinkId).run();
}

/**
 * After `FROM stock_movements`: an order's pours and returns, found through the status changes they name (they store
 * no order id of their own, docs/decisions/152); binds the order id.
 */
export const MOVEMENTS_OF_ORDER = 'event_id IN (SELECT id FROM order_events WHERE order_id = ?)';

export async function countRows(sql: string, ...binds: unknown[]) {
  const row = await env.DB.prepare(sql).bind(...binds).first<{ n: number }>();
  return row!.n;
}

/** Opens the venue's live socket through the Worker; collects every message it receives. */
export async function openLive(venue: string, token: string, since?: number) {
  const query = new URLSearchParams({ token });
  if (since !== undefined) query.set('since', String(since));
  const res = await exports.default.fetch(new Request(`http://localhost/api/live/venues/${venue}?${query}`, { headers: { Upgrade: 'websocket' } }));
  const ws = res.webSocket;
  if (!ws) return { status: res.status, body: await res.text(), ws: null, messages: [] as any[], waitFor: async () => undefined as any, drained: async () => undefined };
  const messages: any[] = [];
  const waiters: { match: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  const pongs: (() => void)[] = [];
  ws.accept();
  ws.addEventListener('message', (event) => {
    if (event.data === 'pong') return pongs.shift()?.();
    const message = JSON.parse(String(event.data));
    messages.push(message);
    for (const w of [...waiters]) if (w.match(message)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(message); }
  });
  /** Resolves with the first message (already received or future) that matches. */
  const waitFor = (match: (m: any) => boolean, timeoutMs = 5000) => {
    const seen = messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages.map((m) => m.type))}`)), timeoutMs);
      waiters.push({ match, resolve: (m) => { clearTimeout(timer); resolve(m); } });
    });
  };
  /**
   * Resolves once every frame the hub sent this socket before now has arrived: the hub answers 'ping' after what it
   * has already written (worker/live/venue-hub.ts), so "nothing arrived" is asserted after this, not after a sleep.
   */
  const drained = () => new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no pong: the socket is closed')), 5000);
    pongs.push(() => { clearTimeout(timer); resolve(); });
    ws.send('ping');
  });
  return { status: res.status, body: '', ws, messages, waitFor, drained };
}

/**
 * A creation the bartender suggested to this guest at this venue just now (as /api/ai/* stores it):
 * AI creation order lines must name one (docs/decisions/190).
 */
export async function suggestedCreation(ownerKey: string, slug: string, name: string, recipe: { ingredient: string; quantity: number; unit: string }[]) {
  const id = newId();
  await env.DB.prepare(`INSERT INTO ai_interactions (id, restaurant_id, owner_key, kind, query, backend, model, suggestion, selected_drink_name)
    VALUES (?, ?, ?, 'recommend', 'test', 'local', 'barhop-local-v1', ?, ?)`)
    .bind(id, await venueId(slug), ownerKey, JSON.stringify({ type: 'creation', previewName: name, recipe, price_cents: 1800 }), name).run();
  return id;
}
