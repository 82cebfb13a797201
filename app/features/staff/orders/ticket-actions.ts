// The bar display's status changes: each ticket has its own pending state, so a slow request on one
// ticket never blocks the others; changes show at once (optimistic) and roll back if the server refuses.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { formatCents } from '../../../../shared/money';
import { PAYMENT_METHOD_WORDS, type BarPaymentMethod } from '../../../../shared/payment-methods';
import type { OrderStatus } from '../../../../shared/orders';
import type { Order } from '../../../../shared/schemas/order';
import { ApiRequestError, apiRequest, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { orderKeys } from '../../orders/api';
import { writeOrder } from '../../orders/live-cache';
import '../../orders/staff-cache';
import { cardNoteOf, ticketName } from './TicketCard';

const orderSchemas = () => import('../../../../shared/schemas/order');
/** Every staff order list a bar screen reads (the queue, and the filtered lists of the admin overlay). */
const isStaffList = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] === 'orders' && (query.queryKey[1] === 'staff' || query.queryKey[1] === 'staff-queue');

/** `allowShort`: start it though the stock cannot cover it, once the bartender has seen what is short (docs/decisions/233). */
export type TicketChange = { to: OrderStatus; reason?: string; allowShort?: boolean } | { recall: true };

/** What a refused start was short of, one line per ingredient ('Campari: 30 ml needed, 0 ml on hand'). */
export type ShortStart = { order: Order; change: { to: OrderStatus }; short: string[] };

function successText(order: Order, change: TicketChange, result: Order) {
  if ('recall' in change) return `${ticketName(order)} is back as ${result.status}`;
  if (change.to === 'delivered') return `${ticketName(order)} delivered`;
  if (change.to === 'cancelled') return `${ticketName(order)} cancelled`;
  return `${ticketName(order)}: ${result.status}`;
}

const shortOf = (err: unknown): string[] | null => {
  if (!(err instanceof ApiRequestError) || err.code !== 'stock_short') return null;
  const short = (err.details as { short?: unknown } | undefined)?.short;
  return Array.isArray(short) ? short.map(String) : [err.message];
};

/** `onShort`: a start the server refused for want of stock; the screen asks whether to start it anyway. */
export function useTicketActions(onShort?: (refused: ShortStart) => void) {
  const client = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const patch = useCallback((orderId: string, next: (o: Order) => Order) => {
    client.setQueriesData<Order[]>({ predicate: isStaffList }, (list) => list?.map((o) => (o.id === orderId ? next(o) : o)));
  }, [client]);

  const change = useCallback(async (order: Order, what: TicketChange): Promise<Order | null> => {
    setPending((s) => new Set(s).add(order.id));
    // A refetch already under way would answer with the status before this change.
    await client.cancelQueries({ predicate: isStaffList });
    const at = new Date().toISOString();
    if (!('recall' in what)) {
      patch(order.id, (o) => ({
        ...o, status: what.to, updated_at: at,
        delivered_at: what.to === 'delivered' ? at : o.delivered_at,
        // Handing over takes no money (docs/decisions/222): only a cancel changes the payment.
        payment_status: what.to === 'cancelled' ? 'void' : o.payment_status,
      }));
    }
    try {
      const options = { params: { id: order.id }, schema: (await orderSchemas()).OrderStatusChange, schemaLabel: 'staffApi' };
      const { order: result } = await ('recall' in what
        ? apiRequest('POST', '/staff/orders/:id/recall', options)
        : apiRequest('PUT', '/staff/orders/:id/status', { ...options, body: { status: what.to, reason: what.reason, allow_short: what.allowShort } }));
      // The server's order replaces the optimistic one (whose time is this device's clock), then goes into
      // every other list it belongs to (a delivered one leaves the active queue).
      patch(order.id, () => result);
      writeOrder(client, result);
      // Stripe refused or did not answer the card as the bar accepted it: the one who pressed is told at once, beside the ticket's note.
      const cardNote = cardNoteOf(result);
      if (cardNote && cardNote !== cardNoteOf(order)) toast.error(`${ticketName(order)}: ${cardNote}`);
      else toast.success(successText(order, what, result), 3000);
      return result;
    } catch (err) {
      // Only this ticket goes back; other tickets' changes in flight keep theirs.
      patch(order.id, () => order);
      // The server refused: what it holds now is read again.
      void client.invalidateQueries({ queryKey: orderKeys.all });
      const short = shortOf(err);
      if (short && onShort && !('recall' in what)) onShort({ order, change: { to: what.to }, short });
      else toast.error(`Failed to update ${ticketName(order)}: ${errorMessage(err, 'unknown error')}`);
      return null;
    } finally {
      setPending((s) => {
        const rest = new Set(s);
        rest.delete(order.id);
        return rest;
      });
    }
  }, [client, patch, onShort]);

  /** Records a delivered solo order paid; the ticket shows Paid once the server has it (nothing optimistic: it is money). */
  const recordPayment = useCallback(async (order: Order, method: BarPaymentMethod): Promise<Order | null> => {
    setPending((s) => new Set(s).add(order.id));
    try {
      const { order: result } = await apiRequest('POST', '/staff/orders/:id/payment', {
        params: { id: order.id }, body: { method }, schema: (await orderSchemas()).OrderStatusChange, schemaLabel: 'staffApi',
      });
      patch(order.id, () => result);
      writeOrder(client, result);
      toast.success(`${ticketName(order)}: ${formatCents(result.total_cents)} recorded paid ${PAYMENT_METHOD_WORDS[method]}`, 3000);
      return result;
    } catch (err) {
      void client.invalidateQueries({ queryKey: orderKeys.all });
      toast.error(`Failed to record the payment of ${ticketName(order)}: ${errorMessage(err, 'unknown error')}`);
      return null;
    } finally {
      setPending((s) => {
        const rest = new Set(s);
        rest.delete(order.id);
        return rest;
      });
    }
  }, [client, patch]);

  return { change, recordPayment, isPending: (orderId: string) => pending.has(orderId) };
}
