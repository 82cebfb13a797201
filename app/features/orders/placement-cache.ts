// A placement's answer in the query cache (app/features/orders/place-order.ts): loaded after the page's first paint,
// with the live cache's writers it shares (docs/decisions/268 and 275).
import type { QueryClient } from '@tanstack/react-query';
import type { Order } from '../../../shared/schemas/order';
import { cartKeys, orderKeys, orderQueries } from './api';
import { writeOrder } from './live-cache';

/**
 * The placement's answer written into the cache (docs/decisions/154): the guest's active order, the
 * can-start check, every list holding orders, and an emptied cart after a checkout. Nothing is
 * fetched again; a refused placement reads the active order and cart again (the banner needs them).
 */
export function afterPlacement(client: QueryClient, slug: string, placed: { order: Order } | undefined, fromCart: boolean) {
  if (!placed) {
    void client.invalidateQueries({ queryKey: orderKeys.all });
    void client.invalidateQueries({ queryKey: cartKeys.one(slug) });
    return;
  }
  const { order } = placed;
  client.setQueryData(orderKeys.active(slug), { ...order, venue_slug: slug });
  client.setQueryData(orderQueries.canStart(slug).queryKey, { allowed: false, active_order_id: order.id });
  writeOrder(client, order);
  if (fromCart) {
    client.setQueryData(orderQueries.cart(slug).queryKey, (cart) => cart && { ...cart, items: [], subtotal_cents: 0, tax_cents: 0, total_cents: 0, total: 0 });
  }
}
