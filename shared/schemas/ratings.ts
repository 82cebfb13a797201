import { z } from 'zod';
import { RatingSummary } from './drink';

import { RATING_MAX, RATING_MIN } from '../constants';

export { RATING_MAX, RATING_MIN };
const RATING_RANGE = `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`;

/** POST /api/ratings (spec: Rating — menu_drink_id, rating, notes). One rating per guest and drink. */
export const RatingBody = z.object({
  menu_drink_id: z.string().trim().min(1, 'menu_drink_id is required').max(100),
  rating: z.number({ error: RATING_RANGE }).int(RATING_RANGE).min(RATING_MIN, RATING_RANGE).max(RATING_MAX, RATING_RANGE),
  notes: z.string().trim().max(500).optional().nullable().transform((v) => v || null),
  /** The drink's venue, as favourites name it (docs/decisions/228): the rating goes to that venue's database. */
  slug: z.string().trim().min(1).max(100).optional(),
});
export type RatingBody = z.input<typeof RatingBody>;

export const Rating = z.object({
  menu_drink_id: z.string(),
  rating: z.number().int(),
  notes: z.string().nullable(),
  updated_at: z.string(),
});
export type Rating = z.infer<typeof Rating>;

/** The saved rating and the drink's new summary. */
export const RatingSaved = z.object({ rating: Rating, summary: RatingSummary });
