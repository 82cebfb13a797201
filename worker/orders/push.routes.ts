// "Tell me when it's ready" (docs/decisions/227; routes in the API reference at /api/reference): a guest's
// subscription to their own order. The VAPID key to subscribe with is worker/push/routes.ts.
import { and, count, eq, like, not } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { PushSubscriptionInput, PushUnsubscribeInput, ReadyTextInput, type ReadyTextAnswer } from '../../shared/schemas/push';
import { guestCaller, requireGuest } from '../auth';
import { pushSubscriptions } from '../db/schema';
import type { AppContext } from '../env';
import { conflict, notFound, refusal } from '../lib/errors';
import { validate } from '../lib/validate';
import { keepsGuestReads } from '../menu';
import { guestOrderOnAnyShard } from './queries';
import { readyTextPhone, readyTextsConfigured, TEL_ENDPOINT_PREFIX, telEndpoint, vapidKeysOf } from '../push';

/** Browsers told about one order: a guest's phone and a friend's are plenty. */
export const MAX_SUBSCRIPTIONS_PER_ORDER = 5;

/** Mounted under /api/orders: only the guest whose order it is subscribes; anyone else's order is not found. */
export const orderPushRoutes = new Hono<AppContext>()
  .use(keepsGuestReads)
  .post('/:id/push', requireGuest, validate('param', IdParam), validate('json', PushSubscriptionInput), async (c) => {
    if (!vapidKeysOf(c.env)) throw refusal(503, 'push_unavailable');
    const found = await guestOrderOnAnyShard(c.env, guestCaller(c), c.req.valid('param').id);
    if (!found) throw notFound('Order not found');
    const { row, db } = found;
    if (row.status !== 'pending' && row.status !== 'preparing') throw conflict('This order is no longer being made', 'order_not_waiting');
    const { endpoint, keys } = c.req.valid('json');
    const [held] = await db.select({ n: count() }).from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.orderId, row.id), not(like(pushSubscriptions.endpoint, `${TEL_ENDPOINT_PREFIX}%`))));
    const already = await db.query.pushSubscriptions.findFirst({ where: and(eq(pushSubscriptions.orderId, row.id), eq(pushSubscriptions.endpoint, endpoint)) });
    if (!already && (held?.n ?? 0) >= MAX_SUBSCRIPTIONS_PER_ORDER) throw conflict('This order already tells enough browsers', 'too_many_subscriptions');
    await db.insert(pushSubscriptions)
      .values({ orderId: row.id, restaurantId: row.restaurantId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .onConflictDoUpdate({ target: [pushSubscriptions.orderId, pushSubscriptions.endpoint], set: { p256dh: keys.p256dh, auth: keys.auth } });
    return c.json({ success: true }, 201);
  })
  .delete('/:id/push', requireGuest, validate('param', IdParam), validate('json', PushUnsubscribeInput), async (c) => {
    const found = await guestOrderOnAnyShard(c.env, guestCaller(c), c.req.valid('param').id);
    if (!found) throw notFound('Order not found');
    await found.db.delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.orderId, found.row.id), eq(pushSubscriptions.endpoint, c.req.valid('json').endpoint)));
    return c.json({ success: true });
  })
  // "Text me when it's ready" (docs/decisions/227, amended): one text, to one number, for a guest without push. It
  // is kept as the order's `tel:` request beside its push subscriptions and sent by the same ready.
  .post('/:id/ready-text', requireGuest, validate('param', IdParam), validate('json', ReadyTextInput), async (c) => {
    if (!readyTextsConfigured(c.env)) throw refusal(503, 'sms_unavailable.not_set_up');
    const guest = guestCaller(c);
    const found = await guestOrderOnAnyShard(c.env, guest, c.req.valid('param').id);
    if (!found) throw notFound('Order not found');
    const { row, db } = found;
    if (row.status !== 'pending' && row.status !== 'preparing') throw conflict('This order is no longer being made', 'order_not_waiting');
    const phone = await readyTextPhone(c.get('db'), guest.guestId, c.req.valid('json').phone);
    // One number per order: a new one replaces the last.
    await db.batch([
      db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.orderId, row.id), like(pushSubscriptions.endpoint, `${TEL_ENDPOINT_PREFIX}%`))),
      db.insert(pushSubscriptions).values({ orderId: row.id, restaurantId: row.restaurantId, endpoint: telEndpoint(phone), p256dh: '', auth: '' }),
    ]);
    return c.json({ phone } satisfies ReadyTextAnswer, 201);
  })
  // The guest takes the text back (a wrong number, or they will watch the screen): nothing is sent at ready.
  .delete('/:id/ready-text', requireGuest, validate('param', IdParam), async (c) => {
    const found = await guestOrderOnAnyShard(c.env, guestCaller(c), c.req.valid('param').id);
    if (!found) throw notFound('Order not found');
    await found.db.delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.orderId, found.row.id), like(pushSubscriptions.endpoint, `${TEL_ENDPOINT_PREFIX}%`)));
    return c.json({ success: true });
  });
