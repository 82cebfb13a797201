import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useActiveOrder, useCart } from '../../app/features/orders/api';
import { useCheckout } from '../../app/features/orders/placement';
import { liveUrl, reconnectDelayMs, useVenueLive } from '../../app/features/orders/live';
import { applyLiveEvent } from '../../app/features/orders/live-cache';
import { placeInList } from '../../app/features/orders/staff-cache';
import { useStaffQueue } from '../../app/features/orders/staff-api';
import { TicketCard } from '../../app/features/staff/orders/TicketCard';
import { createQueryClient } from '../../app/lib/query-client';
import { mockApi } from './render';
import { TOO_MANY_SOCKETS_CLOSE } from '../../shared/constants';

/** A stand-in for the browser WebSocket that the test drives by hand. */
class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) { FakeSocket.instances.push(this); }
  send(data: string) { this.sent.push(data); }
  close() { this.readyState = 3; this.onclose?.({ code: 1000 }); }
  open() { this.readyState = 1; this.onopen?.(); }
  receive(message: unknown) { this.onmessage?.({ data: JSON.stringify(message) }); }
  drop(code = 1006) { this.readyState = 3; this.onclose?.({ code }); }
}

const order = {
  id: 'order-1', code: 'K47', restaurant_id: 'venue-1', status: 'pending', payment_status: 'unpaid', created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z', delivered_at: null, display_name: 'New Order', custom_name: null, ai_recipe_name: null,
  referred_by_ai: false, special_instructions: null, customer_name: null, customer_phone: null, table_number: null, sales_channel: 'app',
  eta_minutes: 4, subtotal_cents: 1000, tax_cents: 88, total_cents: 1088, items: [],
};

describe('useVenueLive', () => {
  let client: ReturnType<typeof createQueryClient>;
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    client = createQueryClient();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('builds ws URLs with the token and since', () => {
    expect(liveUrl('https://bar.example', 'v1', 't0k', 7)).toBe('wss://bar.example/api/live/venues/v1?token=t0k&since=7');
    expect(liveUrl('http://localhost:5173', 'v1', 't', null)).toBe('ws://localhost:5173/api/live/venues/v1?token=t');
    expect(reconnectDelayMs(0, () => 1)).toBe(1000);
    expect(reconnectDelayMs(10, () => 1)).toBe(30_000);
  });

  it('reports Live/Offline, hands events over, and resumes from the last seq after a drop', async () => {
    const events: unknown[] = [];
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { result } = renderHook(() => useVenueLive('venue-1', { token: 'tok', onEvent: (m) => events.push(m) }), { wrapper });
    expect(result.current.connected).toBe(false);
    const first = FakeSocket.instances[0]!;
    expect(first.url).toContain('token=tok');
    expect(first.url).not.toContain('since');
    act(() => first.open());
    expect(result.current.connected).toBe(true);
    act(() => first.receive({ type: 'hello', venue_id: 'venue-1', seq: 4, audience: 'staff' }));
    act(() => first.receive({ type: 'order_created', seq: 5, at: order.created_at, order }));
    expect(events).toHaveLength(2);
    expect(result.current.lastSeq).toBe(5);
    // The event is written into the cache: nothing is read again (docs/decisions/154).
    expect(invalidate).not.toHaveBeenCalled();

    act(() => first.drop());
    expect(result.current.connected).toBe(false);
    // While offline, order queries are polled every 5 s.
    invalidate.mockClear();
    await act(async () => { await vi.advanceTimersByTimeAsync(5_000); });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] });
    await act(async () => { await vi.advanceTimersByTimeAsync(30_000); });
    const second = FakeSocket.instances.at(-1)!;
    expect(second).not.toBe(first);
    expect(second.url).toContain('since=5');
    act(() => second.open());
    expect(result.current.connected).toBe(true);
    // A resume without a gap: the missed event, then 'hello' at the same number. Nothing is refetched.
    invalidate.mockClear();
    act(() => second.receive({ type: 'order_updated', seq: 6, at: order.updated_at, from: 'pending', to: 'preparing', order: { ...order, status: 'preparing' } }));
    act(() => second.receive({ type: 'hello', venue_id: 'venue-1', seq: 6, audience: 'staff' }));
    const orderReads = () => invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'orders').length;
    expect(orderReads()).toBe(0);
    // A snapshot (the log no longer had what was missed) is read again.
    act(() => second.receive({ type: 'snapshot', seq: 9, orders: [] }));
    expect(orderReads()).toBe(1);
  });

  it('a socket the venue closed for a newer one of the same device is not reopened: the screen polls instead', async () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { result } = renderHook(() => useVenueLive('venue-1', { token: 'tok' }), { wrapper });
    const first = FakeSocket.instances[0]!;
    act(() => first.open());
    act(() => first.receive({ type: 'hello', venue_id: 'venue-1', seq: 4, audience: 'guest' }));
    act(() => first.drop(TOO_MANY_SOCKETS_CLOSE));
    expect(result.current.connected).toBe(false);
    invalidate.mockClear();
    await act(async () => { await vi.advanceTimersByTimeAsync(60_000); });
    expect(FakeSocket.instances).toEqual([first]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] });
  });

  it('ignores messages that are not in the live protocol and opens nothing without a token', () => {
    const events: unknown[] = [];
    renderHook(() => useVenueLive('venue-1', { token: 'tok', onEvent: (m) => events.push(m) }), { wrapper });
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    act(() => socket.receive({ type: 'nonsense', seq: 1 }));
    expect(events).toEqual([]);
    FakeSocket.instances = [];
    renderHook(() => useVenueLive('venue-1', { token: null }), { wrapper });
    expect(FakeSocket.instances).toEqual([]);
  });
});

const later = (o: typeof order, status: string, minutes: number) => ({
  ...o, status, updated_at: new Date(Date.parse(o.updated_at) + minutes * 60_000).toISOString(),
  delivered_at: status === 'delivered' ? o.updated_at : null, payment_status: status === 'delivered' ? 'captured' : o.payment_status,
});

describe('live events on screen', () => {
  let client: ReturnType<typeof createQueryClient>;
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  });
  afterEach(() => vi.unstubAllGlobals());

  function StaffBoard() {
    useVenueLive('venue-1', { token: 'tok' });
    const queue = useStaffQueue();
    return <ul>{queue.data?.map((o) => <li key={o.id} data-testid={o.id}>{o.status}</li>)}</ul>;
  }

  /** The staff board on a socket at seq 4; `queue.orders` is what the server's queue answers from then on. */
  async function openBoard() {
    const queue: { orders: ReturnType<typeof later>[] } = { orders: [order] };
    const calls = mockApi({ 'GET /api/staff/queue': () => ({ body: { orders: queue.orders } }) });
    render(<StaffBoard />, { wrapper });
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    act(() => socket.receive({ type: 'hello', venue_id: 'venue-1', seq: 4, audience: 'staff' }));
    expect((await screen.findByTestId('order-1')).textContent).toBe('pending');
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const reads = () => calls.filter((c) => c.method === 'GET').length;
    return { socket, reads, queue };
  }

  const placedLater = (id: string, minutes: number) => ({ ...later(order, 'pending', minutes), id, created_at: later(order, 'pending', minutes).updated_at });

  /**
   * A gap after everything the test sent: the board reads the queue again, and the order only the server's answer
   * has is drawn. A read any earlier message started was requested before this one (one socket, one cache), so
   * the reads counted once it is on screen are all the earlier messages made, plus this one.
   */
  async function gapAfterAll(socket: FakeSocket, queue: { orders: ReturnType<typeof later>[] }, seq: number) {
    const moved = later(order, 'ready', 20);
    queue.orders = [moved, ...queue.orders.filter((o) => o.id !== moved.id), placedLater('order-sentinel', 30)];
    act(() => socket.receive({ type: 'order_updated', seq, at: moved.updated_at, from: 'preparing', to: 'ready', order: moved }));
    await screen.findByTestId('order-sentinel');
  }

  it('an order_updated event changes the status on screen without a request', async () => {
    const { socket, reads, queue } = await openBoard();
    const before = reads();
    act(() => socket.receive({ type: 'order_updated', seq: 5, at: order.updated_at, from: 'pending', to: 'preparing', order: later(order, 'preparing', 1) }));
    expect((screen.getByTestId('order-1')).textContent).toBe('preparing');
    act(() => socket.receive({ type: 'order_created', seq: 6, at: order.updated_at, order: placedLater('order-2', 2) }));
    expect((screen.getByTestId('order-2')).textContent).toBe('pending');
    queue.orders = [later(order, 'preparing', 1), placedLater('order-2', 2)];
    await gapAfterAll(socket, queue, 9);
    // The gap's read is the only one: the two events were written in, not read.
    expect(reads() - before).toBe(1);
  });

  it("a card Stripe refused as another bartender accepted the order shows on this screen's ticket from the event alone", async () => {
    const none = () => undefined;
    function Bar() {
      useVenueLive('venue-1', { token: 'tok' });
      const queue = useStaffQueue();
      return (
        <ul>{queue.data?.map((o) => (
          <TicketCard key={o.id} order={o} barKey={undefined} now={Date.parse(o.created_at)} selected={false} busy={false} isNew={false} isAi={false}
            onSelect={none} onStep={none} onCancel={none} onRecordPayment={none} onUndo={none} onBuild={none} onDetails={none} />
        ))}</ul>
      );
    }
    const calls = mockApi({ 'GET /api/staff/queue': { body: { orders: [order] } } });
    render(<Bar />, { wrapper });
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    act(() => socket.receive({ type: 'hello', venue_id: 'venue-1', seq: 4, audience: 'staff' }));
    await screen.findByText('Start Preparing');
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const reads = calls.length;
    expect(screen.queryByRole('note', { name: 'Payment' })).toBeNull();
    act(() => socket.receive({ type: 'order_updated', seq: 5, at: order.updated_at, from: 'pending', to: 'preparing', order: { ...later(order, 'preparing', 1), payment_problem: 'failed' } }));
    expect(screen.getByRole('note', { name: 'Payment' }).textContent?.trim()).toBe('Card refused — take payment at the bar');
    expect(calls.length).toBe(reads);
  });

  it('a gap in the sequence reads the queue again, once', async () => {
    const { socket, reads, queue } = await openBoard();
    const before = reads();
    // Events 5 to 7 were missed: among them an order created, which only the queue read again has.
    queue.orders = [later(order, 'ready', 1), placedLater('order-2', 2)];
    act(() => socket.receive({ type: 'order_updated', seq: 8, at: order.updated_at, from: 'pending', to: 'ready', order: later(order, 'ready', 1) }));
    expect((await screen.findByTestId('order-2')).textContent).toBe('pending');
    expect(screen.getByTestId('order-1').textContent).toBe('ready');
    // Back in sequence: the next event is written in, not read.
    act(() => socket.receive({ type: 'order_updated', seq: 9, at: order.updated_at, from: 'pending', to: 'preparing', order: { ...later(order, 'preparing', 3), id: 'order-2', created_at: placedLater('order-2', 2).created_at } }));
    expect(screen.getByTestId('order-2').textContent).toBe('preparing');
    queue.orders = [later(order, 'ready', 1), { ...later(order, 'preparing', 3), id: 'order-2', created_at: placedLater('order-2', 2).created_at }];
    await gapAfterAll(socket, queue, 12);
    // One read for the gap at 8, one for the gap after everything: none twice, none for the event in sequence.
    expect(reads() - before).toBe(2);
  });

  it('the guest does not read the active order or the cart again after placing', async () => {
    const placed = { ...order, id: 'order-9' };
    const calls = mockApi({
      'GET /api/orders/active': { body: { order: null } },
      'GET /api/cart': { body: { cart: { restaurant_id: 'venue-1', items: [{ menu_drink_id: 'd1' }], subtotal_cents: 1000, tax_cents: 88, total_cents: 1088, total: 10.88 } } },
      'POST /api/cart/checkout': { status: 201, body: { id: placed.id, status: 'pending', created_at: placed.created_at, eta_minutes: 4, subtotal_cents: 1000, tax_cents: 88, total_cents: 1088, total: 10.88, order: placed } },
    });
    const { result } = renderHook(() => ({ active: useActiveOrder('bar'), cart: useCart('bar'), checkout: useCheckout() }), { wrapper });
    await waitFor(() => expect(result.current.cart.data?.items).toHaveLength(1));
    await waitFor(() => expect(result.current.active.isSuccess).toBe(true));
    const before = calls.length;
    await act(async () => { await result.current.checkout.mutateAsync({ slug: 'bar' }); });
    // The placement has settled (its cache writes are made before mutateAsync resolves) and the screen's queries have
    // been told of them: a read either would start is requested at once (a query's fetch calls fetch in the same
    // task), so it is in `calls` by now.
    await waitFor(() => expect(result.current.active.data?.id).toBe('order-9'));
    expect(result.current.cart.data?.items).toEqual([]);
    expect(calls.slice(before).map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual(['POST /api/cart/checkout']);
  });
});

describe('placeInList', () => {
  it('drops a delivered order from the active queue and adds it to the lists it now belongs to', () => {
    const delivered = later(order, 'delivered', 1) as never;
    expect(placeInList([order as never], delivered, 'active')).toEqual([]);
    expect(placeInList([], delivered, 'paid')).toEqual([delivered]);
    // An older copy never replaces a newer one.
    expect(placeInList([delivered], order as never, 'all')).toEqual([delivered]);
  });
});

describe('applyLiveEvent', () => {
  it("reads the guest's ETA again when the queue ahead moves (status, banner and confirmation), nothing else", () => {
    const client = createQueryClient();
    for (const key of [['orders', 'status', 'o1'], ['orders', 'active', 'bar'], ['orders', 'detail', 'o1'], ['orders', 'history', 'bar'], ['cart', 'bar']]) {
      client.setQueryData(key, {});
    }
    applyLiveEvent(client, { type: 'queue_changed', seq: 3, at: order.updated_at });
    const stale = client.getQueryCache().findAll().filter((q) => q.state.isInvalidated).map((q) => q.queryKey[1]);
    expect(stale.sort()).toEqual(['active', 'detail', 'status']);
  });
});
