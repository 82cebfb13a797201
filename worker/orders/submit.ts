// The Worker side of placing an order: who asks, with which Idempotency-Key, for which venue; the
// venue's Durable Object does the rest (worker/live/venue-hub.ts).
import type { Context } from 'hono';
import type { AppContext } from '../env';
import { guestCaller, ownerKeyOf } from '../auth/middleware';
import { sha256Hex } from '../auth/tokens';
import type { venues } from '../db/schema';
import { ApiError, badRequest } from '../lib/errors';
import { venueHub } from '../live/hub-client';
import type { PlacementLine, PlacementOutcome, PlacementRequest } from './placement';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The optional Idempotency-Key header: 1–200 visible ASCII characters. */
export function idempotencyKeyOf(c: Context<AppContext>): string | null {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return null;
  if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters');
  return key;
}

export type PlacementInput = {
  kind: PlacementRequest['kind'];
  venue: typeof venues.$inferSelect;
  /** The validated body: with the kind, venue and guest it is what "the same request" means. */
  body: unknown;
  lines: PlacementLine[] | null;
  details: PlacementRequest['details'];
};

/** Places the order through the venue's hub and answers like the hub did (200, or the refusal). */
export async function submitPlacement(c: Context<AppContext>, input: PlacementInput) {
  const guest = guestCaller(c);
  const ownerKey = ownerKeyOf(guest);
  const idempotencyKey = idempotencyKeyOf(c);
  const requestHash = await sha256Hex(JSON.stringify({ kind: input.kind, venue: input.venue.id, owner: ownerKey, body: input.body }));
  const outcome: PlacementOutcome = await venueHub(c.env, input.venue.id).placeOrder({
    kind: input.kind,
    venueId: input.venue.id,
    taxRateBp: input.venue.taxRateBp,
    owner: { ownerKey, sessionId: guest.sessionId, guestId: guest.guestId },
    idempotencyKey,
    requestHash,
    lines: input.lines,
    details: input.details,
  });
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.code, outcome.message, outcome.details);
  return c.json(outcome.body, 200);
}

/** Lines of an order from the API's item shape. */
export function toPlacementLine(item: {
  menu_drink_id?: string; quantity: number; notes?: string; modifiers?: string;
  is_ai_creation?: boolean; ai_recipe_name?: string; name?: string; recipe?: PlacementLine['recipe'];
}): PlacementLine {
  const isAi = Boolean(item.is_ai_creation);
  return {
    menuDrinkId: item.menu_drink_id ?? null,
    quantity: item.quantity,
    notes: item.notes || null,
    modifiers: item.modifiers || null,
    isAiCreation: isAi,
    aiRecipeName: isAi ? item.ai_recipe_name ?? item.name ?? null : null,
    recipe: isAi ? item.recipe ?? null : null,
  };
}
