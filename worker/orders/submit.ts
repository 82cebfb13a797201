// The Worker side of placing an order: who asks, with which Idempotency-Key, for which venue; the
// venue's Durable Object does the rest (worker/live/venue-hub.ts).
import type { Context } from 'hono';
import type { AppContext } from '../env';
import { guestCaller, ownerKeyOf, sha256Hex } from '../auth';
import type { venues } from '../db/schema';
import { ApiError, badRequest, refusal } from '../lib/errors';
import { type Bookmarked, venueHub } from '../live';
import { venuePaysFirst } from '../payments';
import { cachedRead } from '../menu';
import { findActiveVenue } from '../venues';
import { sendBookmark, venueDatabase } from '../shards';
import { VENUE_CHANGED, type PlacementAnswer, type PlacementLine, type PlacementRequest } from './placement';
import type { PlacedOrder } from '../../shared/schemas/order';
import { serialisedJson } from '../lib/http-cache';

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
  /** The venue's id or slug, as the request named it. */
  venueRef: string;
  /** The validated body: with the kind, venue and guest it is what "the same request" means. */
  body: unknown;
  lines: PlacementLine[] | null;
  details: PlacementRequest['details'];
};

type Venue = typeof venues.$inferSelect;

/** The order fields a guest may send with any placement (checkout, call-table order, quick order). */
type DetailsFields = {
  display_name?: string; custom_name?: string; special_instructions?: string; customer_name?: string;
  customer_phone?: string; referred_by_ai?: boolean; ai_recipe_name?: string; table?: string;
};

/**
 * The order's details from what the guest sent: empty strings are absent, and a missing customer
 * name falls back to `fallbackCustomerName` (the display name at checkout, 'Guest' for a quick order).
 */
export function placementDetails(body: DetailsFields, salesChannel: 'app' | 'quick', fallbackCustomerName: string | null = null): PlacementRequest['details'] {
  return {
    displayName: body.display_name || null,
    customName: body.custom_name || null,
    specialInstructions: body.special_instructions || null,
    customerName: body.customer_name || fallbackCustomerName || null,
    customerPhone: body.customer_phone || null,
    referredByAi: Boolean(body.referred_by_ai),
    aiRecipeName: body.ai_recipe_name || null,
    tableNumber: body.table ?? null,
    salesChannel,
  };
}

/**
 * Places the order through the venue's hub and answers like the hub did (200, or the refusal). The
 * venue comes from the isolate's read cache (decision 085): the hub's write batch checks it is still
 * active with the same tax rate, and when it is not, the order is placed again with the venue read
 * afresh, which also answers 404 for a venue deactivated meanwhile (docs/decisions/157).
 */
export async function submitPlacement(c: Context<AppContext>, input: PlacementInput) {
  const { db, d1 } = await venueDatabase(c.env, input.venueRef);
  const cached = await cachedRead(d1, `placement-venue:${input.venueRef}`, () => findActiveVenue(db, input.venueRef));
  // No unpaid order reaches a pay-first venue's bar: its checkout pays first (worker/orders/checkout.ts).
  if (venuePaysFirst(c.env, cached)) throw refusal(409, 'pay_first');
  let outcome = await placeThroughHub(c, input, cached);
  if (!outcome.ok && outcome.code === VENUE_CHANGED) outcome = await placeThroughHub(c, input, await findActiveVenue(db, input.venueRef));
  if (!outcome.ok) {
    const retry = outcome.retryAfterSeconds ? { 'Retry-After': String(outcome.retryAfterSeconds) } : undefined;
    throw new ApiError(outcome.status, outcome.code, outcome.message, outcome.details, retry);
  }
  if (outcome.shard) sendBookmark(c, outcome.shard, outcome.bookmark);
  // The hub encoded the body (docs/decisions/270): sent as it came.
  return serialisedJson<PlacedOrder>(c, outcome.json);
}

async function placeThroughHub(c: Context<AppContext>, input: PlacementInput, venue: Venue): Promise<Bookmarked<PlacementAnswer>> {
  const guest = guestCaller(c);
  const ownerKey = ownerKeyOf(guest);
  const idempotencyKey = idempotencyKeyOf(c);
  const requestHash = await sha256Hex(JSON.stringify({ kind: input.kind, venue: venue.id, owner: ownerKey, body: input.body }));
  return venueHub(c.env, venue.id).placeOrderForAnswer({
    kind: input.kind,
    venueId: venue.id,
    taxRateBp: venue.taxRateBp,
    pricing: { timezone: venue.timezone, happyHours: venue.happyHours },
    owner: { ownerKey, sessionId: guest.sessionId, guestId: guest.guestId },
    idempotencyKey,
    requestHash,
    lines: input.lines,
    details: input.details,
  });
}

/** Lines of an order from the API's item shape. */
export function toPlacementLine(item: {
  menu_drink_id?: string; quantity: number; notes?: string; modifiers?: string[];
  is_ai_creation?: boolean; ai_recipe_name?: string; name?: string; recipe?: PlacementLine['recipe']; ai_interaction_id?: string;
}): PlacementLine {
  const isAi = Boolean(item.is_ai_creation);
  return {
    menuDrinkId: item.menu_drink_id ?? null,
    quantity: item.quantity,
    notes: item.notes || null,
    modifiers: item.modifiers?.length ? item.modifiers : null,
    isAiCreation: isAi,
    aiRecipeName: isAi ? item.ai_recipe_name ?? item.name ?? null : null,
    recipe: isAi ? item.recipe ?? null : null,
    aiInteractionId: item.ai_interaction_id ?? null,
  };
}
