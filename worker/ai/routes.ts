import { Hono } from 'hono';
import type { Context } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { AiLogInput, ChatInput, InteractionFeedbackInput, InteractionOrderedInput, RecommendNewInput, VibeInput } from '../../shared/schemas/ai';
import { interactionDatabase, markOrdered, recordLog, setFeedback } from './interactions';
import { AI_SUGGESTION_LIMIT, chatRequest, recommendRequest, serveSuggestion, vibeRequest } from './requests';
import { guestCaller, ownerKeyOf, requireGuest } from '../auth';
import type { AppContext } from '../env';
import { enforceRateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { findActiveVenue } from '../venues';
import { venueDatabase } from '../shards';
import { touchVenueRollups } from '../live';
import { aiAdminRoutes } from './admin.routes';

export { AI_SUGGESTION_LIMIT } from './requests';

/**
 * The venue's shard grounds the suggestion and logs it (docs/decisions/150); the rate limit stays on control. The
 * stored interaction counts in the venue's rollups of its day (docs/decisions/203).
 */
async function suggest(c: Context<AppContext>, slug: string, built: Parameters<typeof serveSuggestion>[5]) {
  const guest = guestCaller(c);
  const { db } = await venueDatabase(c.env, slug);
  const venue = await findActiveVenue(db, slug);
  await enforceRateLimit(c.env.DB, AI_SUGGESTION_LIMIT, guest.sessionId, 'Too many AI requests; try again shortly');
  const { suggestion, createdAt } = await serveSuggestion(db, c.get('db'), c.env, venue, ownerKeyOf(guest), built);
  touchVenueRollups(c.env, c.executionCtx, venue.id, [createdAt]);
  return c.json(suggestion);
}

/** The guest's AI bartender: suggestions grounded in the venue's menu and stock, and their interactions. */
export const aiRoutes = new Hono<AppContext>()
  .post('/vibe', requireGuest, validate('json', VibeInput), async (c) => suggest(c, c.req.valid('json').slug, vibeRequest(c.req.valid('json'))))
  .post('/chat', requireGuest, validate('json', ChatInput), async (c) => suggest(c, c.req.valid('json').slug, chatRequest(c.req.valid('json'))))
  .post('/recommend-new', requireGuest, validate('json', RecommendNewInput), async (c) =>
    suggest(c, c.req.valid('json').slug, recommendRequest(c.req.valid('json'))))
  .post('/log', requireGuest, validate('json', AiLogInput), async (c) => {
    const payload = c.req.valid('json');
    const { db } = await venueDatabase(c.env, payload.slug as string);
    const venue = await findActiveVenue(db, payload.slug as string);
    const { id, createdAt } = await recordLog(db, venue.id, ownerKeyOf(guestCaller(c)), payload);
    touchVenueRollups(c.env, c.executionCtx, venue.id, [createdAt]);
    return c.json({ id }, 201);
  })
  .post('/interactions/:id/feedback', requireGuest, validate('param', IdParam), validate('json', InteractionFeedbackInput), async (c) =>
    c.json(await setFeedback(await interactionDatabase(c.env, c.req.valid('param').id), c.req.valid('param').id, ownerKeyOf(guestCaller(c)), c.req.valid('json').feedback)))
  .post('/interactions/:id/ordered', requireGuest, validate('param', IdParam), validate('json', InteractionOrderedInput), async (c) => {
    const { id } = c.req.valid('param');
    const marked = await markOrdered(await interactionDatabase(c.env, id), id, ownerKeyOf(guestCaller(c)), c.req.valid('json').order_id);
    touchVenueRollups(c.env, c.executionCtx, marked.venueId, [marked.createdAt]);
    return c.json(marked.answer);
  });

/** Everything under /api/ai: the guest's suggestions above and the admin's AI settings and drafts. */
export const aiApi = new Hono<AppContext>().route('/', aiRoutes).route('/', aiAdminRoutes);
