// D1 read replication (docs/decisions/150): a write's answer carries its bookmark in X-D1-Bookmark, and a
// read that sends it back is served from a session starting at that bookmark, so the caller sees their own write.
import { describe, expect, it } from 'vitest';
import { decodeBookmark } from '../../worker/shards/sessions';
import { call } from './helpers';
import { availableDrinks, guestToken, staffToken } from './order-helpers';

const SLUG = 'artisan-bar';

function bookmarkOf(res: { headers: Headers }) {
  const header = res.headers.get('X-D1-Bookmark');
  const decoded = decodeBookmark(header ?? undefined);
  return { header, decoded };
}

describe('bookmarks of own writes', () => {
  it('a guest reads their order right after placing it, through the placement bookmark', async () => {
    const { token } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    const placed = await call('POST', '/api/orders/quick', { token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
    expect(placed.status).toBe(200);
    const written = bookmarkOf(placed);
    expect(written.decoded, `header was ${written.header}`).toMatchObject({ shard: 'DB' });

    const read = await call('GET', `/api/orders/${placed.json.id}`, { token, headers: { 'X-D1-Bookmark': written.header! } });
    expect(read.status).toBe(200);
    expect(read.json.order).toMatchObject({ id: placed.json.id, status: 'pending' });
    // The read ran in a session from that bookmark: its own bookmark is the same point or later.
    const echoed = bookmarkOf(read);
    expect(echoed.decoded?.shard).toBe('DB');
    expect(echoed.decoded!.bookmark >= written.decoded!.bookmark).toBe(true);

    const status = await call('GET', `/api/orders/${placed.json.id}/status`, { token, headers: { 'X-D1-Bookmark': written.header! } });
    expect(status.json.status).toBe('pending');
    expect(bookmarkOf(status).decoded).not.toBeNull();
  });

  it('staff see their own status change in the queue they read next', async () => {
    const { token } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    const placed = await call('POST', '/api/orders/quick', { token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
    const staff = await staffToken('staff@barhop.dev');
    const moved = await call('PUT', `/api/staff/orders/${placed.json.id}/status`, { token: staff, body: { status: 'preparing' } });
    expect(moved.status).toBe(200);
    const written = bookmarkOf(moved);
    expect(written.decoded).toMatchObject({ shard: 'DB' });
    const queue = await call('GET', '/api/staff/orders?status=active', { token: staff, headers: { 'X-D1-Bookmark': written.header! } });
    expect(queue.json.orders.find((o: { id: string }) => o.id === placed.json.id)?.status).toBe('preparing');
    expect(bookmarkOf(queue).decoded!.bookmark >= written.decoded!.bookmark).toBe(true);
  });

  it('ignores a malformed bookmark, and one of another database, reading from the primary', async () => {
    const { token } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    const placed = await call('POST', '/api/orders/quick', { token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
    const bookmark = bookmarkOf(placed).decoded!.bookmark;
    for (const header of ['garbage', `DB:${bookmark}x`, `DB_SHARD_1:${bookmark}`]) {
      const read = await call('GET', `/api/orders/${placed.json.id}`, { token, headers: { 'X-D1-Bookmark': header } });
      expect(read.status, header).toBe(200);
      expect(read.headers.get('X-D1-Bookmark'), header).toBeNull();
    }
  });
});
