// The hub's event log stores the events of concurrent placements in one commit, never gives a number twice,
// and answers a reconnect across events it lost with a snapshot (worker/live/event-log.ts, docs/decisions/153).
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { EventLog, GROUP_LIMIT, SEQ_BLOCK } from '../../worker/live/event-log';
import { venueHub } from '../../worker/live/hub-client';
import { call } from './helpers';
import { availableDrinks, guestToken, openLive, staffToken, venueId } from './order-helpers';

const SLUG = 'harbor-tap-room';

const event = (n: number) => ({ type: 'order_created', order_id: `order-${n}`, owner_key: `s:guest-${n}`, created_at: new Date().toISOString() });
const body = (seq: number) => JSON.stringify({ seq });
const storedSeqs = (sql: SqlStorage) => sql.exec<{ seq: number }>('select seq from live_events order by seq').toArray().map((r) => r.seq);

/** A hub of its own (no venue): its storage holds only what the test writes. */
const scratchHub = (name: string) => venueHub(env, `event-log-test-${name}`);

describe('the hub event log', () => {
  it('keeps the events of work running side by side in memory and stores them together when the last one ends', async () => {
    await runInDurableObject(scratchHub('group'), (_hub, state) => {
      const log = new EventLog(state.storage.sql);
      const before = storedSeqs(state.storage.sql).length;
      log.begin();
      log.begin();
      log.begin();
      const first = log.append(event(1), body);
      const second = log.append(event(2), body);
      expect([first.seq, second.seq]).toEqual([1, 2]);
      // Two placements are still running: nothing is stored yet, but the numbers are given.
      expect(storedSeqs(state.storage.sql)).toHaveLength(before);
      expect(log.latestSeq()).toBe(2);
      log.end();
      log.end();
      expect(storedSeqs(state.storage.sql)).toHaveLength(before);
      log.end();
      expect(storedSeqs(state.storage.sql)).toEqual([1, 2]);
      // Alone in the hub, an event is stored at once.
      log.begin();
      log.append(event(3), body);
      expect(storedSeqs(state.storage.sql)).toEqual([1, 2, 3]);
      log.end();
    });
  });

  it('stores what waits once GROUP_LIMIT events are waiting, however busy the hub is', async () => {
    await runInDurableObject(scratchHub('limit'), (_hub, state) => {
      const log = new EventLog(state.storage.sql);
      log.begin();
      log.begin();
      for (let n = 1; n < GROUP_LIMIT; n += 1) log.append(event(n), body);
      expect(storedSeqs(state.storage.sql)).toEqual([]);
      log.append(event(GROUP_LIMIT), body);
      expect(storedSeqs(state.storage.sql)).toHaveLength(GROUP_LIMIT);
    });
  });

  it('a hub that lost events it had numbered continues after every number it could have sent, and replays nothing across the gap', async () => {
    const hub = scratchHub('crash');
    await runInDurableObject(hub, (_hub, state) => {
      const log = new EventLog(state.storage.sql);
      log.append(event(1), body);
      log.begin();
      log.begin();
      log.append(event(2), body);
      log.append(event(3), body);
      // The hub dies here: events 2 and 3 were sent to sockets and never stored.
      expect(storedSeqs(state.storage.sql)).toEqual([1]);
    });
    await runInDurableObject(hub, (_hub, state) => {
      const log = new EventLog(state.storage.sql);
      // Not 2 or 3 again: a client that saw them would skip the new events with those numbers.
      // Event 2 reserved the numbers up to 2 + SEQ_BLOCK before it was sent.
      expect(log.latestSeq()).toBe(2 + SEQ_BLOCK);
      const next = log.append(event(4), body);
      expect(next.seq).toBe(3 + SEQ_BLOCK);
      // A client that saw 1, or 3, cannot be replayed what it missed: it gets a snapshot (null here).
      expect(log.after(1)).toBeNull();
      expect(log.after(3)).toBeNull();
      // A client that saw everything since the restart is replayed as usual.
      expect(log.after(2 + SEQ_BLOCK)!.map((e) => e.seq)).toEqual([next.seq]);
      expect(log.after(next.seq)).toEqual([]);
    });
  });

  it('the live channel answers a reconnect across lost events with a snapshot, and numbers new orders past the gap', async () => {
    const venue = await venueId(SLUG);
    const hub = venueHub(env, venue);
    const superTok = await staffToken('superadmin@barhop.dev');
    const [drink] = await availableDrinks(SLUG);
    const place = async () => {
      const res = await call('POST', '/api/orders/quick', { token: (await guestToken()).token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
      expect(res.status, res.text).toBe(200);
      return res.json.id as string;
    };
    await place();
    const seen = await runInDurableObject(hub, (instance) => instance.latestSeq());
    // As if the hub had numbered and sent five more events and died before storing them.
    await runInDurableObject(hub, (_instance, state) => {
      state.storage.sql.exec(`insert into live_meta (key, value) values ('reserved', ?) on conflict (key) do update set value = excluded.value`, seen + 5);
    });
    await evictDurableObject(hub, { webSockets: 'close' });
    const id = await place();
    const after = await runInDurableObject(hub, (instance) => instance.latestSeq());
    expect(after).toBe(seen + 6);

    const live = await openLive(venue, superTok, seen);
    const first = await live.waitFor((m) => m.type === 'snapshot' || m.type === 'order_created');
    expect(first.type).toBe('snapshot');
    expect(first.orders.map((o: { id: string }) => o.id)).toContain(id);
    live.ws!.close();
  });
});
