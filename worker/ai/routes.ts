import { Hono } from 'hono';
import type { Context } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { AiLogInput, ChatInput, InteractionFeedbackInput, InteractionOrderedInput, RecommendNewInput, VibeInput } from '../../shared/schemas/ai';
import { interactionDatabase, markOrdered, recordLog, setFeedback } from './interactions';
import { chatRequest, recommendRequest, serveSuggestion, vibeRequest } from './requests';
import { guestCaller, ownerKeyOf, requireGuest } from '../auth/middleware';
import type { AppContext } from '../env';
import { enforceRateLimit, type RateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { findActiveVenue } from '../venues/service';
import { venueDatabase } from '../shards/directory';

/** Suggestions per guest device session (docs/decisions/041-ai-rate-limit.md). */
export const AI_SUGGESTION_LIMIT: RateLimit = { name: 'ai-suggest-session', limit: 30, windowSeconds: 600 };

/** The venue's shard grounds the suggestion and logs it (docs/decisions/150); the rate limit stays on control. */
async function suggestionContext(c: Context<AppContext>, slug: string) {
  const guest = guestCaller(c);
  const { db } = await venueDatabase(c.env, slug);
  const venue = await findActiveVenue(db, slug);
  await enforceRateLimit(c.env.DB, AI_SUGGESTION_LIMIT, guest.sessionId, 'Too many AI requests; try again shortly');
  return { db, venue, ownerKey: ownerKeyOf(guest) };
}

/** The guest's AI bartender: suggestions grounded in the venue's menu and stock, and their interactions. */
export const aiRoutes = new Hono<AppContext>()
  .post('/vibe', requireGuest, validate('json', VibeInput), async (c) => {
    const body = c.req.valid('json');
    const { db, venue, ownerKey } = await suggestionContext(c, body.slug);
    return c.json(await serveSuggestion(db, c.get('db'), c.env, venue, ownerKey, vibeRequest(body)));
  })
  .post('/chat', requireGuest, validate('json', ChatInput), async (c) => {
    const body = c.req.valid('json');
    const { db, venue, ownerKey } = await suggestionContext(c, body.slug);
    return c.json(await serveSuggestion(db, c.get('db'), c.env, venue, ownerKey, chatRequest(body)));
  })
  .post('/recommend-new', requireGuest, validate('json', RecommendNewInput), async (c) => {
    const body = c.req.valid('json');
    const { db, venue, ownerKey } = await suggestionContext(c, body.slug);
    return c.json(await serveSuggestion(db, c.get('db'), c.env, venue, ownerKey, recommendRequest(body)));
  })
  .post('/log', requireGuest, validate('json', AiLogInput), async (c) => {
    const payload = c.req.valid('json');
    const { db } = await venueDatabase(c.env, payload.slug as string);
    const venue = await findActiveVenue(db, payload.slug as string);
    const id = await recordLog(db, venue.id, ownerKeyOf(guestCaller(c)), payload);
    return c.json({ id }, 201);
  })
  .post('/interactions/:id/feedback', requireGuest, validate('param', IdParam), validate('json', InteractionFeedbackInput), async (c) =>
    c.json(await setFeedback(await interactionDatabase(c.env, c.req.valid('param').id), c.req.valid('param').id, ownerKeyOf(guestCaller(c)), c.req.valid('json').feedback)))
  .post('/interactions/:id/ordered', requireGuest, validate('param', IdParam), validate('json', InteractionOrderedInput), async (c) =>
    c.json(await markOrdered(await interactionDatabase(c.env, c.req.valid('param').id), c.req.valid('param').id, ownerKeyOf(guestCaller(c)), c.req.valid('json').order_id)));
