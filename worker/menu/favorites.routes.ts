import { Hono } from 'hono';
import { AddFavoriteBody, FavoritesQuery, ToggleFavoriteBody } from '../../shared/schemas/favorites';
import { guestCaller, ownerKeyOf, requireSignedInGuest } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { everyVenueDatabase, venueDatabase } from '../shards';
import { guestDrinkDatabase } from './drink-database';
import { addFavorite, listFavorites, newestFirst, toggleFavorite } from './favorites';

/**
 * A signed-in guest's favourite drinks; the owner comes from the token, never from `session_id`. A favourite
 * is on its venue's shard; the list across venues reads every database that holds venues (docs/decisions/150).
 */
export const favoriteRoutes = new Hono<AppContext>()
  .get('/', requireSignedInGuest, validate('query', FavoritesQuery), async (c) => {
    const q = c.req.valid('query');
    const ownerKey = ownerKeyOf(guestCaller(c));
    if (q.slug) return c.json({ favorites: await listFavorites((await venueDatabase(c.env, q.slug)).db, ownerKey, q.slug) });
    const found = await Promise.all((await everyVenueDatabase(c.env)).map(({ db }) => listFavorites(db, ownerKey, null)));
    return c.json({ favorites: found.length === 1 ? found[0]! : found.flat().sort(newestFirst) });
  })
  .post('/', requireSignedInGuest, validate('json', AddFavoriteBody), async (c) => {
    const body = c.req.valid('json');
    const { db } = await guestDrinkDatabase(c.env, body.menu_drink_id, body.slug);
    await addFavorite(db, ownerKeyOf(guestCaller(c)), body.menu_drink_id, body.slug);
    return c.json({ favorited: true }, 201);
  })
  .post('/toggle', requireSignedInGuest, validate('json', ToggleFavoriteBody), async (c) => {
    const body = c.req.valid('json');
    const { db } = await guestDrinkDatabase(c.env, body.menu_drink_id, body.slug);
    const favorited = await toggleFavorite(db, ownerKeyOf(guestCaller(c)), body.menu_drink_id, body.slug);
    return c.json({ favorited });
  });
