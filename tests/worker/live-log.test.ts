// The venue's live log in its database (worker/live/live-log.ts, docs/decisions/154): events are numbered in the
// write batch of their change, reach sockets in number order whatever order the answers come back in, are read
// back from the database when an answer never came or the hub restarted, and are trimmed.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { runHousekeeping } from '../../worker/jobs/housekeeping';
import { venueHub } from '../../worker/live/hub-client';
import { EVENT_LOG_LIMIT, HOLE_WAIT_MS, LiveLog, type StoredEvent } from '../../worker/live/live-log';
import type { VenueHub } from '../../worker/live/venue-hub';
import { venueDatabase } from '../../worker/shards/directory';
import { call } from './helpers';
import { availableDrinks, guestToken, openLive, staffToken, venueId } from './order-helpers';

const SLUG = 'harbor-tap-room';

const hubOf = (venue: string) => venueHub(env, venue) as unknown as DurableObjectStub<VenueHub>;

async function placeQuick(slug = SLUG, token?: string) {
  const [drink] = await availableDrinks(slug);
  const res = await call('POST', '/api/orders/quick', { token: token ?? (await guestToken()).token, body: { slug, item: { menu_drink_id: drink!.id } } });
  return res;
}

async function venueLog(venue: string) {
  const { d1 } = await venueDatabase(env, venue);
  const { results } = await d1.prepare('select seq, order_id, from_status, to_status, created_at from live_events where restaurant_id = ? order by seq')
    .bind(venue).all<{ seq: number; order_id: string; from_status: string | null; to_status: string; created_at: string }>();
  return results;
}

const event = (seq: number): StoredEvent => ({ seq, owner_key: `s:${seq}`, body: JSON.stringify({ seq }) });

describe('the live log in the venue database', () => {
  it('numbers each acknowledged change once, in the batch that stores it; a refused placement takes no number', async () => {
    const venue = await venueId(SLUG);
    const before = (await venueLog(venue)).at(-1)?.seq ?? 0;
    const guest = await guestToken();
    const first = await placeQuick(SLUG, guest.token);
    expect(first.status, first.text).toBe(200);
    // The same guest again: one active order at a time, refused, and its rolled-back batch numbered nothing.
    expect((await placeQuick(SLUG, guest.token)).status).toBe(409);
    const staff = await staffToken('superadmin@barhop.dev');
    const moved = await call('PUT', `/api/staff/orders/${first.json.id}/status?restaurant_id=${venue}`, { token: staff, body: { status: 'preparing' } });
    expect(moved.status, moved.text).toBe(200);
    // A move that is no longer legal changes nothing and numbers nothing.
    expect((await call('PUT', `/api/staff/orders/${first.json.id}/status?restaurant_id=${venue}`, { token: staff, body: { status: 'pending' } })).status).toBe(409);

    const rows = (await venueLog(venue)).filter((r) => r.seq > before);
    expect(rows.map((r) => [r.seq, r.order_id, r.from_status, r.to_status])).toEqual([
      [before + 1, first.json.id, null, 'pending'],
      [before + 2, first.json.id, 'pending', 'preparing'],
    ]);
  });

  it('sends events in number order when their answers come back out of order', () => {
    const sent: number[] = [];
    const log = new LiveLog({ latestStored: async () => 10, stored: async () => [], deliver: (e) => sent.push(e.seq) }, () => 0);
    return log.ready().then(() => {
      log.receive(event(12));
      log.receive(event(13));
      expect(sent).toEqual([]);
      log.receive(event(11));
      expect(sent).toEqual([11, 12, 13]);
      // A number already sent (read back from the database) is not sent twice.
      log.receive(event(12));
      expect(sent).toEqual([11, 12, 13]);
    });
  });

  it('reads a number whose answer never came from the database after HOLE_WAIT_MS, then sends the events held behind it', async () => {
    vi.useFakeTimers();
    try {
      const sent: number[] = [];
      const asked: [number, number][] = [];
      const log = new LiveLog({
        latestStored: async () => 4,
        stored: async (since, through) => { asked.push([since, through]); return [event(5)]; },
        deliver: (e) => sent.push(e.seq),
      }, () => 0);
      await log.ready();
      log.receive(event(6));
      await vi.advanceTimersByTimeAsync(HOLE_WAIT_MS - 1);
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(asked).toEqual([[4, 5]]);
      expect(sent).toEqual([5, 6]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('end to end: an event stored without its answer reaching the hub reaches the sockets from the database, in order', async () => {
    const venue = await venueId(SLUG);
    const live = await openLive(venue, await staffToken('superadmin@barhop.dev'));
    const hello = await live.waitFor((m) => m.type === 'hello');
    const lost = await placeQuick();
    expect(lost.status).toBe(200);
    await live.waitFor((m) => m.type === 'order_created' && m.order.id === lost.json.id);
    // As if a status change committed (its event with it) and its request then failed before the hub heard back.
    const { d1 } = await venueDatabase(env, venue);
    const at = new Date().toISOString();
    await d1.batch([
      d1.prepare(`update orders set status = 'preparing', updated_at = ? where id = ?`).bind(at, lost.json.id),
      d1.prepare(`insert into live_events (restaurant_id, seq, order_id, from_status, to_status, created_at) values (?, ?, ?, 'pending', 'preparing', ?)`)
        .bind(venue, hello.seq + 2, lost.json.id, at),
    ]);
    const next = await placeQuick();
    expect(next.status).toBe(200);
    const created = await live.waitFor((m) => m.type === 'order_created' && m.order.id === next.json.id, 5_000);
    expect(created.seq).toBe(hello.seq + 3);
    const live_ = live.messages.filter((m) => m.seq > hello.seq && m.type !== 'hello');
    expect(live_.map((m) => [m.seq, m.type, m.order.id, m.order.status])).toEqual([
      [hello.seq + 1, 'order_created', lost.json.id, 'pending'],
      [hello.seq + 2, 'order_updated', lost.json.id, 'preparing'],
      [hello.seq + 3, 'order_created', next.json.id, 'pending'],
    ]);
    live.ws!.close();
  });

  it('replays what a client missed from the database after the hub restarted, without a snapshot', async () => {
    const venue = await venueId(SLUG);
    const staff = await staffToken('superadmin@barhop.dev');
    const watching = await openLive(venue, staff);
    const since = (await watching.waitFor((m) => m.type === 'hello')).seq;
    watching.ws!.close();
    const a = await placeQuick();
    const b = await placeQuick();
    const moved = await call('PUT', `/api/staff/orders/${a.json.id}/status?restaurant_id=${venue}`, { token: staff, body: { status: 'ready' } });
    expect(moved.status, moved.text).toBe(200);
    await evictDurableObject(hubOf(venue), { webSockets: 'close' });

    const back = await openLive(venue, staff, since);
    const hello = await back.waitFor((m) => m.type === 'hello');
    expect(back.messages.map((m) => m.type)).toEqual(['order_created', 'order_created', 'order_updated', 'hello']);
    expect(back.messages.slice(0, 3).map((m) => [m.seq, m.order.id])).toEqual([[since + 1, a.json.id], [since + 2, b.json.id], [since + 3, a.json.id]]);
    // Read back as the order is now.
    expect(back.messages[2]).toMatchObject({ from: 'pending', to: 'ready', order: { status: 'ready' } });
    expect(hello.seq).toBe(since + 3);
    back.ws!.close();
  });

  it('a client reconnecting while a delivery is still queued gets that event once, from its catch-up', async () => {
    const venue = await venueId(SLUG);
    const staff = await staffToken('superadmin@barhop.dev');
    const first = await openLive(venue, staff);
    const since = (await first.waitFor((m) => m.type === 'hello')).seq;
    first.ws!.close();
    // Hold the hub's deliveries until the client is back, as a slow session check would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const fanOutOf = (instance: unknown) => (instance as { fanOut: { deliveries: Promise<void> } }).fanOut;
    await runInDurableObject(hubOf(venue), (instance) => {
      const fanOut = fanOutOf(instance);
      fanOut.deliveries = fanOut.deliveries.then(() => held);
    });
    const placed = await placeQuick();
    expect(placed.status).toBe(200);
    // Its event is sent (numbered, in the hub's memory) but its delivery waits behind the held one.
    const back = await openLive(venue, staff, since);
    await back.waitFor((m) => m.type === 'hello');
    // Let the held delivery go, wait until the hub has delivered everything queued, then until its frames arrived.
    release();
    await runInDurableObject(hubOf(venue), (instance) => fanOutOf(instance).deliveries);
    await back.drained();
    expect(back.messages.filter((m) => m.type === 'order_created').map((m) => [m.seq, m.order.id])).toEqual([[since + 1, placed.json.id]]);
    back.ws!.close();
  });

  it('a venue whose hub kept its numbers in its own storage (the version before) continues after them', async () => {
    const venue = await venueId('rooftop-lounge');
    const hub = hubOf(venue);
    const { d1 } = await venueDatabase(env, venue);
    await d1.prepare('delete from live_events where restaurant_id = ?').bind(venue).run();
    await runInDurableObject(hub, (_hub, state) => {
      state.storage.sql.exec(`create table if not exists live_meta (key text primary key, value integer not null)`);
      state.storage.sql.exec(`insert into live_meta (key, value) values ('seq', 4321) on conflict (key) do update set value = excluded.value`);
    });
    await evictDurableObject(hub, { webSockets: 'close' });
    const placed = await placeQuick('rooftop-lounge');
    expect(placed.status).toBe(200);
    expect((await venueLog(venue)).map((r) => r.seq)).toEqual([4322]);
  });

  it('keeps the last EVENT_LOG_LIMIT events of the venue once its hub has run its alarm, and a day of them after housekeeping', async () => {
    const venue = await venueId(SLUG);
    const hub = hubOf(venue);
    const { d1 } = await venueDatabase(env, venue);
    const start = (await venueLog(venue)).at(-1)?.seq ?? 0;
    const old = new Date(Date.now() - 2 * 86_400_000).toISOString();
    // A long evening's events, two days old.
    const extra = EVENT_LOG_LIMIT + 20;
    const orderId = (await venueLog(venue)).at(-1)!.order_id;
    await d1.batch(Array.from({ length: extra }, (_, i) => d1.prepare(
      `insert into live_events (restaurant_id, seq, order_id, from_status, to_status, created_at) values (?, ?, ?, null, 'pending', ?)`,
    ).bind(venue, start + 1 + i, orderId, old)));
    await evictDurableObject(hub, { webSockets: 'close' });
    const placed = await placeQuick();
    expect(placed.status).toBe(200);
    await runDurableObjectAlarm(hub);
    const kept = await venueLog(venue);
    expect(kept).toHaveLength(EVENT_LOG_LIMIT);
    expect(kept.at(-1)!.seq).toBe(start + extra + 1);

    // A day later only the events of the last day stay, and each venue's last one, whatever its age.
    await runHousekeeping(env, new Date());
    expect((await venueLog(venue)).map((r) => r.seq)).toEqual([start + extra + 1]);
    await runHousekeeping(env, new Date(Date.now() + 3 * 86_400_000));
    expect((await venueLog(venue)).map((r) => r.seq)).toEqual([start + extra + 1]);
  });
});
