// Sending "your order is ready" to every browser subscribed to the order (docs/decisions/215): one encrypted push per
// subscription, after the status change has answered (waitUntil), so the bar never waits on a push service.
import { and, eq } from 'drizzle-orm';
import { shortOrderId } from '../../shared/ids';
import { handoffText } from '../../shared/order-display';
import type { ReadyPushPayload } from '../../shared/schemas/push';
import { pushSubscriptions, venues } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { encryptPayload } from './crypto';
import { vapidAuthorization, type VapidKeys } from './vapid';

/** A ready order is worth telling for 15 minutes; after that the guest has looked or walked up (RFC 8030 §5.2). */
export const READY_PUSH_TTL_SECONDS = 900;

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

type ReadyOrder = { id: string; restaurantId: string; tableNumber: string | null };

/** One push to each subscription of the order; an endpoint the push service no longer knows (404, 410) is forgotten. */
export async function sendOrderReady(env: WorkerEnv, db: Db, order: ReadyOrder): Promise<void> {
  const keys = vapidKeysOf(env);
  if (!keys) return;
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.orderId, order.id));
  if (!subscriptions.length) return;
  const venue = await db.query.venues.findFirst({ where: eq(venues.id, order.restaurantId) });
  if (!venue) return;
  const payload = new TextEncoder().encode(JSON.stringify(readyPayload(venue, order)));
  await Promise.all(subscriptions.map(async (sub) => {
    const origin = safeOrigin(sub.endpoint);
    try {
      const res = await fetch(sub.endpoint, {
        method: 'POST',
        headers: {
          Authorization: await vapidAuthorization(keys, sub.endpoint),
          'Content-Encoding': 'aes128gcm',
          'Content-Type': 'application/octet-stream',
          TTL: String(READY_PUSH_TTL_SECONDS),
          Urgency: 'high',
          Topic: pushTopic(order.id),
        },
        body: await encryptPayload(sub, payload),
      });
      if (res.status === 404 || res.status === 410) {
        await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.orderId, order.id)));
      } else if (!res.ok) {
        // The endpoint's path is the subscription's secret: only its origin is logged.
        console.error(JSON.stringify({ level: 'error', message: 'push refused', status: res.status, push_service: origin, order_id: order.id }));
      }
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', message: 'push failed', error: String(err instanceof Error ? err.message : err), push_service: origin, order_id: order.id }));
    }
  }));
}

function safeOrigin(endpoint: string): string {
  try { return new URL(endpoint).origin; } catch { return 'invalid'; }
}
