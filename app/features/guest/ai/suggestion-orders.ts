// What Add to Cart and Order Now do for an AI suggestion (app/features/guest/ai/useSuggestionOrdering.ts): loaded after
// the first paint, before a card can be tapped, not in the AI pages' first download (docs/decisions/275).
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { t } from '@lingui/core/macro';
import type { AiSuggestion } from '../../../../shared/schemas/ai';
import { formatCents } from '../../../../shared/money';
import { toast } from '../../../ui/toast';
import { ensureGuestSession } from '../../auth/guest-session';
import type { SignInReturn } from '../../auth/sign-in-flow';
import type { useSetCartItem } from '../../orders/api';
import { placementFailureText } from '../../orders/placement';
import { afterPlacing, placeOrder, type IdempotencyKey } from '../../orders/place-order';
import type { useActiveOrderGuard } from '../orders/active-order';
import { rememberOrderNote } from '../orders/ai-order-note';
import { markSuggestionOrdered } from './suggestion-api';
import { translate } from '../../../i18n/i18n';

/** What the page's hook holds for its cards: the guest, the cart's mutation, the active-order guard, the order's key. */
export type OrderingContext = {
  slug: string;
  navigate: NavigateFunction;
  pathname: string;
  signedIn: boolean;
  client: QueryClient;
  guard: ReturnType<typeof useActiveOrderGuard>;
  setCartItem: ReturnType<typeof useSetCartItem>;
  setOrdering: (ordering: boolean) => void;
  idempotencyKey: IdempotencyKey;
};

/**
 * The cart or order line for a suggestion: a menu drink by id, or an AI creation by the suggestion
 * that issued it (the server reads its recipe from there, docs/decisions/190).
 */
function lineOf(s: AiSuggestion) {
  return s.type === 'menu' && s.menuDrinkId
    ? { menu_drink_id: s.menuDrinkId }
    : { is_ai_creation: true, ai_interaction_id: s.interaction_id, ai_recipe_name: s.previewName, name: s.previewName, recipe: s.recipe };
}

export function addToCart({ slug, navigate, pathname, signedIn, guard, setCartItem }: OrderingContext, s: AiSuggestion) {
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
}

/** Places the order; screens call it only once the guest confirmed the total (OrderNowDialog). */
export async function orderNow({ slug, navigate, client, guard, setOrdering, idempotencyKey }: OrderingContext, s: AiSuggestion) {
  try {
    await ensureGuestSession(slug);
  } catch (err) {
    toast.error(translate(placementFailureText(err)));
    return;
  }
  setOrdering(true);
  let placed: Awaited<ReturnType<typeof placeOrder<'/orders/quick'>>> | undefined;
  let failure: unknown = null;
  try {
    placed = await placeOrder('/orders/quick', {
      slug, item: { ...lineOf(s), quantity: 1 }, referred_by_ai: true, ai_recipe_name: s.previewName,
      // What the guest told the bartender reaches the ticket (docs/decisions/189).
      special_instructions: s.order_note ?? undefined,
    }, idempotencyKey);
  } catch (err) {
    failure = err;
  }
  afterPlacing(client, '/orders/quick', slug, placed, failure, idempotencyKey);
  setOrdering(false);
  if (!placed) {
    if (!guard.handleFailure(failure)) toast.error(translate(placementFailureText(failure)));
    return;
  }
  // The order stands either way; the mark only feeds the AI numbers.
  markSuggestionOrdered(s.interaction_id, placed.id).catch((err: unknown) => console.error('Marking the AI suggestion ordered failed', err));
  toast.success(t`Order placed successfully!`);
  navigate(`/venue/${slug}/order-confirmation?orderId=${encodeURIComponent(placed.id)}`);
}
