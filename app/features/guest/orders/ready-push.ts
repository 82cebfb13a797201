// "Tell me when it's ready" (docs/decisions/227): loaded only when the guest taps the button, so none of it is in a
// guest route's first download (docs/decisions/219). Registers the push-only service worker, asks permission,
// subscribes with the Worker's VAPID key and hands the subscription to the Worker for this order.
import { apiRequest } from '../../../lib/api-client';

export const PUSH_SERVICE_WORKER = '/push-sw.js';

export type SubscribeOutcome = 'subscribed' | 'denied' | 'unavailable';

/** What the guest is told about: one order, or every round of a table's tab they sit at (docs/decisions/231). */
export type ReadyTarget = { order: string } | { table: string };

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
}

export async function subscribeToReady(target: ReadyTarget): Promise<SubscribeOutcome> {
  const { public_key: publicKey } = await apiRequest('GET', '/push/key', { credentials: 'none' });
  if (!publicKey) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  await navigator.serviceWorker.register(PUSH_SERVICE_WORKER);
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return 'unavailable';
  const body = { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  if ('order' in target) await apiRequest('POST', '/orders/:id/push', { params: { id: target.order }, body, credentials: 'guest' });
  else await apiRequest('POST', '/tables/sessions/:id/push', { params: { id: target.table }, body, credentials: 'guest' });
  return 'subscribed';
}
