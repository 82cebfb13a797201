import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AiSuggestion } from '../../../../shared/schemas/ai';
import { toast } from '../../../ui/toast';
import { whenIdle } from '../../../ui/lazy-after-paint';
import { useGuestSession } from '../../auth/hooks';
import { SET_CART_ITEM, useSetCartItem } from '../../orders/api';
import { useActiveOrderGuard } from '../orders/active-order';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';

// What the buttons do loads after the first paint: no card can be tapped before an answer (docs/decisions/275).
const loadActions = () => import('./suggestion-orders');
whenIdle(() => { void loadActions().catch(() => undefined); });

/** The venues where a card's Order Now is being placed: a card's pending order holds every card's buttons. */
const orderingAt = new Set<string>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
};
function setOrderingAt(slug: string, ordering: boolean) {
  if (ordering) orderingAt.add(slug);
  else orderingAt.delete(slug);
  for (const listener of listeners) listener();
}

/**
 * Add to Cart and Order Now for a suggestion card, under the one-active-order rule (docs/product.md §4.3): while an
 * order is active, `active` is set and screens show 'View Order Status' instead. Each card holds its own, in the
 * card's chunk (docs/decisions/275); a card's pending add or order holds every card's buttons at the venue.
 */
export function useSuggestionOrdering(slug: string) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const { pathname } = useLocation();
  const { signedIn } = useGuestSession();
  const client = useQueryClient();
  const guard = useActiveOrderGuard(slug);
  const setCartItem = useSetCartItem(slug);
  const adding = useIsMutating({ mutationKey: [SET_CART_ITEM, slug] }) > 0;
  const ordering = useSyncExternalStore(subscribe, () => orderingAt.has(slug));
  const setOrdering = (on: boolean) => setOrderingAt(slug, on);
  const idempotencyKey = useRef<string | null>(null);
  const context = { slug, navigate, pathname, signedIn, client, guard, setCartItem, setOrdering, idempotencyKey };

  return {
    addToCart: (s: AiSuggestion) => {
      void loadActions().then((actions) => actions.addToCart(context, s), () => toast.error(t`Failed to add to cart`));
    },
    orderNow: (s: AiSuggestion) => loadActions().then((actions) => actions.orderNow(context, s),
      () => { toast.error(translate(/*i18n*/ 'Failed to place order. Please try again.')); }),
    adding,
    ordering,
    activeOrder: guard.active,
    statusPath: guard.statusPath,
  };
}
export type SuggestionOrdering = ReturnType<typeof useSuggestionOrdering>;
