// "Your round is ready" for a table's members (docs/decisions/231; routes in the API reference at /api/reference): the same push subscription and
// ready text as an order's (worker/orders/push.routes.ts), asked for once for every round of the tab. Only a present member
// of the tab asks; anyone else is refused.
import { and, count, eq, like, not } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { PushSubscriptionInput, PushUnsubscribeInput, ReadyTextInput, type ReadyTextAnswer } from '../../shared/schemas/push';
import { requireGuest } from '../auth';
import { tableReadySubscriptions } from '../db/schema';
import type { AppContext } from '../env';
import { conflict, refusal } from '../lib/errors';
import { validate } from '../lib/validate';
import { memberByKeys, readTable } from './queries';
import { guestActor, locateSession } from './requests';
import { readyTextPhone, readyTextsConfigured, TEL_ENDPOINT_PREFIX, telEndpoint, vapidKeysOf } from '../push';

const SessionParam = z.object({ id: z.string().min(1).max(100) });

/** Browsers told about one member's rounds: a phone and a laptop are plenty, as for an order (worker/orders/push.routes.ts). */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 5;

/** The caller's membership of a live tab: 404 for an unknown tab, 403 for a guest who is not at it. */
async function liveMember(c: Context<AppContext>, sessionId: string) {
  const { database } = await locateSession(c, sessionId);
  const rows = await readTable(database.db, sessionId);
  if (!rows) throw refusal(404, 'table_session_not_found');
  const member = memberByKeys(rows, guestActor(c).ownerKeys);
  if (!member) throw refusal(403, 'not_a_member', { table: rows.session.tableNumber });
  if (rows.session.status !== 'open' && rows.session.status !== 'billing') throw conflict('This tab is closed', 'table_session_closed');
  return { db: database.db, session: rows.session, member };
}

/** Mounted under /api/tables: POST and DELETE /sessions/:id/push, /sessions/:id/ready-text. */
export const tableReadyRoutes = new Hono<AppContext>()
  .post('/sessions/:id/push', requireGuest, validate('param', SessionParam), validate('json', PushSubscriptionInput), async (c) => {
    if (!vapidKeysOf(c.env)) throw refusal(503, 'push_unavailable');
    const { db, session, member } = await liveMember(c, c.req.valid('param').id);
    const { endpoint, keys } = c.req.valid('json');
    const mine = and(eq(tableReadySubscriptions.tableSessionId, session.id), eq(tableReadySubscriptions.memberId, member.id));
    const [held] = await db.select({ n: count() }).from(tableReadySubscriptions).where(and(mine, not(like(tableReadySubscriptions.endpoint, `${TEL_ENDPOINT_PREFIX}%`))));
    const already = await db.query.tableReadySubscriptions.findFirst({ where: and(eq(tableReadySubscriptions.tableSessionId, session.id), eq(tableReadySubscriptions.endpoint, endpoint)) });
    if (!already && (held?.n ?? 0) >= MAX_SUBSCRIPTIONS_PER_MEMBER) throw conflict('You already have enough browsers told about this tab', 'too_many_subscriptions');
    await db.insert(tableReadySubscriptions)
      .values({ tableSessionId: session.id, memberId: member.id, restaurantId: session.restaurantId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .onConflictDoUpdate({ target: [tableReadySubscriptions.tableSessionId, tableReadySubscriptions.endpoint], set: { memberId: member.id, p256dh: keys.p256dh, auth: keys.auth } });
    return c.json({ success: true }, 201);
  })
  .delete('/sessions/:id/push', requireGuest, validate('param', SessionParam), validate('json', PushUnsubscribeInput), async (c) => {
    const { db, session, member } = await liveMember(c, c.req.valid('param').id);
    await db.delete(tableReadySubscriptions).where(and(eq(tableReadySubscriptions.tableSessionId, session.id),
      eq(tableReadySubscriptions.memberId, member.id), eq(tableReadySubscriptions.endpoint, c.req.valid('json').endpoint)));
    return c.json({ success: true });
  })
  // One number per member of the tab: a new one replaces the last.
  .post('/sessions/:id/ready-text', requireGuest, validate('param', SessionParam), validate('json', ReadyTextInput), async (c) => {
    if (!readyTextsConfigured(c.env)) throw refusal(503, 'sms_unavailable.not_set_up');
    const { db, session, member } = await liveMember(c, c.req.valid('param').id);
    const guest = guestActor(c);
    const phone = await readyTextPhone(c.get('db'), guest.guestId, c.req.valid('json').phone);
    await db.batch([
      db.delete(tableReadySubscriptions).where(and(eq(tableReadySubscriptions.tableSessionId, session.id),
        eq(tableReadySubscriptions.memberId, member.id), like(tableReadySubscriptions.endpoint, `${TEL_ENDPOINT_PREFIX}%`))),
      db.insert(tableReadySubscriptions).values({ tableSessionId: session.id, memberId: member.id, restaurantId: session.restaurantId, endpoint: telEndpoint(phone), p256dh: '', auth: '' })
        .onConflictDoUpdate({ target: [tableReadySubscriptions.tableSessionId, tableReadySubscriptions.endpoint], set: { memberId: member.id } }),
    ]);
    return c.json({ phone } satisfies ReadyTextAnswer, 201);
  })
  .delete('/sessions/:id/ready-text', requireGuest, validate('param', SessionParam), async (c) => {
    const { db, session, member } = await liveMember(c, c.req.valid('param').id);
    await db.delete(tableReadySubscriptions).where(and(eq(tableReadySubscriptions.tableSessionId, session.id),
      eq(tableReadySubscriptions.memberId, member.id), like(tableReadySubscriptions.endpoint, `${TEL_ENDPOINT_PREFIX}%`)));
    return c.json({ success: true });
  });
