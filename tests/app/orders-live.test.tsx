import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveUrl, reconnectDelayMs, useVenueLive } from '../../app/features/orders/live';
import { createQueryClient } from '../../app/lib/query-client';

/** A stand-in for the browser WebSocket that the test drives by hand. */
class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) { FakeSocket.instances.push(this); }
  send(data: string) { this.sent.push(data); }
  close() { this.readyState = 3; this.onclose?.(); }
  open() { this.readyState = 1; this.onopen?.(); }
  receive(message: unknown) { this.onmessage?.({ data: JSON.stringify(message) }); }
  drop() { this.readyState = 3; this.onclose?.(); }
}

const order = {
  id: 'order-1', restaurant_id: 'venue-1', status: 'pending', payment_status: 'unpaid', created_at: '2026-01-01T00:00:00.000Z',
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
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] });

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
