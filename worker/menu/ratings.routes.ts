import { Hono } from 'hono';
import { RatingBody } from '../../shared/schemas/ratings';
import { guestCaller, ownerKeyOf, requireSignedInGuest } from '../auth/middleware';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { saveRating } from './ratings';

/** A signed-in guest rates a drink 1–5 with optional notes; rating again replaces it. */
export const ratingRoutes = new Hono<AppContext>()
  .post('/', requireSignedInGuest, validate('json', RatingBody), async (c) => {
    const saved = await saveRating(c.get('db'), ownerKeyOf(guestCaller(c)), c.req.valid('json'));
    return c.json(saved);
  });
