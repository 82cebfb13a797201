import { Hono, type Context } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import {
  AdminCancelInput, AdminOrdersQuery, OrderStatusUpdate, StaffHistoryQuery, StaffOrdersQuery, UnclaimedCancelInput,
  type OrderList, type UnclaimedCancelResult, type UnclaimedOrders,
} from '../../shared/schemas/order';
import { RecordPaymentInput } from '../../shared/schemas/tables';
import { describeWrite } from '../audit';
import { shortOrderId } from '../../shared/ids';
import { requireAdmin, requireStaff, scopedVenueId, staffCaller } from '../auth';
import type { AppContext } from '../env';
import { ApiError, badRequest } from '../lib/errors';
import { formatCents } from '../../shared/money';
import { PAYMENT_METHOD_WORDS } from '../../shared/payment-methods';
import { validate } from '../lib/validate';
import { type Bookmarked, venueHub } from '../live';
import { ownWriteReads, sendBookmark, venueDatabase } from '../shards';
import type { OrderStatus } from '../../shared/orders';
import { orderStatusLabel } from '../../shared/order-display';
import { decodeOrderCursor, encodeOrderCursor } from './order-cursor';
import { aiOrders, sinceWindow, staffQueue, venueOrderHistory, venueOrders } from './queries';
import type { StatusChangeOutcome } from './transition';
import { UNCLAIMED_REASON, unclaimedOrderIds } from './unclaimed';

/**
 * A status change through the venue's hub, which writes it to D1 (with its order_events row) and
 * pushes it to live sockets. Another venue's order id is not found (404).
 */
async function changeStatus(c: Context<AppContext>, orderId: string, change: { status: OrderStatus; reason?: string; allow_short?: boolean } | 'recall') {
  const caller = staffCaller(c);
  const venueId = scopedVenueId(c);
  const actor = { type: caller.role, id: caller.impersonatorId ?? caller.userId };
  const hub = venueHub(c.env, venueId);
  const outcome: Bookmarked<StatusChangeOutcome> = change === 'recall'
    ? await hub.recallStatus({ venueId, orderId, actor })
    : await hub.changeStatus({ venueId, orderId, to: change.status, reason: change.reason, allowShort: change.allow_short, actor });
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.code, outcome.message, outcome.details);
  if (outcome.shard) sendBookmark(c, outcome.shard, outcome.bookmark);
  const reason = change === 'recall' ? null : change.reason?.trim() || null;
  const who = `${outcome.order.display_name} (${outcome.order.id.slice(-6)})`;
  describeWrite(c, {
    action: change === 'recall' ? 'order.recall' : outcome.to === 'cancelled' ? 'order.cancel' : 'order.status',
    targetType: 'order', targetId: orderId, reason,
    summary: change === 'recall' ? `Undid the last step of ${who}: ${orderStatusLabel(outcome.from)} → ${orderStatusLabel(outcome.to)}`
      : outcome.to === 'cancelled' ? `Cancelled ${who}` : `Moved ${who} from ${orderStatusLabel(outcome.from)} to ${orderStatusLabel(outcome.to)}`,
    before: { status: outcome.from }, after: { status: outcome.to },
  });
  return c.json({ order: outcome.order });
}

/** Staff portal: the venue's queue, history and AI tickets (the API reference at /api/reference). */
export const staffOrderRoutes = new Hono<AppContext>()
  .get('/orders', requireStaff, validate('query', StaffOrdersQuery), async (c) => {
    const { status, limit } = c.req.valid('query');
    // The queue must show the caller's own status change: read from their bookmark (docs/decisions/150).
    const reads = ownWriteReads(c, await venueDatabase(c.env, scopedVenueId(c)));
    const orders = await venueOrders(reads.db, scopedVenueId(c), { filter: status, limit });
    reads.answerBookmark();
    return c.json({ orders });
  })
  // The bar screen's one read: live events keep it current from there (docs/decisions/154).
  .get('/queue', requireStaff, async (c) => {
    // The venue's shard, from the caller's bookmark like the list above (docs/decisions/150).
    const reads = ownWriteReads(c, await venueDatabase(c.env, scopedVenueId(c)));
    const orders = await staffQueue(reads.db, scopedVenueId(c));
    reads.answerBookmark();
    return c.json({ orders } satisfies OrderList);
  })
  // "Clear unclaimed" after a flood (docs/decisions/167): the count the confirmation shows, then the clearing.
  .get('/orders/unclaimed', requireStaff, async (c) => {
    const venueId = scopedVenueId(c);
    const reads = ownWriteReads(c, await venueDatabase(c.env, venueId));
    const orderIds = await unclaimedOrderIds(reads.db, venueId);
    reads.answerBookmark();
    return c.json({ order_ids: orderIds } satisfies UnclaimedOrders);
  })
  .post('/orders/unclaimed/cancel', requireStaff, validate('json', UnclaimedCancelInput), async (c) => {
    const caller = staffCaller(c);
    const venueId = scopedVenueId(c);
    const orderIds = [...new Set(c.req.valid('json').order_ids)];
    const outcome = await venueHub(c.env, venueId).cancelUnclaimed({
      venueId, orderIds, reason: UNCLAIMED_REASON, actor: { type: caller.role, id: caller.impersonatorId ?? caller.userId },
    });
    if (outcome.shard) sendBookmark(c, outcome.shard, outcome.bookmark);
    const { cancelled, skipped } = outcome;
    describeWrite(c, {
      action: 'orders.clear_unclaimed', targetType: 'order',
      summary: `Cancelled ${cancelled.length} unclaimed order${cancelled.length === 1 ? '' : 's'}`, reason: UNCLAIMED_REASON,
      before: { status: 'pending' }, after: { status: 'cancelled', cancelled, skipped },
    });
    return c.json({ cancelled, skipped } satisfies UnclaimedCancelResult);
  })
  .put('/orders/:id/status', requireStaff, validate('param', IdParam), validate('json', OrderStatusUpdate), async (c) =>
    changeStatus(c, c.req.valid('param').id, c.req.valid('json')))
  .post('/orders/:id/recall', requireStaff, validate('param', IdParam), async (c) =>
    changeStatus(c, c.req.valid('param').id, 'recall'))
  // Delivered is not paid (docs/decisions/222): the bar records a solo order's payment when it takes it (docs/decisions/222).
  .post('/orders/:id/payment', requireStaff, validate('param', IdParam), validate('json', RecordPaymentInput), async (c) => {
    const caller = staffCaller(c);
    const venueId = scopedVenueId(c);
    const { id } = c.req.valid('param');
    const { method } = c.req.valid('json');
    const outcome = await venueHub(c.env, venueId).recordPayment({ venueId, orderId: id, method, actor: { type: caller.role, id: caller.impersonatorId ?? caller.userId } });
    if (!outcome.ok) throw new ApiError(outcome.status, outcome.code, outcome.message, outcome.details);
    if (outcome.shard) sendBookmark(c, outcome.shard, outcome.bookmark);
    describeWrite(c, {
      action: 'order.record_payment', targetType: 'order', targetId: id,
      summary: `Recorded ${formatCents(outcome.order.total_cents)} paid ${PAYMENT_METHOD_WORDS[method]} for ${outcome.order.display_name} (${id.slice(-6)})`,
      before: { payment_status: 'unpaid' }, after: { payment_status: 'captured', method },
    });
    return c.json({ order: outcome.order });
  })
  .get('/history', requireStaff, validate('query', StaffHistoryQuery), async (c) => {
    const { status, limit, since, before } = c.req.valid('query');
    return c.json({ orders: await venueOrderHistory(c.env, (await venueDatabase(c.env, scopedVenueId(c))).db, scopedVenueId(c), { filter: status, limit, since, before }) });
  })
  .get('/ai-orders', requireStaff, async (c) =>
    c.json({ ai_orders: await aiOrders((await venueDatabase(c.env, scopedVenueId(c))).db, scopedVenueId(c), 100) }));

/** Admin orders tab: newest first in a time window (1 hour by default), 50 a page with a cursor to the next. */
export const adminOrderRoutes = new Hono<AppContext>()
  .get('/', requireAdmin, validate('query', AdminOrdersQuery), async (c) => {
    const { window, limit, before, status, table, q } = c.req.valid('query');
    const after = before ? decodeOrderCursor(before) : undefined;
    if (after === null) throw badRequest('Invalid request', [{ path: 'before', message: 'Unknown page cursor' }]);
    const page = await venueOrderHistory(c.env, (await venueDatabase(c.env, scopedVenueId(c))).db, scopedVenueId(c), { filter: status, limit, since: sinceWindow(window), after, table, q });
    return c.json({ orders: page, next_before: page.length === limit ? encodeOrderCursor(page[page.length - 1]!) : null });
  })
  .put('/:id/status', requireAdmin, validate('param', IdParam), validate('json', OrderStatusUpdate), async (c) =>
    changeStatus(c, c.req.valid('param').id, c.req.valid('json')))
  // The staff cancel's own rule through the hub (stock given back, docs/decisions/233), with a reason always.
  .post('/:id/cancel', requireAdmin, validate('param', IdParam), validate('json', AdminCancelInput), async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const res = await changeStatus(c, id, { status: 'cancelled', reason });
    describeWrite(c, { action: 'order.cancel', targetType: 'order', targetId: id, summary: `Cancelled order #${shortOrderId(id)}: ${reason}`, after: { status: 'cancelled', reason } });
    return res;
  });
