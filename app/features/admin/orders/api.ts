import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderStatusChange } from '../../../../shared/schemas/order';
import { apiRequest } from '../../../lib/api-client';

/** The admin's cancel with a reason (POST /admin/orders/{id}/cancel); the order lists are read again. */
export function useAdminCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      apiRequest('POST', '/admin/orders/:id/cancel', { params: { id: orderId }, body: { reason }, schema: OrderStatusChange }),
    onSettled: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
