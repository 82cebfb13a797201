import { useLocation, useNavigate } from 'react-router';
import type { AiSuggestion } from '../../../../shared/schemas/ai';
import { formatCents } from '../../../../shared/money';
import { toast } from '../../../ui/toast';
import { ensureGuestSession } from '../../auth/guest-session';
import type { SignInReturn } from '../../auth/sign-in-flow';
import { useGuestSession } from '../../auth/hooks';
import { useSetCartItem } from '../../orders/api';
import { placementFailureText, useQuickOrder } from '../../orders/placement';
import { useActiveOrderGuard } from '../orders/active-order';
import { rememberOrderNote } from '../orders/ai-order-note';
import { markSuggestionOrdered } from './api';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';

/**
 * The cart or order line for a suggestion: a menu drink by id, or an AI creation by the suggestion
 * that issued it (the server reads its recipe from there, docs/decisions/190).
 */
function lineOf(s: AiSuggestion) {
  return s.type === 'menu' && s.menuDrinkId
    ? { menu_drink_id: s.menuDrinkId }
    : { is_ai_creation: true, ai_interaction_id: s.interaction_id, ai_recipe_name: s.previewName, name: s.previewName, recipe: s.recipe };
}

/**
 * Add to Cart and Order Now for a suggestion, under the one-active-order rule (docs/product.md §4.3): while an
 * order is active, `active` is set and screens show 'View Order Status' instead.
 */
export function useSuggestionOrdering(slug: string) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useLingui();
  const { signedIn } = useGuestSession();
  const guard = useActiveOrderGuard(slug);
  const setCartItem = useSetCartItem(slug);
  const quickOrder = useQuickOrder();

  const addToCart = (s: AiSuggestion) => {
    const extra = s.type === 'creation' ? { price: s.price, image_url: s.heroImageUrl } : {};
    const line = { ...lineOf(s), ...extra, ai_interaction_id: s.interaction_id, qty: 1 };
    rememberOrderNote(slug, s.order_note);
    // The cart needs a phone sign-in (spec: Cart redirects to /venue/{slug}/auth). As from a drink page, sign-in brings
    // the guest back here and puts the suggestion in the cart: the sign-in page takes the return it is handed
    // (docs/decisions/126 and 238).
    if (!signedIn) {
      const signInReturn: SignInReturn = { returnTo: pathname, add: { ...line, name: s.previewName } };
      navigate(`/venue/${slug}/auth`, { state: { signInReturn } });
      return;
    }
    setCartItem.mutate({ ...line, mode: 'add' }, {
      onSuccess: () => {
        toast.success(t`Added ${{ drink: s.previewName }} to cart · ${{ price: formatCents(s.price_cents) }}`);
      },
      onError: (err) => { if (!guard.handleFailure(err)) toast.error(t`Failed to add to cart`); },
    });
  };

  /** Places the order; screens call it only once the guest confirmed the total (OrderNowDialog). */
  const orderNow = async (s: AiSuggestion) => {
    try {
      await ensureGuestSession(slug);
      const placed = await quickOrder.mutateAsync({
        slug, item: { ...lineOf(s), quantity: 1 }, referred_by_ai: true, ai_recipe_name: s.previewName,
        // What the guest told the bartender reaches the ticket (docs/decisions/189).
        special_instructions: s.order_note ?? undefined,
      });
      // The order stands either way; the mark only feeds the AI numbers.
      markSuggestionOrdered(s.interaction_id, placed.id).catch((err: unknown) => console.error('Marking the AI suggestion ordered failed', err));
      toast.success(t`Order placed successfully!`);
      navigate(`/venue/${slug}/order-confirmation?orderId=${encodeURIComponent(placed.id)}`);
    } catch (err) {
      if (!guard.handleFailure(err)) toast.error(translate(placementFailureText(err)));
    }
  };

  return {
    addToCart,
    orderNow,
    adding: setCartItem.isPending,
    ordering: quickOrder.isPending,
    activeOrder: guard.active,
    statusPath: guard.statusPath,
  };
}
export type SuggestionOrdering = ReturnType<typeof useSuggestionOrdering>;
