import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { venueHub } from '../../worker/live/hub-client';
import { call } from './helpers';
import { availableDrinks, guestToken, openLive, staffToken, venueId } from './order-helpers';

describe('menu_changed: open menus follow the bar (docs/decisions/154)', () => {
  it('an admin switching a drink off reaches every guest and staff socket of the venue, not other venues', async () => {
    const venue = await venueId('artisan-bar');
    const guest = await openLive(venue, (await guestToken()).token);
    const staff = await openLive(venue, await staffToken('staff@barhop.dev'));
    const elsewhere = await openLive(await venueId('rooftop-lounge'), (await guestToken()).token);
    await guest.waitFor((m) => m.type === 'hello');
    await elsewhere.waitFor((m) => m.type === 'hello');
    const [drink] = await availableDrinks('artisan-bar');
    const admin = await staffToken('admin@barhop.dev');
    const res = await call('PATCH', `/api/admin/menu-drinks/${drink!.id}/availability`, { token: admin, body: { enabled: false } });
    expect(res.status, res.text).toBe(200);
    const seen = await guest.waitFor((m) => m.type === 'menu_changed');
    expect(typeof seen.seq).toBe('number');
    await staff.waitFor((m) => m.type === 'menu_changed');
    // The guest's next read no longer lists it.
    const menu = await call('GET', '/api/venues/artisan-bar/drinks');
    expect(menu.json.drinks.some((d: { id: string }) => d.id === drink!.id)).toBe(false);
    // The other venue's own change, announced after this one: its sockets hear that one alone.
    await announcedAt(await venueId('rooftop-lounge'), elsewhere);
    expect(elsewhere.messages.filter((m) => m.type === 'menu_changed')).toHaveLength(1);
    for (const s of [guest, staff, elsewhere]) s.ws?.close();
  });

  it('a refused write announces nothing', async () => {
    const venue = await venueId('artisan-bar');
    const guest = await openLive(venue, (await guestToken()).token);
    await guest.waitFor((m) => m.type === 'hello');
    const admin = await staffToken('admin@barhop.dev');
    const res = await call('PATCH', '/api/admin/menu-drinks/no-such-drink-0000000/availability', { token: admin, body: { enabled: false } });
    expect(res.status).toBe(404);
    // A real change announced after the refused one: the guest hears that one alone.
    await announcedAt(venue, guest);
    expect(guest.messages.filter((m) => m.type === 'menu_changed')).toHaveLength(1);
    guest.ws?.close();
  });
});

/** Announces a menu change at `venue` as an admin's write does, and waits until `socket` has heard it and all before it. */
async function announcedAt(venue: string, socket: Awaited<ReturnType<typeof openLive>>) {
  await venueHub(env, venue).announceMenuChange(venue);
  await socket.waitFor((m) => m.type === 'menu_changed');
  await socket.drained();
}
