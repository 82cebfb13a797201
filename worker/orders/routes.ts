import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import {
  CanStartQuery, CreateOrderInput, GuestOrdersQuery, QuickOrderInput,
  type ActiveOrderResponse, type CanStartResponse, type OrderDetailResponse, type OrderHistoryResponse, type OrderStatusView,
} from '../../shared/schemas/order';
import { guestCaller, requireGuest } from '../auth';
import { venues } from '../db/schema';
import type { AppContext } from '../env';
import { refusal } from '../lib/errors';
import { validate } from '../lib/validate';
import { guestActiveOrder, guestActiveOrderOnAnyShard, guestHistory, guestHistoryOnAnyShard, guestOrderOnAnyShard } from './queries';
import { ownWriteReads, venueDatabase, type VenueDatabase } from '../shards';
import { placementDetails, submitPlacement, toPlacementLine } from './submit';
import { findActiveVenue } from '../venues';
import { keepsGuestReads } from '../menu';
import { orderPushRoutes } from './push.routes';

const slugOf = (q: { slug?: string }) => q.slug ?? null;

/**
 * Reads of the guest's own orders see their own placement: each shard is read from the request's bookmark
 * when it names that shard, and the answer carries the bookmark back (docs/decisions/150).
 */
function ownOrderReads(c: Context<AppContext>) {
  const answers: (() => void)[] = [];
  return {
    readsOf: (shard: VenueDatabase) => {
      const reads = ownWriteReads(c, shard);
      answers.push(reads.answerBookmark);
      return reads.db;
    },
    answerBookmark: () => answers.forEach((answer) => answer()),
  };
}

/** A guest's orders: placing them (through the venue's hub) and reading their own. */
export const orderRoutes = new Hono<AppContext>()
  .use(keepsGuestReads)
  .post('/', requireGuest, validate('json', CreateOrderInput), async (c) => {
    const body = c.req.valid('json');
    const items = 'items' in body;
    const lines = items
      ? body.items.map(toPlacementLine)
      : [toPlacementLine({ menu_drink_id: body.drink_id, quantity: body.quantity, notes: body.notes })];
    return submitPlacement(c, {
      kind: 'order', venueRef: body.slug, body, lines,
      details: placementDetails(body, 'app'),
    });
  })
  .post('/quick', requireGuest, validate('json', QuickOrderInput), async (c) => {
    const body = c.req.valid('json');
    return submitPlacement(c, {
      kind: 'quick', venueRef: body.slug, body, lines: [toPlacementLine(body.item)],
      details: placementDetails({ referred_by_ai: body.referred_by_ai, ai_recipe_name: body.ai_recipe_name, table: body.table, special_instructions: body.special_instructions }, 'quick', 'Guest'),
    });
  })
  .get('/active', requireGuest, validate('query', GuestOrdersQuery), async (c) => {
    const slug = slugOf(c.req.valid('query'));
    const guest = guestCaller(c);
    if (!slug) {
      const reads = ownOrderReads(c);
      const order = await guestActiveOrderOnAnyShard(c.env, guest, reads.readsOf);
      reads.answerBookmark();
      return c.json({ order } satisfies ActiveOrderResponse);
    }
    const { db } = await venueDatabase(c.env, slug);
    return c.json({ order: await guestActiveOrder(db, guest, (await findActiveVenue(db, slug)).id) } satisfies ActiveOrderResponse);
  })
  .get('/history', requireGuest, validate('query', GuestOrdersQuery), async (c) => {
    const query = c.req.valid('query');
    const slug = slugOf(query);
    const guest = guestCaller(c);
    if (!slug) return c.json({ orders: await guestHistoryOnAnyShard(c.env, guest, query.limit) } satisfies OrderHistoryResponse);
    const { db } = await venueDatabase(c.env, slug);
    return c.json({ orders: await guestHistory(c.env, db, guest, (await findActiveVenue(db, slug)).id, query.limit) } satisfies OrderHistoryResponse);
  })
  .get('/can-start', requireGuest, validate('query', CanStartQuery), async (c) => {
    const slug = slugOf(c.req.valid('query'))!;
    const { db } = await venueDatabase(c.env, slug);
    const venue = await findActiveVenue(db, slug);
    const active = await guestActiveOrder(db, guestCaller(c), venue.id);
    return c.json({ allowed: !active, active_order_id: active?.id ?? null } satisfies CanStartResponse);
  })
  .get('/:id/status', requireGuest, validate('param', IdParam), async (c) => {
    const reads = ownOrderReads(c);
    const found = await guestOrderOnAnyShard(c.env, guestCaller(c), c.req.valid('param').id, reads.readsOf);
    reads.answerBookmark();
    if (!found) throw refusal(404, 'not_found.order');
    const { order, position } = found;
    return c.json({
      id: order.id, code: order.code, status: order.status, payment_status: order.payment_status,
      created_at: order.created_at, delivered_at: order.delivered_at,
      eta_minutes: order.eta_minutes, queue_position: position,
    } satisfies OrderStatusView);
  })
  .get('/:id', requireGuest, validate('param', IdParam), async (c) => {
    const reads = ownOrderReads(c);
    const found = await guestOrderOnAnyShard(c.env, guestCaller(c), c.req.valid('param').id, reads.readsOf);
    reads.answerBookmark();
    if (!found) throw refusal(404, 'not_found.order');
    const venue = await found.db.query.venues.findFirst({ where: eq(venues.id, found.row.restaurantId) });
    return c.json({
      order: found.order,
      venue: { id: venue!.id, slug: venue!.slug, name: venue!.name, phone: venue!.phone },
    } satisfies OrderDetailResponse);
  });

/** Everything under /api/orders: a guest's orders above and their "tell me when it's ready" subscriptions. */
export const ordersApi = new Hono<AppContext>().route('/', orderRoutes).route('/', orderPushRoutes);
