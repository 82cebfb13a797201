// "Tell me when it's ready" on the guest's order status (docs/product.md §8.5, docs/decisions/227): offered while the
// order is being made where the browser has Push, the Home Screen hint on an iPhone without it, nothing elsewhere.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderStatusPage from '../../app/features/guest/orders/OrderStatusPage';
import { READY_PUSH_TEXT } from '../../app/features/guest/orders/ReadyPushButton';
import { READY_TEXT_TEXT } from '../../app/features/guest/orders/ReadyTextOffer';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { installAuth } from '../../app/features/auth/install';
import TableScreens from '../../app/features/tables/TableScreens';
import { DRINKS, fakeGuestToken, guestSessionReply, VENUE } from './guest-fixtures';
import { ANA, round, SESSION_ID, tabLine, tableState, view } from './guest-table-fixtures';
import { mockApi, nextAnswer, renderRoutes } from './render';

const ORDER = 'order-00000000abcd1234';
const routes = [{ path: '/venue/:slug', element: <VenueLayout />, children: [{ path: 'order-status/:orderId', element: <OrderStatusPage /> }] }];
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const SUBSCRIPTION = { endpoint: 'https://push.example.test/send/abc', keys: { p256dh: 'BPk', auth: 'au' } };

const api = (status: string, { texts = false, guestId = null as string | null } = {}) => ({
  'GET /api/venues/artisan-bar': { body: { venue: VENUE } },
  'GET /api/venues/artisan-bar/drinks': { body: { drinks: DRINKS } },
  'POST /api/auth/guest-session': guestSessionReply(guestId),
  'GET /api/me': { body: { profile: { id: guestId ?? 'g-none', display_name: null, phone_number: '+15552010042', updated_at: '2026-01-01T00:00:00Z' } } },
  [`POST /api/orders/${ORDER}/ready-text`]: { status: 201, body: { phone: guestId ? '+15552010042' : '+442079460958' } },
  [`DELETE /api/orders/${ORDER}/ready-text`]: { body: { success: true } },
  'GET /api/orders/active': { body: { order: null } },
  [`GET /api/orders/${ORDER}/status`]: {
    body: { id: ORDER, status, payment_status: 'unpaid', created_at: '2026-03-10T12:00:00.000Z', delivered_at: null, eta_minutes: status === 'ready' ? 0 : 6, queue_position: 1, code: 'C89' },
  },
  'GET /api/push/key': { body: { public_key: 'BDyo557S-88rrWUTfhs7ZweXq1J2MAZ2yjdgDt8XOo-VUDBHbyIacFsEwlUpklOUWHgdv5jlWVh17v6CXrIi_9k', ready_texts: texts } },
  [`POST /api/orders/${ORDER}/push`]: { status: 201, body: { success: true } },
});

const defined: [object, string][] = [];
function define(target: object, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  defined.push([target, key]);
}

/** A browser with Push: a service worker container, PushManager and Notification, the permission answered `answer`. */
function browserWithPush(answer: NotificationPermission = 'granted') {
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  const register = vi.fn(async () => ({}));
  define(navigator, 'serviceWorker', { register, ready: Promise.resolve({ pushManager: { subscribe } }), getRegistrations: async () => [] });
  define(window, 'PushManager', class {});
  define(window, 'Notification', { permission: 'default', requestPermission: vi.fn(async () => answer) });
  return { subscribe, register };
}

async function openStatus(status: string, options: Parameters<typeof api>[1] = {}) {
  resetGuestSessionForTests();
  const calls = mockApi(api(status, options));
  const { unmount, client } = renderRoutes(routes, `/venue/artisan-bar/order-status/${ORDER}`);
  await screen.findByRole('heading', { name: status === 'ready' ? 'Ready!' : status === 'pending' ? 'Order Received' : 'Making Your Drinks' });
  return { calls, unmount, client };
}

beforeEach(() => installAuth());
afterEach(() => {
  for (const [target, key] of defined.splice(0)) delete (target as Record<string, unknown>)[key];
  vi.restoreAllMocks();
});

describe("Tell me when it's ready", () => {
  it('subscribes on a tap: registers /push-sw.js, asks permission, subscribes with the VAPID key, posts it, then says so', async () => {
    const { subscribe, register } = browserWithPush();
    const { calls } = await openStatus('preparing');
    fireEvent.click(await screen.findByRole('button', { name: READY_PUSH_TEXT.offer }));
    expect(await screen.findByText(READY_PUSH_TEXT.subscribed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: READY_PUSH_TEXT.offer })).toBeNull();
    expect(register).toHaveBeenCalledWith('/push-sw.js');
    const options = (subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit])[0];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    const posted = calls.find((req) => req.method === 'POST' && new URL(req.url).pathname === `/api/orders/${ORDER}/push`);
    expect(posted).toBeTruthy();
    expect(await posted!.json()).toEqual({ endpoint: SUBSCRIPTION.endpoint, keys: SUBSCRIPTION.keys });
  });

  it('is offered on Received too, and not once the order is ready', async () => {
    browserWithPush();
    const { unmount } = await openStatus('pending');
    expect(await screen.findByRole('button', { name: READY_PUSH_TEXT.offer })).toBeTruthy();
    unmount();
    await openStatus('ready');
    expect(screen.queryByRole('button', { name: READY_PUSH_TEXT.offer })).toBeNull();
  });

  it('a refused permission says notifications are off and subscribes nothing', async () => {
    const { subscribe } = browserWithPush('denied');
    await openStatus('preparing');
    fireEvent.click(await screen.findByRole('button', { name: READY_PUSH_TEXT.offer }));
    expect(await screen.findByText(READY_PUSH_TEXT.denied)).toBeTruthy();
    expect(subscribe).not.toHaveBeenCalled();
  });

  it("on an iPhone's Safari without Push: add Barhop to the Home Screen first", async () => {
    define(navigator, 'userAgent', IPHONE);
    await openStatus('preparing');
    expect(await screen.findByText(READY_PUSH_TEXT.homeScreen)).toBeTruthy();
    expect(screen.queryByRole('button', { name: READY_PUSH_TEXT.offer })).toBeNull();
  });

  it('a browser without Push is offered nothing', async () => {
    await openStatus('preparing');
    // The offer is drawn after the first paint (docs/decisions/268): its part has loaded and rendered before the
    // absence is read, else this would pass before the part was there to offer anything.
    await act(async () => { await import('../../app/features/guest/orders/ReadyPushButton'); });
    await act(async () => {});
    expect(screen.queryByRole('button', { name: READY_PUSH_TEXT.offer })).toBeNull();
    expect(screen.queryByText(READY_PUSH_TEXT.homeScreen)).toBeNull();
  });

  it('the texts are docs/guest-app.md §8.5 verbatim', async () => {
    const { readFileSync } = await import('node:fs');
    const product = readFileSync('docs/guest-app.md', 'utf8').replace(/\s+/g, ' ');
    for (const text of [...Object.values(READY_PUSH_TEXT), ...Object.values(READY_TEXT_TEXT)]) expect(product).toContain(text);
  });
});

describe("Text me when it's ready (docs/decisions/227, amended)", () => {
  it('without Push, where the platform texts: the consent names the number typed, and one POST sets it up', async () => {
    const { calls } = await openStatus('preparing', { texts: true });
    fireEvent.click(await screen.findByRole('button', { name: READY_TEXT_TEXT.offer }));
    expect(screen.getByText("We'll send one text to this number when your order is ready. Standard rates may apply. Nothing else.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+44 20 7946 0958' } });
    fireEvent.click(screen.getByRole('button', { name: READY_TEXT_TEXT.confirm }));
    expect(await screen.findByText("We'll text +442079460958 when it's ready")).toBeTruthy();
    const posted = calls.find((req) => req.method === 'POST' && new URL(req.url).pathname === `/api/orders/${ORDER}/ready-text`);
    expect(await posted!.json()).toEqual({ phone: '+44 20 7946 0958' });

    // Taken back: the text is cancelled on the server and the offer is there again.
    fireEvent.click(screen.getByRole('button', { name: READY_TEXT_TEXT.cancel }));
    expect(await screen.findByRole('button', { name: READY_TEXT_TEXT.offer })).toBeTruthy();
    expect(calls.some((req) => req.method === 'DELETE' && new URL(req.url).pathname === `/api/orders/${ORDER}/ready-text`)).toBe(true);
    expect(screen.queryByText("We'll text +442079460958 when it's ready")).toBeNull();
  });

  it("a signed-in guest's consent names their verified number, and nothing is typed", async () => {
    const { calls } = await openStatus('preparing', { texts: true, guestId: 'g-1' });
    fireEvent.click(await screen.findByRole('button', { name: READY_TEXT_TEXT.offer }));
    expect(await screen.findByText("We'll send one text to (555) 201-0042 when your order is ready. Standard rates may apply. Nothing else.")).toBeTruthy();
    expect(screen.queryByLabelText('Phone number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: READY_TEXT_TEXT.confirm }));
    expect(await screen.findByText("We'll text (555) 201-0042 when it's ready")).toBeTruthy();
    const posted = calls.find((req) => req.method === 'POST' && new URL(req.url).pathname === `/api/orders/${ORDER}/ready-text`);
    expect(await posted!.json()).toEqual({});
  });

  it('is offered after a refused permission too, and never where the platform does not text', async () => {
    browserWithPush('denied');
    const { unmount } = await openStatus('preparing', { texts: true });
    fireEvent.click(await screen.findByRole('button', { name: READY_PUSH_TEXT.offer }));
    expect(await screen.findByRole('button', { name: READY_TEXT_TEXT.offer })).toBeTruthy();
    unmount();
    const { client } = await openStatus('preparing');
    // Refused again, where the platform does not text: the offer's read of /api/push/key answers, and only once that
    // answer is drawn does the offer's absence say anything.
    const answered = nextAnswer(client, ['push', 'key']);
    fireEvent.click(await screen.findByRole('button', { name: READY_PUSH_TEXT.offer }));
    expect(await screen.findByText(READY_PUSH_TEXT.denied)).toBeTruthy();
    await act(() => answered);
    expect(screen.queryByRole('button', { name: READY_TEXT_TEXT.offer })).toBeNull();
  });
});

describe("a table's tab: told at every round (docs/decisions/231)", () => {
  const TAB_ROUTES = [{ path: '/venue/:slug', element: <VenueLayout />, children: [{ path: 'table/*', element: <TableScreens /> }] }];
  const TAB_API = (texts: boolean) => ({
    ...api('preparing', { texts }),
    [`GET /api/tables/sessions/${SESSION_ID}`]: { body: view(tableState({ rounds: [round(1, 'preparing', [tabLine(1, ANA, 'Negroni', 1400, 1)])] }), ANA.id) },
    [`POST /api/tables/sessions/${SESSION_ID}/push`]: { status: 201, body: { success: true } },
    [`POST /api/tables/sessions/${SESSION_ID}/ready-text`]: { status: 201, body: { phone: '+442079460958' } },
  });
  async function openTab(texts = false) {
    localStorage.setItem('barhop.guest_token', fakeGuestToken(null));
    localStorage.setItem('barhop.table-session.artisan-bar', SESSION_ID);
    resetGuestSessionForTests();
    const calls = mockApi(TAB_API(texts));
    renderRoutes(TAB_ROUTES, '/venue/artisan-bar/table/tab');
    await screen.findByRole('heading', { name: 'Rounds' });
    return calls;
  }

  it("a member subscribes the tab from its Rounds: the push goes to the tab's subscription, not an order's", async () => {
    browserWithPush();
    const calls = await openTab();
    fireEvent.click(await screen.findByRole('button', { name: READY_PUSH_TEXT.offer }));
    expect(await screen.findByText(READY_PUSH_TEXT.subscribed)).toBeTruthy();
    const posted = calls.find((req) => req.method === 'POST' && new URL(req.url).pathname === `/api/tables/sessions/${SESSION_ID}/push`);
    expect(await posted!.json()).toEqual({ endpoint: SUBSCRIPTION.endpoint, keys: SUBSCRIPTION.keys });
  });

  it("without Push, a member asks for the text on the tab: its consent is about the tab's rounds, not an order", async () => {
    const calls = await openTab(true);
    fireEvent.click(await screen.findByRole('button', { name: READY_TEXT_TEXT.offer }));
    expect(screen.getByText("We'll send one text to this number each time a round of your tab is ready. Standard rates may apply. Nothing else.")).toBeTruthy();
    expect(screen.queryByText(/when your order is ready/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+44 20 7946 0958' } });
    fireEvent.click(screen.getByRole('button', { name: READY_TEXT_TEXT.confirm }));
    expect(await screen.findByText("We'll text +442079460958 when it's ready")).toBeTruthy();
    const posted = calls.find((req) => req.method === 'POST' && new URL(req.url).pathname === `/api/tables/sessions/${SESSION_ID}/ready-text`);
    expect(await posted!.json()).toEqual({ phone: '+44 20 7946 0958' });
  });
});
