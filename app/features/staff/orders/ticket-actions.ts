// The bar display's status changes: each ticket has its own pending state, so a slow request on one
// ticket never blocks the others; changes show at once (optimistic) and roll back if the server refuses.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { shortOrderId } from '../../../../shared/ids';
import type { OrderStatus } from '../../../../shared/orders';
import type { Order } from '../../../../shared/schemas/order';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { orderKeys } from '../../orders/api';

const orderSchemas = () => import('../../../../shared/schemas/order');
/** Every staff order list the page reads (the active queue and the recent orders). */
const STAFF_LISTS = ['orders', 'staff'] as const;

export type TicketChange = { to: OrderStatus; reason?: string } | { recall: true };


function successText(order: Order, change: TicketChange, result: Order) {
  if ('recall' in change) return `Order ${shortOrderId(order.id)} is back as ${result.status}`;
  if (change.to === 'delivered') return `Order ${shortOrderId(order.id)} completed!`;
  if (change.to === 'cancelled') return `Order ${shortOrderId(order.id)} cancelled`;
  return `Order status updated to ${change.to}!`;
}

export function useTicketActions() {
  const client = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const patch = useCallback((orderId: string, next: (o: Order) => Order) => {
    client.setQueriesData<Order[]>({ queryKey: STAFF_LISTS }, (list) => list?.map((o) => (o.id === orderId ? next(o) : o)));
  }, [client]);

  const change = useCallback(async (order: Order, what: TicketChange): Promise<Order | null> => {
    setPending((s) => new Set(s).add(order.id));
    // A refetch already under way would answer with the status before this change.
    await client.cancelQueries({ queryKey: STAFF_LISTS });
    const at = new Date().toISOString();
    if (!('recall' in what)) {
      patch(order.id, (o) => ({
        ...o, status: what.to, updated_at: at,
        delivered_at: what.to === 'delivered' ? at : o.delivered_at,
        payment_status: what.to === 'delivered' ? 'captured' : what.to === 'cancelled' ? 'void' : o.payment_status,
      }));
    }
    try {
      const options = { params: { id: order.id }, schema: (await orderSchemas()).OrderStatusChange, schemaLabel: 'staffApi' };
      const { order: result } = await ('recall' in what
        ? apiRequest('POST', '/staff/orders/:id/recall', options)
        : apiRequest('PUT', '/staff/orders/:id/status', { ...options, body: { status: what.to, reason: what.reason } }));
      patch(order.id, () => result);
      toast.success(successText(order, what, result), 3000);
      return result;
    } catch (err) {
      // Only this ticket goes back; other tickets' changes in flight keep theirs.
      patch(order.id, () => order);
      toast.error(`Failed to update order ${shortOrderId(order.id)}: ${errorMessage(err, 'unknown error')}`);
      return null;
    } finally {
      setPending((s) => {
        const rest = new Set(s);
        rest.delete(order.id);
        return rest;
      });
      void client.invalidateQueries({ queryKey: orderKeys.all });
    }
  }, [client, patch]);

  return { change, isPending: (orderId: string) => pending.has(orderId) };
}
