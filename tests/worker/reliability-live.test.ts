// Live delivery under faults (docs/reliability.md §5). Staff and guest sockets watch one venue while a burst
// of orders and status changes runs; mid-burst some sockets are dropped, the venue's Durable
// Object is evicted once keeping its hibernated sockets and once closing them all. Clients
// reconnect with ?since=<last seq seen>, as the app does. At the end every client must hold every
// event meant for it — each staff client the whole numbered sequence, each guest its own orders'
// events — in order, none twice, and the hub's log must hold one event per acknowledged change.
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LiveMessage } from '../../shared/schemas/live';
import { venueHub } from '../../worker/live/hub-client';
import { venueDatabase } from '../../worker/shards/directory';
import type { VenueHub } from '../../worker/live/venue-hub';
import { call } from './helpers';
import { availableDrinks, guestToken, staffToken, venueId } from './order-helpers';

const SCALE = Math.max(1, Number((env as { RELIABILITY_SCALE?: string }).RELIABILITY_SCALE ?? 1));
const SLUG = 'artisan-bar';
const GUESTS = 6;
const ROUNDS = 4 * SCALE;
const stats = { clients: 0, orders: 0, statusChanges: 0, events: 0, drops: 0, evictions: 0, reconnects: 0, delivered: 0, duplicates: 0, outOfOrder: 0, snapshots: 0 };

/** A client that reconnects with ?since= whenever its socket closes, like app/lib/live. */
class LiveClient {
  events: { seq: number; type: string; orderId?: string }[] = [];
  lastSeq = 0;
  ws: WebSocket | null = null;
  closedByTest = false;
  private connecting: Promise<void> | null = null;
  /** Called after every message: each resolves its wait once its condition holds. */
  private watchers = new Set<() => void>();
  private pongs: (() => void)[] = [];

  constructor(readonly name: string, readonly venue: string, readonly token: string) {}

  async connect(): Promise<void> {
    const query = new URLSearchParams({ token: this.token });
    if (this.ws !== null || this.events.length || this.lastSeq) query.set('since', String(this.lastSeq));
    const res = await exports.default.fetch(new Request(`http://localhost/api/live/venues/${this.venue}?${query}`, { headers: { Upgrade: 'websocket' } }));
    if (!res.webSocket) throw new Error(`${this.name}: live upgrade refused ${res.status}`);
    const ws = res.webSocket;
    this.ws = ws;
    ws.accept();
    ws.addEventListener('message', (event) => {
      if (event.data === 'pong') return this.pongs.shift()?.();
      this.receive(LiveMessage.parse(JSON.parse(String(event.data))));
      for (const watcher of [...this.watchers]) watcher();
    });
    ws.addEventListener('close', () => {
      if (this.ws !== ws || this.closedByTest) return;
      stats.reconnects += 1;
      this.connecting = this.connect();
    });
  }

  private receive(message: LiveMessage) {
    if (message.type === 'hello') { this.lastSeq = Math.max(this.lastSeq, message.seq); return; }
    if (message.type === 'snapshot') { stats.snapshots += 1; this.lastSeq = Math.max(this.lastSeq, message.seq); return; }
    // A nudge to read the menu again, not a logged event: it carries the latest seq, not its own (docs/decisions/154).
    if (message.type === 'menu_changed') return;
    if (this.events.some((e) => e.seq === message.seq)) stats.duplicates += 1;
    if (message.seq <= (this.events.at(-1)?.seq ?? 0)) stats.outOfOrder += 1;
    this.events.push({ seq: message.seq, type: message.type, orderId: message.type === 'order_created' || message.type === 'order_updated' ? message.order.id : undefined });
    this.lastSeq = Math.max(this.lastSeq, message.seq);
    stats.delivered += 1;
  }

  /** The network drops: the socket goes away without the server closing it first. */
  drop() {
    stats.drops += 1;
    this.ws?.close(4000, 'dropped by the test');
  }

  async settled() { await this.connecting; }

  /** Resolves at the message after which `check` holds (at once if it already does); fails after `timeoutMs`. */
  until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { this.watchers.delete(watcher); reject(new Error(`${this.name}: no message brought ${what}`)); }, timeoutMs);
      const watcher = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.watchers.delete(watcher);
        resolve();
      };
      this.watchers.add(watcher);
    });
  }

  /**
   * Resolves once every frame the hub sent this socket before now has arrived: the hub answers 'ping' after what it
   * has written (worker/live/venue-hub.ts), so what the client holds after this is all it was sent.
   */
  drained(): Promise<void> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error(`${this.name}: no open socket to drain`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no pong`)), 5000);
      this.pongs.push(() => { clearTimeout(timer); resolve(); });
      ws.send('ping');
    });
  }

  close() { this.closedByTest = true; this.ws?.close(1000, 'done'); }
}

let venue: string;
let hub: DurableObjectStub<VenueHub>;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  venue = await venueId(SLUG);
  hub = venueHub(env, venue) as unknown as DurableObjectStub<VenueHub>;
  // Orders go all the way to delivered, which pours stock: keep the bar stocked for the whole burst.
  await env.DB.prepare('UPDATE inventory_items SET quantity = 1000000 WHERE restaurant_id = ?').bind(venue).run();
});
afterAll(() => {
  vi.restoreAllMocks();
  console.log(`RELIABILITY live ${JSON.stringify(stats)}`);
});

/** The venue's live log as its database keeps it (docs/decisions/154). */
async function hubLog() {
  const { d1 } = await venueDatabase(env, venue);
  const { results } = await d1.prepare('select seq, order_id from live_events where restaurant_id = ? order by seq').bind(venue).all<{ seq: number; order_id: string }>();
  return results;
}

describe('live delivery through dropped sockets and hub evictions', () => {
  it('every client ends with every event meant for it, in order, none twice', async () => {
    const startSeq = (await hubLog()).at(-1)?.seq ?? 0;
    const staffClients = [
      new LiveClient('staff', venue, await staffToken('staff@barhop.dev')),
      new LiveClient('admin', venue, await staffToken('admin@barhop.dev')),
      new LiveClient('superadmin', venue, await staffToken('superadmin@barhop.dev')),
    ];
    const guests = await Promise.all(Array.from({ length: GUESTS }, () => guestToken()));
    const guestClients = guests.map((g, i) => new LiveClient(`guest${i}`, SLUG, g.token));
    const clients = [...staffClients, ...guestClients];
    stats.clients = clients.length;
    for (const c of clients) await c.connect();

    const drinks = await availableDrinks(SLUG);
    // Two accounts move the orders: at soak scale one alone would pass its write budget (worker/lib/write-limits.ts).
    const movers = [await staffToken('staff@barhop.dev'), await staffToken('admin@barhop.dev')];
    const acknowledged: { orderId: string; type: 'order_created' | 'order_updated' }[] = [];
    const ownerOf = new Map<string, number>();

    for (let round = 0; round < ROUNDS; round += 1) {
      // Every guest orders at once; staff then move each order on, all in flight together.
      const placed = await Promise.all(guests.map((g, i) => call('POST', '/api/orders/quick', {
        token: g.token, body: { slug: SLUG, item: { menu_drink_id: drinks[(round + i) % drinks.length]!.id } }, headers: { 'Idempotency-Key': `live-${round}-${i}` },
      })));
      for (const [i, res] of placed.entries()) {
        expect(res.status, res.text).toBe(200);
        acknowledged.push({ orderId: res.json.id, type: 'order_created' });
        ownerOf.set(res.json.id, i);
        stats.orders += 1;
      }
      // Every fourth round some sockets drop (different ones each time)...
      if (round % 4 === 1) { staffClients[round % 3]!.drop(); guestClients[round % GUESTS]!.drop(); guestClients[(round + 3) % GUESTS]!.drop(); }
      const moves = placed.flatMap((res) => ['preparing', 'ready', 'delivered'].map((to) => ({ id: res.json.id as string, to })));
      // Status steps of one order go in sequence; different orders' steps overlap.
      const chains = placed.map(async (res, i) => {
        const staff = movers[i % movers.length]!;
        for (const step of moves.filter((m) => m.id === res.json.id)) {
          const changed = await call('PUT', `/api/staff/orders/${step.id}/status`, { token: staff, body: { status: step.to } });
          expect(changed.status, changed.text).toBe(200);
          acknowledged.push({ orderId: step.id, type: 'order_updated' });
          stats.statusChanges += 1;
        }
      });
      if (round % 4 === 2) {
        // ...and every fourth round the hub is evicted while the status changes are in flight
        // (eviction drains them first), alternately hibernating and closing the sockets.
        const evicting = evictDurableObject(hub, { webSockets: (round - 2) % 8 === 0 ? 'hibernate' : 'close' });
        stats.evictions += 1;
        await Promise.all([...chains, evicting]);
      } else {
        await Promise.all(chains);
      }
      if (round === ROUNDS - 1) { await evictDurableObject(hub, { webSockets: 'close' }); stats.evictions += 1; }
    }
    // One last order after the last eviction wakes the hub and proves sockets are live again.
    const last = await call('POST', '/api/orders/quick', { token: guests[1]!.token, body: { slug: SLUG, item: { menu_drink_id: drinks[0]!.id } } });
    expect(last.status).toBe(200);
    acknowledged.push({ orderId: last.json.id, type: 'order_created' });
    ownerOf.set(last.json.id, 1);
    stats.orders += 1;

    // The hub numbered exactly one event per acknowledged change, gap-free (its kept log holds the
    // last EVENT_LOG_LIMIT of them; the counter says how many there were).
    const latest = await runInDurableObject(hub, (instance) => instance.latestSeq(venue));
    stats.events = latest - startSeq;
    expect(latest - startSeq).toBe(acknowledged.length);
    const kept = await hubLog();
    expect(kept.map((e) => e.seq)).toEqual(Array.from({ length: kept.length }, (_, i) => latest - kept.length + 1 + i));

    for (const c of clients) await c.settled();
    const expectedSeqs = Array.from({ length: latest - startSeq }, (_, i) => startSeq + 1 + i);
    const changes = (events: LiveClient['events']) => events.map((e) => `${e.type} ${e.orderId}`).sort();
    // Staff see everything: every number once, in order, and together exactly the acknowledged changes.
    for (const c of staffClients) {
      await c.until(() => (c.events.at(-1)?.seq ?? 0) >= latest, `seq ${latest}`);
      await c.drained();
      const seen = c.events.filter((e) => e.seq > startSeq);
      expect(seen.map((e) => e.seq), c.name).toEqual(expectedSeqs);
      expect(changes(seen), c.name).toEqual(acknowledged.map((a) => `${a.type} ${a.orderId}`).sort());
    }
    const reference = staffClients[0]!.events.filter((e) => e.seq > startSeq);
    // Guests see their own orders' events (plus queue_changed notes about others), in order, once.
    for (const [i, c] of guestClients.entries()) {
      const mine = reference.filter((e) => ownerOf.get(e.orderId!) === i).map((e) => e.seq);
      await c.until(() => mine.every((s) => c.events.some((e) => e.seq === s)), `its ${mine.length} events`);
      await c.drained();
      const own = c.events.filter((e) => e.type !== 'queue_changed').map((e) => e.seq);
      expect(own, c.name).toEqual(mine);
      expect(c.events.filter((e) => e.orderId !== undefined && ownerOf.get(e.orderId) !== i), `${c.name} saw someone else's order`).toEqual([]);
    }
    expect(stats.duplicates).toBe(0);
    expect(stats.outOfOrder).toBe(0);
    expect(stats.snapshots).toBe(0);
    expect(stats.reconnects).toBeGreaterThanOrEqual(3);
    for (const c of clients) c.close();
  }, 120_000);
});
