import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DrinkDetailResponse, DrinkList } from '../../shared/schemas/drink';
import { FavoriteList, FavoriteToggled } from '../../shared/schemas/favorites';
import { RatingSaved } from '../../shared/schemas/ratings';
import { deviceSession, signedInGuest } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { availableDrinks, countRows, makeUnavailable, staffToken } from './order-helpers';

describe('GET /api/drinks', () => {
  it("lists one venue's available drinks by slug, featured first", async () => {
    const res = await call('GET', '/api/drinks?slug=artisan-bar');
    expect(res.status).toBe(200);
    const { drinks } = DrinkList.parse(res.json);
    const expected = await availableDrinks('artisan-bar');
    expect(drinks.map((d) => d.id).sort()).toEqual(expected.map((d) => d.id).sort());
    // docs/decisions/184 (the whole order: tests/worker/menu-that-sells.test.ts).
    expect(drinks[0]!.featured).toBe(true);
    expect(drinks.every((d) => d.available)).toBe(true);
  });

  it('hides a drink taken off the menu, and needs a venue', async () => {
    const [drink] = await availableDrinks('harbor-tap-room');
    await makeUnavailable(drink!.id);
    const { drinks } = DrinkList.parse((await call('GET', '/api/drinks?slug=harbor-tap-room')).json);
    expect(drinks.some((d) => d.id === drink!.id)).toBe(false);
    expectApiError(await call('GET', '/api/drinks'), 400);
    expectApiError(await call('GET', '/api/drinks?slug=velvet-speakeasy'), 404);
    // One name for the venue (docs/decisions/228): the old aliases are refused, not read.
    for (const alias of ['venue', 'restaurant_slug', 'restaurant_id']) expectApiError(await call('GET', `/api/drinks?${alias}=artisan-bar`), 400);
  });
});

describe('GET /api/drinks/:id', () => {
  it('answers one drink with tags, allergens and its rating summary', async () => {
    const [drink] = await availableDrinks('artisan-bar');
    const res = await call('GET', `/api/drinks/${drink!.id}?slug=artisan-bar`);
    expect(res.status).toBe(200);
    const detail = DrinkDetailResponse.parse(res.json).drink;
    expect(detail).toMatchObject({ id: drink!.id, name: drink!.name, price_cents: drink!.price_cents, venue_slug: 'artisan-bar', my_rating: null });
    // An answer names a venue's slug one way, as orders and the back office do (docs/decisions/228).
    expect(res.json.drink).not.toHaveProperty('restaurant_slug');
    expect(Array.isArray(detail.tags) && Array.isArray(detail.allergens)).toBe(true);
    expect(detail.rating).toEqual({ average: null, count: 0 });
  });

  it("is 'Drink not found' for another venue's drink and an unknown id; a drink off the menu says so by name", async () => {
    const [other] = await availableDrinks('rooftop-lounge');
    expect((await call('GET', `/api/drinks/${other!.id}`)).status).toBe(200);
    const wrongVenue = expectApiError(await call('GET', `/api/drinks/${other!.id}?slug=artisan-bar`), 404);
    expect(wrongVenue.message).toBe('Drink not found');

    const [gone] = await availableDrinks('artisan-bar');
    await makeUnavailable(gone!.id);
    const off = expectApiError(await call('GET', `/api/drinks/${gone!.id}?slug=artisan-bar`), 404);
    expect(off).toMatchObject({ code: 'drink_unavailable', message: `${gone!.name} is not available right now`, details: { name: gone!.name, sold_out: false } });
    await env.DB.prepare("UPDATE menu_drinks SET is_available = 1, sold_out_reason = 'Out of Lime Juice' WHERE id = ?").bind(gone!.id).run();
    const soldOut = expectApiError(await call('GET', `/api/drinks/${gone!.id}?slug=artisan-bar`), 404);
    expect(soldOut).toMatchObject({ code: 'drink_unavailable', message: `${gone!.name} is sold out`, details: { sold_out: true } });
    expect(expectApiError(await call('GET', '/api/drinks/no-such-drink-0000000'), 404).message).toBe('Drink not found');
  });
});

describe('favourites', () => {
  it('need a guest signed in by phone', async () => {
    const [drink] = await availableDrinks('artisan-bar');
    const body = { menu_drink_id: drink!.id, slug: 'artisan-bar' };
    expectApiError(await call('POST', '/api/favorites/toggle', { body }), 401);
    expectApiError(await call('GET', '/api/favorites'), 401);
    const device = await deviceSession();
    expect(expectApiError(await call('POST', '/api/favorites/toggle', { body, token: device.token }), 401).message).toBe('Not authenticated');
    expectApiError(await call('POST', '/api/favorites', { body, token: device.token }), 401);
    expectApiError(await call('POST', '/api/favorites/toggle', { body, token: await staffToken('staff@barhop.dev') }), 401);
    expect(await countRows('SELECT count(*) AS n FROM favorites')).toBe(0);
  });

  it('toggle on and off, list newest first with name and image, and belong to their owner only', async () => {
    const guest = await signedInGuest('5550101001');
    const other = await signedInGuest('5550101002');
    const [first, second] = await availableDrinks('artisan-bar');

    const on = await call('POST', '/api/favorites/toggle', { token: guest.token, body: { menu_drink_id: first!.id, slug: 'artisan-bar', session_id: other.session_id } });
    expect(FavoriteToggled.parse(on.json)).toEqual({ favorited: true });
    const added = await call('POST', '/api/favorites', { token: guest.token, body: { menu_drink_id: second!.id } });
    expect(added.status).toBe(201);
    // Adding the same drink again keeps one favourite.
    expect((await call('POST', '/api/favorites', { token: guest.token, body: { menu_drink_id: second!.id } })).status).toBe(201);

    const listed = await call('GET', '/api/favorites?slug=artisan-bar', { token: guest.token });
    const list = FavoriteList.parse(listed.json).favorites;
    expect(list.map((f) => f.menu_drink_id).sort()).toEqual([first!.id, second!.id].sort());
    expect(list.find((f) => f.menu_drink_id === first!.id)).toMatchObject({ name: first!.name, venue_slug: 'artisan-bar' });
    expect(listed.json.favorites[0]).not.toHaveProperty('restaurant_slug');
    expect(list.every((f) => typeof f.created_at === 'string' && 'image_url' in f)).toBe(true);

    // The session_id in the body is not a credential: the other guest has nothing.
    expect(FavoriteList.parse((await call('GET', '/api/favorites', { token: other.token })).json).favorites).toEqual([]);
    expect(FavoriteList.parse((await call('GET', '/api/favorites?slug=rooftop-lounge', { token: guest.token })).json).favorites).toEqual([]);

    const off = await call('POST', '/api/favorites/toggle', { token: guest.token, body: { menu_drink_id: first!.id, slug: 'artisan-bar' } });
    expect(off.json).toEqual({ favorited: false });
    const after = FavoriteList.parse((await call('GET', '/api/favorites', { token: guest.token })).json).favorites;
    expect(after.map((f) => f.menu_drink_id)).toEqual([second!.id]);
  });

  it("refuse a drink of another venue than the one named, and an unknown drink", async () => {
    const guest = await signedInGuest('5550101003');
    const [rooftop] = await availableDrinks('rooftop-lounge');
    expectApiError(await call('POST', '/api/favorites/toggle', { token: guest.token, body: { menu_drink_id: rooftop!.id, slug: 'artisan-bar' } }), 404);
    expectApiError(await call('POST', '/api/favorites/toggle', { token: guest.token, body: { menu_drink_id: 'nope-000000000000000' } }), 404);
    expectApiError(await call('POST', '/api/favorites/toggle', { token: guest.token, body: {} }), 400);
    expect(await countRows("SELECT count(*) AS n FROM favorites WHERE owner_key = ?", `g:${guest.guestId}`)).toBe(0);
  });
});

describe('ratings', () => {
  it('reject a rating outside 1–5 with a 400 and store nothing', async () => {
    const guest = await signedInGuest('5550101004');
    const [drink] = await availableDrinks('artisan-bar');
    for (const rating of [0, 6, 3.5, '4', null]) {
      const error = expectApiError(await call('POST', '/api/ratings', { token: guest.token, body: { menu_drink_id: drink!.id, rating, notes: 'x' } }), 400);
      expect(error.code).toBe('invalid_request');
      expect(JSON.stringify(error.details)).toContain('rating');
    }
    expectApiError(await call('POST', '/api/ratings', { token: guest.token, body: { menu_drink_id: drink!.id, rating: 4, notes: 'x'.repeat(501) } }), 400);
    expect(await countRows('SELECT count(*) AS n FROM ratings')).toBe(0);
  });

  it('need a signed-in guest', async () => {
    const [drink] = await availableDrinks('artisan-bar');
    const device = await deviceSession();
    expectApiError(await call('POST', '/api/ratings', { body: { menu_drink_id: drink!.id, rating: 5 } }), 401);
    expectApiError(await call('POST', '/api/ratings', { token: device.token, body: { menu_drink_id: drink!.id, rating: 5 } }), 401);
    expect(await countRows('SELECT count(*) AS n FROM ratings')).toBe(0);
  });

  it('keep one rating per guest and drink, and feed the average and count of the drink', async () => {
    const [drink] = await availableDrinks('rooftop-lounge');
    const ann = await signedInGuest('5550101005');
    const bob = await signedInGuest('5550101006');

    const first = RatingSaved.parse((await call('POST', '/api/ratings', { token: ann.token, body: { menu_drink_id: drink!.id, rating: 2, notes: 'Too sweet' } })).json);
    expect(first.rating).toMatchObject({ rating: 2, notes: 'Too sweet' });
    expect(first.summary).toEqual({ average: 2, count: 1 });

    const changed = RatingSaved.parse((await call('POST', '/api/ratings', { token: ann.token, body: { menu_drink_id: drink!.id, rating: 5, notes: '' } })).json);
    expect(changed.rating).toMatchObject({ rating: 5, notes: null });
    expect(changed.summary).toEqual({ average: 5, count: 1 });

    await call('POST', '/api/ratings', { token: bob.token, body: { menu_drink_id: drink!.id, rating: 4 } });
    const detail = DrinkDetailResponse.parse((await call('GET', `/api/drinks/${drink!.id}`, { token: ann.token })).json).drink;
    expect(detail.rating).toEqual({ average: 4.5, count: 2 });
    expect(detail.my_rating).toEqual({ rating: 5, notes: null });
    expect(await countRows('SELECT count(*) AS n FROM ratings WHERE menu_drink_id = ?', drink!.id)).toBe(2);
  });
});
