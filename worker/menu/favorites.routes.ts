import { Hono } from 'hono';
import { AddFavoriteBody, FavoritesQuery, ToggleFavoriteBody } from '../../shared/schemas/favorites';
import { guestCaller, ownerKeyOf, requireSignedInGuest } from '../auth/middleware';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { addFavorite, listFavorites, toggleFavorite } from './favorites';

/** A signed-in guest's favourite drinks; the owner comes from the token, never from `session_id`. */
export const favoriteRoutes = new Hono<AppContext>()
  .get('/', requireSignedInGuest, validate('query', FavoritesQuery), async (c) => {
    const q = c.req.valid('query');
    const favorites = await listFavorites(c.get('db'), ownerKeyOf(guestCaller(c)), q.slug ?? null);
    return c.json({ favorites });
  })
  .post('/', requireSignedInGuest, validate('json', AddFavoriteBody), async (c) => {
    const body = c.req.valid('json');
    await addFavorite(c.get('db'), ownerKeyOf(guestCaller(c)), body.menu_drink_id, body.slug);
    return c.json({ favorited: true }, 201);
  })
  .post('/toggle', requireSignedInGuest, validate('json', ToggleFavoriteBody), async (c) => {
    const body = c.req.valid('json');
    const favorited = await toggleFavorite(c.get('db'), ownerKeyOf(guestCaller(c)), body.menu_drink_id, body.slug);
    return c.json({ favorited });
  });
