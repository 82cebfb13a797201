import { evictDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LiveMessage } from '../../shared/schemas/live';
import { venueHub } from '../../worker/live/hub-client';
import { venueDatabase } from '../../worker/shards/directory';
import { call } from './helpers';
import { availableDrinks, guestToken, openLive, staffToken, venueId } from './order-helpers';

const SLUG = 'artisan-bar';

async function quickOrder(token: string, slug = SLUG) {
  const [drink] = await availableDrinks(slug);
  const res = await call('POST', '/api/orders/quick', { token, body: { slug, item: { menu_drink_id: drink!.id } } });
  expect(res.status, res.text).toBe(200);
  return res.json.id as string;
}

describe('live channel', () => {
  it('refuses plain HTTP, bad tokens and staff of another venue; lets a super admin watch any venue', async () => {
    const venue = await venueId(SLUG);
    const plain = await call('GET', `/api/live/venues/${venue}?token=x`);
    expect(plain.status).toBe(426);
    expect((await openLive(venue, 'not-a-token')).status).toBe(401);
    expect((await openLive(venue, await staffToken('staff2@barhop.dev'))).status).toBe(403);
    const superLive = await openLive(venue, await staffToken('superadmin@barhop.dev'));
    expect(superLive.status).toBe(101);
    superLive.ws!.close();
  });

  it('pushes order_created with a sequence number to staff; a guest socket gets only its own orders', async () => {
    const venue = await venueId(SLUG);
    const staff = await openLive(venue, await staffToken('staff@barhop.dev'));
    const me = await guestToken();
    const someoneElse = await guestToken();
    const mine = await openLive(SLUG, me.token);
    expect(staff.status).toBe(101);
    const hello = LiveMessage.parse(await staff.waitFor((m) => m.type === 'hello'));
    expect(hello).toMatchObject({ type: 'hello', venue_id: venue, audience: 'staff' });

    const otherId = await quickOrder(someoneElse.token);
    const myId = await quickOrder(me.token);
    const createdOther = await staff.waitFor((m) => m.type === 'order_created' && m.order.id === otherId);
    const createdMine = await staff.waitFor((m) => m.type === 'order_created' && m.order.id === myId);
    expect(LiveMessage.parse(createdMine).type).toBe('order_created');
    expect(createdMine.seq).toBe(createdOther.seq + 1);
    expect(createdOther.seq).toBeGreaterThan(hello.type === 'hello' ? hello.seq : 0);

    await mine.waitFor((m) => m.type === 'order_created' && m.order.id === myId);
    expect(mine.messages.some((m) => m.order?.id === otherId)).toBe(false);

    // A status change made through the HTTP route is pushed too; the guest sees the queue move.
    const staffToken1 = await staffToken('staff@barhop.dev');
    expect((await call('PUT', `/api/staff/orders/${otherId}/status`, { token: staffToken1, body: { status: 'ready' } })).status).toBe(200);
    const updated = await staff.waitFor((m) => m.type === 'order_updated' && m.order.id === otherId);
    expect(updated).toMatchObject({ from: 'pending', to: 'ready', seq: createdMine.seq + 1 });
    const moved = await mine.waitFor((m) => m.type === 'queue_changed');
    expect(moved.seq).toBe(updated.seq);
    expect(JSON.stringify(mine.messages)).not.toContain(otherId);
    expect((await call('PUT', `/api/staff/orders/${myId}/status`, { token: staffToken1, body: { status: 'preparing' } })).status).toBe(200);
    await mine.waitFor((m) => m.type === 'order_updated' && m.order.id === myId && m.to === 'preparing');
    staff.ws!.close();
    mine.ws!.close();
  });

  it('a client reconnecting with ?since= gets what it missed, even after the hub was evicted', async () => {
    const venue = await venueId('harbor-tap-room');
    const staffTok = await staffToken('superadmin@barhop.dev');
    const first = await openLive(venue, staffTok);
    const hello = await first.waitFor((m) => m.type === 'hello');
    first.ws!.close();

    const guest = await guestToken();
    const a = await quickOrder(guest.token, 'harbor-tap-room');
    const b = await quickOrder((await guestToken()).token, 'harbor-tap-room');
    await evictDurableObject(venueHub(env, venue));

    const again = await openLive(venue, staffTok, hello.seq);
    const helloAgain = await again.waitFor((m) => m.type === 'hello');
    const missed = again.messages.filter((m) => m.type === 'order_created');
    expect(missed.map((m) => m.order.id)).toEqual([a, b]);
    expect(missed.map((m) => m.seq)).toEqual([hello.seq + 1, hello.seq + 2]);
    expect(helloAgain.seq).toBe(hello.seq + 2);
    // Replayed events arrive before the hello that says the client is caught up.
    expect(again.messages.at(-1)!.type).toBe('hello');
    again.ws!.close();

    // The guest's own replay holds only their order.
    const guestAgain = await openLive(venue, guest.token, hello.seq);
    await guestAgain.waitFor((m) => m.type === 'hello');
    expect(guestAgain.messages.filter((m) => m.type === 'order_created').map((m) => m.order.id)).toEqual([a]);
    guestAgain.ws!.close();

    // Up to date: nothing to replay.
    const current = await openLive(venue, staffTok, helloAgain.seq);
    await current.waitFor((m) => m.type === 'hello');
    expect(current.messages.map((m) => m.type)).toEqual(['hello']);
    current.ws!.close();
  });

  it('sends a snapshot of active orders when ?since= is older than the kept log or unknown', async () => {
    const venue = await venueId('rooftop-lounge');
    const staffTok = await staffToken('staff2@barhop.dev');
    const id = await quickOrder((await guestToken()).token, 'rooftop-lounge');
    await quickOrder((await guestToken()).token, 'rooftop-lounge');
    // Pretend the log was pruned: drop its first event, and restart the hub so only the database has the log.
    const { d1 } = await venueDatabase(env, venue);
    await d1.prepare('delete from live_events where restaurant_id = ? and seq = 1').bind(venue).run();
    await evictDurableObject(venueHub(env, venue), { webSockets: 'close' });
    const live = await openLive(venue, staffTok, 0);
    const snapshot = LiveMessage.parse(await live.waitFor((m) => m.type === 'snapshot'));
    expect(snapshot.type === 'snapshot' && snapshot.orders.some((o) => o.id === id)).toBe(true);
    expect(snapshot.type === 'snapshot' && snapshot.orders.every((o) => ['pending', 'preparing', 'ready'].includes(o.status))).toBe(true);
    live.ws!.close();
    const ahead = await openLive(venue, staffTok, 10_000);
    await ahead.waitFor((m) => m.type === 'snapshot');
    ahead.ws!.close();
  });
});
