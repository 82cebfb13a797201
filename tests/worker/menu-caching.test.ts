// Public menu reads carry a weak ETag and Cache-Control, answer 304 to a matching If-None-Match, and
// change their ETag the moment the menu changes (docs/decisions/085).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAILS, deviceSession, mintToken } from './auth-helpers';
import { call, expectApiError } from './helpers';

const PUBLIC_READS = ['/api/venues', '/api/venues/artisan-bar', '/api/venues/artisan-bar/drinks', '/api/drinks?slug=artisan-bar'];

describe('menu reads: ETag, Cache-Control, 304', () => {
  it.each(PUBLIC_READS)('%s: weak ETag and a revalidated public Cache-Control, then 304 without a body', async (path) => {
    const first = await call('GET', path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^W\/"[0-9a-f]+"$/);
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');

    const repeat = await call('GET', path, { headers: { 'If-None-Match': etag! } });
    expect(repeat.status).toBe(304);
    expect(repeat.text).toBe('');
    expect(repeat.headers.get('ETag')).toBe(etag);
    expect(repeat.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');

    const other = await call('GET', path, { headers: { 'If-None-Match': 'W/"not-this-one"' } });
    expect(other.status).toBe(200);
    expect(other.json).toEqual(first.json);
  });

  it('the menu lists available drinks only, featured first, and an unknown or inactive venue is a 404 that is not cached', async () => {
    const menu = await call('GET', '/api/venues/artisan-bar/drinks');
    const drinks = menu.json.drinks as { name: string; available: boolean; featured: boolean }[];
    expect(drinks.length).toBeGreaterThan(0);
    expect(drinks.every((d) => d.available)).toBe(true);
    // docs/decisions/184: featured drinks lead, then the venue's categories (tests/worker/menu-that-sells.test.ts).
    expect(drinks[0]!.featured).toBe(true);

    for (const slug of ['no-such-bar', 'velvet-speakeasy']) {
      const missing = await call('GET', `/api/venues/${slug}/drinks`);
      expect(expectApiError(missing, 404).message).toBe('Venue not found');
      expect(missing.headers.get('ETag')).toBeNull();
      expect(missing.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('an active venue without drinks has an empty menu, not a 404', async () => {
    await env.DB.prepare("INSERT INTO venues (id, slug, name) VALUES ('empty-bar-id', 'empty-bar', 'Empty Bar')").run();
    const res = await call('GET', '/api/venues/empty-bar/drinks');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ drinks: [] });
    expect((await call('GET', '/api/venues/empty-bar-id/drinks')).json).toEqual({ drinks: [] });
  });

  it('an admin switching a drink off changes the ETag: the old one gets the new menu, not a 304', async () => {
    const before = await call('GET', '/api/venues/artisan-bar/drinks');
    const drink = (before.json.drinks as { id: string }[])[0]!;
    const admin = await mintToken(DEMO_EMAILS.admin);
    const off = await call('PATCH', `/api/admin/menu-drinks/${drink.id}/availability`, { token: admin, body: { enabled: false } });
    expect(off.status, JSON.stringify(off.json)).toBe(200);

    const after = await call('GET', '/api/venues/artisan-bar/drinks', { headers: { 'If-None-Match': before.headers.get('ETag')! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    expect((after.json.drinks as { id: string }[]).map((d) => d.id)).not.toContain(drink.id);
  });

  it("the menu comes from memory for a moment; guests' orders keep it, and any other successful write through the API drops it", async () => {
    const before = await call('GET', '/api/venues/harbor-tap-room/drinks');
    const drink = (before.json.drinks as { id: string }[])[0]!;
    // Behind the API's back (nothing tells the Worker): the cached menu is still served, within its 2 s.
    await env.DB.prepare('UPDATE menu_drinks SET name = ? WHERE id = ?').bind('Renamed Behind The API', drink.id).run();
    const cached = await call('GET', '/api/venues/harbor-tap-room/drinks');
    expect((cached.json.drinks as { name: string }[]).map((d) => d.name)).not.toContain('Renamed Behind The API');
    expect(cached.headers.get('ETag')).toBe(before.headers.get('ETag'));
    // A guest's own writes (a session, an order) never change a menu: busy ordering keeps it.
    const guest = (await call('POST', '/api/auth/guest-session', { body: {} })).json.token as string;
    const ordered = await call('POST', '/api/orders/quick', { token: guest, body: { slug: 'harbor-tap-room', item: { menu_drink_id: drink.id } } });
    expect(ordered.status, ordered.text).toBe(200);
    expect((await call('GET', '/api/venues/harbor-tap-room/drinks')).headers.get('ETag')).toBe(before.headers.get('ETag'));
    // Any other successful write through the API drops the cache (here an admin's, at another venue).
    const admin = await mintToken(DEMO_EMAILS.admin);
    const artisanDrink = (await call('GET', '/api/venues/artisan-bar/drinks')).json.drinks[0].id as string;
    expect((await call('PATCH', `/api/admin/menu-drinks/${artisanDrink}/availability`, { token: admin, body: { enabled: true } })).status).toBe(200);
    const fresh = await call('GET', '/api/venues/harbor-tap-room/drinks');
    expect((fresh.json.drinks as { name: string }[]).map((d) => d.name)).toContain('Renamed Behind The API');
    // A refused write changes nothing and keeps it.
    await env.DB.prepare('UPDATE menu_drinks SET name = ? WHERE id = ?').bind('Renamed Again', drink.id).run();
    expectApiError(await call('POST', '/api/cart', { body: {} }), 401);
    expect((await call('GET', '/api/venues/harbor-tap-room/drinks')).json.drinks.map((d: { name: string }) => d.name)).not.toContain('Renamed Again');
  });

  it("a drink's page carries the guest's own rating: private, varies by Authorization", async () => {
    const menu = await call('GET', '/api/venues/rooftop-lounge/drinks');
    const drinkId = (menu.json.drinks as { id: string }[])[0]!.id;
    const guest = await deviceSession();
    const res = await call('GET', `/api/drinks/${drinkId}?slug=rooftop-lounge`, { token: guest.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, max-age=0, must-revalidate');
    expect(res.headers.get('Vary')).toContain('Authorization');
    const repeat = await call('GET', `/api/drinks/${drinkId}?slug=rooftop-lounge`, { token: guest.token, headers: { 'If-None-Match': res.headers.get('ETag')! } });
    expect(repeat.status).toBe(304);
  });

  it('writes are never given a cacheable answer', async () => {
    const guest = await deviceSession();
    const res = await call('POST', '/api/cart', { token: guest.token, body: { slug: 'artisan-bar', menu_drink_id: 'nope', quantity: 1 } });
    expect(res.headers.get('ETag')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });
});
