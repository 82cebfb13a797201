import { expect, test, type APIRequestContext } from '@playwright/test';
import { shortOrderId } from '../../shared/ids';
import { handoffText } from '../../shared/order-display';
import { signedInGuest } from './guest-helpers';

// "Tell me when it's ready" (docs/decisions/227). Chromium here reaches no push service: the browser's subscribe step
// is replaced by one answering a subscription with a real P-256 key, and the push is delivered to the service worker
// through the DevTools protocol, as Chromium's push service would after decrypting the Worker's message (the
// encryption and VAPID are checked in tests/worker/push.test.ts).
const SLUG = 'artisan-bar';

async function staffAuth(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: 'staff@barhop.dev', password: 'barhop-demo' } });
  return { headers: { Authorization: `Bearer ${(await login.json()).access_token as string}` } };
}

async function browserKey() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { p256dh: Buffer.from(raw).toString('base64url'), auth: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url') };
}

test("a guest taps \"Tell me when it's ready\"; the ready push shows a notification that opens the order", async ({ browser, request, baseURL }) => {
  const staff = await staffAuth(request);
  const menu = (await (await request.get('/api/staff/menu', staff)).json()).menu_items as { id: string; available: boolean; sold_out_reason: string | null }[];
  const drink = menu.find((d) => d.available && !d.sold_out_reason)!;
  const token = await signedInGuest(request, SLUG);
  const placed = await request.post('/api/orders/quick', { data: { slug: SLUG, item: { menu_drink_id: drink.id } }, headers: { Authorization: `Bearer ${token}` } });
  expect(placed.status(), await placed.text()).toBe(200);
  const orderId = (await placed.json()).id as string;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const keys = await browserKey();
  await context.addInitScript(({ guestToken, subscriptionKeys }) => {
    localStorage.setItem('barhop.guest_token', guestToken);
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
    PushManager.prototype.subscribe = async () => ({ endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys: subscriptionKeys }) }) as unknown as PushSubscription;
  }, { guestToken: token as string, subscriptionKeys: keys });
  const page = await context.newPage();
  await page.goto(`/venue/${SLUG}/order/${orderId}`);
  // Add to Home Screen adds the venue (an iPhone has Push there): its manifest is linked (docs/decisions/227, amended).
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/api/venues/${SLUG}/manifest.webmanifest`);
  const manifest = await request.get(`/api/venues/${SLUG}/manifest.webmanifest`);
  expect(manifest.headers()['content-type']).toBe('application/manifest+json');
  expect(await manifest.json()).toMatchObject({ start_url: `/venue/${SLUG}`, display: 'standalone' });

  await page.getByRole('button', { name: "Tell me when it's ready" }).click();
  await expect(page.getByText("We'll tell you when it's ready")).toBeVisible();
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return ready.active?.scriptURL ?? null;
  });
  expect(new URL(registration!).pathname).toBe('/push-sw.js');

  // The bar marks it ready: the Worker answers at once (its push goes out after the answer).
  const ready = await request.put(`/api/staff/orders/${orderId}/status`, { ...staff, data: { status: 'ready' } });
  expect(ready.ok(), await ready.text()).toBe(true);

  // What the Worker's push carries, delivered to the service worker as the push service would.
  const venue = (await (await request.get(`/api/venues/${SLUG}`)).json()).venue as { name: string; handoff: 'pickup' | 'table'; pickup_point: string };
  // worker/push/send.ts readyPayload, in docs/product.md §8.5's words.
  const payload = {
    title: 'Your order is ready',
    body: `${venue.name}: order #${shortOrderId(orderId)}. ${handoffText({ handoff: venue.handoff, pickupPoint: venue.pickup_point })}`,
    url: `/venue/${SLUG}/order/${orderId}`,
  };
  const cdp = await context.newCDPSession(page);
  // A push goes to the registration once its worker is activated: one delivered while the worker is still
  // installing or activating may never reach the push handler.
  const ourRegistrations = new Set<string>();
  const activatedRegistration = new Promise<string>((resolve) => {
    const activated = new Set<string>();
    const settle = () => {
      for (const id of ourRegistrations) if (activated.has(id)) resolve(id);
    };
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const r of registrations) {
        if (!r.isDeleted && r.scopeURL === `${new URL(baseURL!).origin}/`) ourRegistrations.add(r.registrationId);
      }
      settle();
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) if (v.status === 'activated') activated.add(v.registrationId);
      settle();
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await activatedRegistration;
  const shown = () => page.evaluate(async () => {
    const notifications = await (await navigator.serviceWorker.ready).getNotifications();
    return notifications.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string } | null)?.url }));
  });
  const expected = [{ title: 'Your order is ready', body: payload.body, url: `/venue/${SLUG}/order/${orderId}` }];
  // DevTools' delivery stands in for the push service and, on a loaded machine, can drop a message before the worker
  // gets it; delivered again, the notification's tag (the order's page) keeps it one notification, as a push service
  // retrying would.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId, data: JSON.stringify(payload) });
    await expect.poll(shown, { timeout: 5_000 }).toEqual(expected);
  }).toPass({ timeout: 60_000 });
  await context.close();
});
