import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { availableDrinks, guestToken, openLive, staffToken, venueId } from './order-helpers';

describe('menu_changed: open menus follow the bar (docs/decisions/124)', () => {
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
    await new Promise((r) => setTimeout(r, 200));
    expect(elsewhere.messages.some((m) => m.type === 'menu_changed')).toBe(false);
    for (const s of [guest, staff, elsewhere]) s.ws?.close();
  });

  it('a refused write announces nothing', async () => {
    const venue = await venueId('artisan-bar');
    const guest = await openLive(venue, (await guestToken()).token);
    await guest.waitFor((m) => m.type === 'hello');
    const admin = await staffToken('admin@barhop.dev');
    const res = await call('PATCH', '/api/admin/menu-drinks/no-such-drink-0000000/availability', { token: admin, body: { enabled: false } });
    expect(res.status).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(guest.messages.some((m) => m.type === 'menu_changed')).toBe(false);
    guest.ws?.close();
  });
});
