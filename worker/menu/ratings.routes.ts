import { Hono } from 'hono';
import { RatingBody } from '../../shared/schemas/ratings';
import { guestCaller, ownerKeyOf, requireSignedInGuest } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { guestDrinkDatabase } from './drink-database';
import { saveRating } from './ratings';

/** A signed-in guest rates a drink 1–5 with optional notes; rating again replaces it. On the drink's venue shard. */
export const ratingRoutes = new Hono<AppContext>()
  .post('/', requireSignedInGuest, validate('json', RatingBody), async (c) => {
    const body = c.req.valid('json');
    const { db } = await guestDrinkDatabase(c.env, body.menu_drink_id, body.slug);
    const saved = await saveRating(db, ownerKeyOf(guestCaller(c)), body);
    return c.json(saved);
  });
