// The bar display's key slots (docs/decisions/234): a bump never moves another ticket's key number.
import { describe, expect, it } from 'vitest';
import { RECALL_WINDOW_MS } from '../../shared/orders';
import type { Order } from '../../shared/schemas/order';
import { assignBarKeys, barOrder, orderOnKey, type BarKeys } from '../../app/features/staff/orders/ticket-keys';

const NOW = Date.parse('2026-11-26T21:00:00.000Z');
const ticket = (n: number, status: Order['status'] = 'pending', bumpedAgoMs = 0) => ({
  id: `order-${n}`, status, created_at: new Date(NOW - (100 - n) * 60_000).toISOString(),
  updated_at: new Date(NOW - bumpedAgoMs).toISOString(),
}) as Order;

describe('bump-bar keys', () => {
  it('the oldest take 1, 2, 3 … past nine (two-key codes, docs/decisions/234); a bump keeps every other key and the bumped ticket its place until Undo runs out', () => {
    const queue = Array.from({ length: 11 }, (_, i) => ticket(i + 1));
    const keys = assignBarKeys(new Map(), queue, NOW);
    expect([...keys.values()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);

    // Ticket 1 is handed over and ticket 4 moves on: nobody's number changes, ticket 1 still stands first.
    const bumped = queue.map((o) => (o.id === 'order-1' ? { ...o, status: 'delivered' as const } : o.id === 'order-4' ? { ...o, status: 'preparing' as const } : o));
    const after = assignBarKeys(keys, bumped, NOW);
    expect(after).toBe(keys);
    expect(barOrder(bumped, NOW).map((o) => o.id).slice(0, 4)).toEqual(['order-1', 'order-2', 'order-3', 'order-4']);

    // Once its Undo window has passed, ticket 1 leaves: its key goes to the next ticket to arrive.
    const later = NOW + RECALL_WINDOW_MS + 1;
    const freed: BarKeys = assignBarKeys(after, [...bumped, ticket(12)], later);
    expect(freed.get('order-1')).toBeUndefined();
    expect(freed.get('order-12')).toBe(1);
    for (let n = 2; n <= 11; n += 1) expect(freed.get(`order-${n}`)).toBe(n);
    expect(orderOnKey(freed, 1)).toBe('order-12');
  });
});
