// The live socket's messages are checked by hand on the client (no zod in guest pages,
// docs/decisions/219): what passes is the protocol's envelope, anything else is dropped.
import { describe, expect, it } from 'vitest';
import { asLiveMessage } from '../../app/features/orders/live';

const order = { id: 'order-1', status: 'pending' };

describe('asLiveMessage', () => {
  it('accepts every message type of the protocol', () => {
    for (const message of [
      { type: 'hello', venue_id: 'v1', seq: 0, audience: 'staff' },
      { type: 'order_created', seq: 1, at: '2026-01-01T00:00:00.000Z', order },
      { type: 'order_updated', seq: 2, at: '2026-01-01T00:00:00.000Z', from: 'pending', to: 'preparing', order },
      { type: 'queue_changed', seq: 3, at: '2026-01-01T00:00:00.000Z' },
      { type: 'snapshot', seq: 4, orders: [order] },
      { type: 'table_updated', seq: 4, at: '2026-01-01T00:00:00.000Z', table: { session_id: 'ts-1', version: 3 } },
      { type: 'table_cart', seq: 4, at: '2026-01-01T00:00:00.000Z', session_id: 'ts-1', base_version: 3, version: 4, lines: [], removed: [] },
    ]) expect(asLiveMessage(message)).toBe(message);
  });

  it('drops what is not: unknown type, no integer seq, an order event without its order, a snapshot without orders, a table frame without its table or its versions', () => {
    for (const message of [
      null, 'pong', 42, [],
      { type: 'nonsense', seq: 1 },
      { type: 'hello', venue_id: 'v1', audience: 'staff' },
      { type: 'queue_changed', seq: '3' },
      { type: 'queue_changed', seq: 1.5 },
      { type: 'order_created', seq: 1, at: 'x' },
      { type: 'order_updated', seq: 1, order: { status: 'ready' } },
      { type: 'snapshot', seq: 4, orders: null },
      { type: 'table_updated', seq: 4, at: 'x' },
      { type: 'table_updated', seq: 4, at: 'x', table: { session_id: 'ts-1' } },
      { type: 'table_cart', seq: 4, at: 'x', session_id: 'ts-1', version: 4 },
      { type: 'table_cart', seq: 4, at: 'x', base_version: 3, version: 4 },
    ]) expect(asLiveMessage(message)).toBeNull();
  });
});
