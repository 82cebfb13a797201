// Sending "your order is ready" to every browser subscribed to the order, and the one text a guest asked for instead
// (docs/decisions/227): one encrypted push per subscription, started by the venue's hub when any change brings the order
// to ready, after the change is published, so the bar never waits on a push service or Twilio.
import { eq } from 'drizzle-orm';
import { shortOrderId } from '../../shared/ids';
import { handoffText } from '../../shared/order-display';
import { isPushServiceEndpoint, type ReadyPushPayload } from '../../shared/schemas/push';
import { pushSubscriptions, tableReadySubscriptions, venues } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { twilioMessageRequest } from '../auth';
import { encryptPayload } from './crypto';
import { vapidAuthorization, type VapidKeys } from './vapid';

/** A ready order is worth telling for 15 minutes; after that the guest has looked or walked up (RFC 8030 §5.2). */
export const READY_PUSH_TTL_SECONDS = 900;

/** Sends of one ready push before the subscription is dropped (docs/decisions/227); the waits between grow by this. */
export const READY_PUSH_ATTEMPTS = 3;
const READY_PUSH_RETRY_MS = 150;

export function vapidKeysOf(env: Pick<WorkerEnv, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>): VapidKeys | null {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null;
}

/** RFC 8030 §5.4: a later push with the same Topic replaces one not yet delivered; base64url, at most 32 characters. */
export function pushTopic(orderId: string): string {
  return `ready-${orderId.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 32);
}

/** What the guest's phone shows: the status screen's ready wording (docs/product.md §4.7, §4.12, §8.5). */
export function readyPayload(venue: { name: string; slug: string; handoff: 'pickup' | 'table'; pickupPoint: string }, order: { id: string; tableNumber: string | null }): ReadyPushPayload {
  return {
    title: 'Your order is ready',
    body: `${venue.name}: order #${shortOrderId(order.id)}. ${handoffText({ handoff: venue.handoff, pickupPoint: venue.pickupPoint, tableNumber: order.tableNumber })}`,
    url: `/venue/${venue.slug}/order/${order.id}`,
  };
}

type ReadyOrder = { id: string; restaurantId: string; tableNumber: string | null; tableSessionId?: string | null };

/** A text instead of a push (docs/decisions/227, amended): stored beside the push subscriptions as a `tel:` endpoint. */
export const TEL_ENDPOINT_PREFIX = 'tel:';
export const telEndpoint = (e164: string) => `${TEL_ENDPOINT_PREFIX}${e164}`;

type SmsSettings = Pick<WorkerEnv, 'SMS_ACCOUNT_SID' | 'SMS_API_KEY' | 'SMS_FROM' | 'SMS_PROVIDER_URL'>;

/** Whether the platform can text (docs/deploy.md "Text messages"): without the three settings the offer is not made. */
export function readyTextsConfigured(env: SmsSettings): boolean {
  return Boolean(env.SMS_ACCOUNT_SID && env.SMS_API_KEY && env.SMS_FROM);
}

/** The one text: the push's words (the hub knows no origin for a link; the words are all the guest needs). */
export function readyText(payload: ReadyPushPayload): string {
  return `${payload.title}. ${payload.body}`;
}

type Subscription = { endpoint: string; p256dh: string; auth: string };

/** What one send came to: delivered, gone for good (404, 410, not a push service), failed every try, or not sendable here. */
type Delivery = 'sent' | 'gone' | 'failed' | 'unconfigured';

/**
 * Tells every browser and phone that asked about the order, once: the requests are taken off the order (one delete
 * that answers the rows) before anything is sent, so a second ready of the same order, after an Undo or racing this
 * one, finds none (docs/decisions/227, amended 2026-11-28). A push service that no longer knows an endpoint (404, 410)
 * loses it for good; any other failure is tried again, READY_PUSH_ATTEMPTS times in all, then the subscription is
 * dropped too (docs/decisions/227): an endpoint is never kept to be tried at every later ready. A table's round
 * also tells the tab's members who asked, "Your round is ready" (tellTableRound).
 */
export async function sendOrderReady(env: WorkerEnv, db: Db, order: ReadyOrder, fetcher: typeof fetch = fetch): Promise<void> {
  const keys = vapidKeysOf(env);
  const texts = readyTextsConfigured(env);
  if (!keys && !texts) return;
  if (order.tableSessionId) await tellTableRound(env, db, { ...order, tableSessionId: order.tableSessionId }, fetcher);
  const claimed = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.orderId, order.id)).returning();
  if (!claimed.length) return;
  const venue = await db.query.venues.findFirst({ where: eq(venues.id, order.restaurantId) });
  if (!venue) return;
  const message = readyPayload(venue, order);
  await Promise.all(claimed.map(async (sub) => {
    const outcome = await deliverReady(env, sub, message, order.id, fetcher);
    // A text the provider refused, or a request this deployment cannot send, waits for the next ready.
    if (outcome === 'unconfigured' || (outcome === 'failed' && sub.endpoint.startsWith(TEL_ENDPOINT_PREFIX))) {
      const { id: _id, ...row } = sub;
      await db.insert(pushSubscriptions).values(row).onConflictDoNothing();
    }
  }));
}

/**
 * The pushes and text of a ready order, after its change is published: the bar's answer never waits on them (the
 * venue's hub keeps its request alive with `waitUntil` until they are sent).
 */
export function sendOrderReadyLater(env: WorkerEnv, waitUntil: (work: Promise<unknown>) => void, db: Promise<Db>, order: { id: string; restaurant_id: string; table_number?: string | null; table_session_id?: string | null }) {
  const ready = { id: order.id, restaurantId: order.restaurant_id, tableNumber: order.table_number ?? null, tableSessionId: order.table_session_id ?? null };
  waitUntil(db.then((shard) => sendOrderReady(env, shard, ready)).catch((err: unknown) => {
    console.error(JSON.stringify({ level: 'error', message: 'ready push failed', order_id: ready.id, error: String(err) }));
  }));
}

/** What a table member's phone shows when a round of their tab is ready (docs/decisions/231). */
export function roundReadyPayload(venue: { name: string; slug: string }, order: { id: string; tableNumber: string | null }): ReadyPushPayload {
  return {
    title: 'Your round is ready',
    body: `${venue.name}: round #${shortOrderId(order.id)}${order.tableNumber ? `, table ${order.tableNumber}` : ''}.`,
    url: `/venue/${venue.slug}/table`,
  };
}

/**
 * "Your round is ready" to every member of the tab who asked (docs/decisions/231): their requests stay for the tab's
 * next rounds; one the push service no longer knows, or that failed every try, is dropped (docs/decisions/227).
 */
async function tellTableRound(env: WorkerEnv, db: Db, order: ReadyOrder & { tableSessionId: string }, fetcher: typeof fetch) {
  const subs = await db.select().from(tableReadySubscriptions).where(eq(tableReadySubscriptions.tableSessionId, order.tableSessionId));
  if (!subs.length) return;
  const venue = await db.query.venues.findFirst({ where: eq(venues.id, order.restaurantId) });
  if (!venue) return;
  const message = roundReadyPayload(venue, order);
  await Promise.all(subs.map(async (sub) => {
    const outcome = await deliverReady(env, sub, message, order.id, fetcher);
    if (outcome === 'gone' || (outcome === 'failed' && !sub.endpoint.startsWith(TEL_ENDPOINT_PREFIX))) {
      await db.delete(tableReadySubscriptions).where(eq(tableReadySubscriptions.id, sub.id));
    }
  }));
}

/** One ready message to one push subscription (with its retries) or one `tel:` request. */
async function deliverReady(env: WorkerEnv, sub: Subscription, message: ReadyPushPayload, orderId: string, fetcher: typeof fetch): Promise<Delivery> {
  if (sub.endpoint.startsWith(TEL_ENDPOINT_PREFIX)) {
    if (!readyTextsConfigured(env)) return 'unconfigured';
    return await sendReadyText(env, { to: sub.endpoint.slice(TEL_ENDPOINT_PREFIX.length), body: readyText(message) }, fetcher) ? 'sent' : 'failed';
  }
  const keys = vapidKeysOf(env);
  if (!keys) return 'unconfigured';
  // Stored before the push-service check existed (docs/decisions/227): never sent to, dropped.
  if (!isPushServiceEndpoint(sub.endpoint)) return 'gone';
  const payload = new TextEncoder().encode(JSON.stringify(message));
  const origin = safeOrigin(sub.endpoint);
  for (let attempt = 1; attempt <= READY_PUSH_ATTEMPTS; attempt++) {
    let status = 0;
    let error: string | undefined;
    try {
      const res = await fetcher(sub.endpoint, {
        method: 'POST',
        headers: {
          Authorization: await vapidAuthorization(keys, sub.endpoint),
          'Content-Encoding': 'aes128gcm',
          'Content-Type': 'application/octet-stream',
          TTL: String(READY_PUSH_TTL_SECONDS),
          Urgency: 'high',
          Topic: pushTopic(orderId),
        },
        body: await encryptPayload(sub, payload),
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.body?.cancel();
    } catch (err) {
      error = String(err instanceof Error ? err.message : err);
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    // The endpoint's path is the subscription's secret: only its origin is logged.
    console.error(JSON.stringify({ level: 'error', message: error ? 'push failed' : 'push refused', status, error, attempt, push_service: origin, order_id: orderId }));
    if (attempt < READY_PUSH_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, READY_PUSH_RETRY_MS * attempt));
  }
  return 'failed';
}

/**
 * One text through Twilio (worker/auth/sms.ts builds the request). Unlike sign-in codes, which demo mode shows on
 * screen, a ready text goes out whenever the settings are there: the offer is only made then. Neither the number nor
 * the text reaches a log.
 */
async function sendReadyText(env: SmsSettings, message: { to: string; body: string }, fetcher: typeof fetch): Promise<boolean> {
  let status = 0;
  try {
    const res = await fetcher(twilioMessageRequest({ ...env, SMS_ACCOUNT_SID: env.SMS_ACCOUNT_SID!, SMS_API_KEY: env.SMS_API_KEY!, SMS_FROM: env.SMS_FROM! }, message), { signal: AbortSignal.timeout(10_000) });
    status = res.status;
    await res.body?.cancel();
  } catch {
    status = 0;
  }
  if (status >= 200 && status < 300) return true;
  console.error(JSON.stringify({ level: 'error', message: `ready text: provider answered ${status || 'no response'}` }));
  return false;
}

function safeOrigin(endpoint: string): string {
  try { return new URL(endpoint).origin; } catch { return 'invalid'; }
}
