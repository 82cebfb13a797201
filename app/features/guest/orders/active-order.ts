import { useGuestSession } from '../../auth/hooks';
import { isActiveOrderExists, useActiveOrder } from '../../orders/api';

export const orderStatusPath = (slug: string, orderId: string) => `/venue/${slug}/order-status/${orderId}`;

/**
 * docs/product.md §4.3, one active order per venue: while one exists, order buttons become 'View Order Status';
 * a refusal saying 'active order exists' reloads the active order so the banner appears.
 */
export function useActiveOrderGuard(slug: string) {
  const { ready } = useGuestSession();
  const query = useActiveOrder(ready ? slug : undefined);
  const active = query.data ?? null;
  return {
    active,
    /** When `active` (and its ETA) was read. */
    fetchedAt: query.dataUpdatedAt,
    statusPath: active ? orderStatusPath(slug, active.id) : null,
    /** True when the failure was the active-order refusal (then the caller shows no error of its own). */
    handleFailure(err: unknown): boolean {
      if (!isActiveOrderExists(err)) return false;
      void query.refetch();
      return true;
    },
  };
}
