import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AiSuggestion } from '../../../../shared/schemas/ai';
import { toast } from '../../../ui/toast';
import { whenIdle } from '../../../ui/lazy-after-paint';
import { useGuestSession } from '../../auth/hooks';
import { useSetCartItem } from '../../orders/api';
import { useActiveOrderGuard } from '../orders/active-order';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';

// What the buttons do loads after the first paint: no card can be tapped before an answer (docs/decisions/274).
const loadActions = () => import('./suggestion-orders');
whenIdle(() => { void loadActions().catch(() => undefined); });

/**
 * Add to Cart and Order Now for a suggestion, under the one-active-order rule (docs/product.md §4.3): while an
 * order is active, `active` is set and screens show 'View Order Status' instead. One for the page's cards, so a
 * card's pending add or order holds every card's buttons.
 */
export function useSuggestionOrdering(slug: string) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const { pathname } = useLocation();
  const { signedIn } = useGuestSession();
  const client = useQueryClient();
  const guard = useActiveOrderGuard(slug);
  const setCartItem = useSetCartItem(slug);
  const [ordering, setOrdering] = useState(false);
  const idempotencyKey = useRef<string | null>(null);
  const context = { slug, navigate, pathname, signedIn, client, guard, setCartItem, setOrdering, idempotencyKey };

  return {
    addToCart: (s: AiSuggestion) => {
      void loadActions().then((actions) => actions.addToCart(context, s), () => toast.error(t`Failed to add to cart`));
    },
    orderNow: (s: AiSuggestion) => loadActions().then((actions) => actions.orderNow(context, s),
      () => { toast.error(translate(/*i18n*/ 'Failed to place order. Please try again.')); }),
    adding: setCartItem.isPending,
    ordering,
    activeOrder: guard.active,
    statusPath: guard.statusPath,
  };
}
export type SuggestionOrdering = ReturnType<typeof useSuggestionOrdering>;
