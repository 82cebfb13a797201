// Placing a guest's order (checkout, quick order, the category page's one tap): its own module, so the pages that
// only read orders do not download it (docs/decisions/268).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { newId } from '../../../shared/ids';
import { ApiRequestError, apiRequest, type ApiBody } from '../../lib/api-client';
import { whenIdle } from '../../ui/lazy-after-paint';
import { cartKeys, orderKeys } from './api';
import { withTable } from './table-number';

/**
 * What writes a placement's answer into the cache (with the live cache's writers): fetched when the browser is idle
 * after the page's start, not in the page's first download (docs/decisions/268).
 */
const loadCacheWriter = () => import('./placement-cache');
whenIdle(() => { void loadCacheWriter().catch(() => undefined); });

/**
 * One Idempotency-Key per user action: kept while the attempt may have reached the server without
 * an answer (network error, timeout), so a retry cannot place a second order; renewed after an answer.
 */
function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  return {
    take: () => (key.current ??= newId(24)),
    settle: (err: unknown) => { if (!err || err instanceof ApiRequestError) key.current = null; },
  };
}

type PlacementPath = '/cart/checkout' | '/orders/quick' | '/orders';

function usePlaceOrder<P extends PlacementPath>(path: P, slugOf: (vars: ApiBody<'POST', P>) => string) {
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (vars: ApiBody<'POST', P>) => apiRequest<'POST', PlacementPath>('POST', path, {
      // Each placement route takes the table the guest scanned (docs/product.md §12).
      body: withTable(vars as object) as ApiBody<'POST', PlacementPath>, credentials: 'guest',
      headers: { 'Idempotency-Key': idempotency.take() },
    }),
    onSettled: async (placed, err, vars) => {
      idempotency.settle(err);
      const slug = slugOf(vars);
      try {
        (await loadCacheWriter()).afterPlacement(client, slug, placed, path === '/cart/checkout');
      } catch {
        // The writer did not load (the guest went offline): the orders and the cart are read again when back.
        void client.invalidateQueries({ queryKey: orderKeys.all });
        void client.invalidateQueries({ queryKey: cartKeys.one(slug) });
      }
    },
  });
}

/**
 * What a guest reads when an order could not be placed: the server's own words when they can act on them (a venue
 * taking no more first orders from new devices asks them to sign in, docs/decisions/167; one that takes payment first
 * sends them to the cart, docs/decisions/241), else a retry hint.
 */
export const placementFailureText = (err: unknown) =>
  (err instanceof ApiRequestError && (err.status === 429 || err.code === PAY_FIRST_CODE) ? err.message : /*i18n*/ 'Failed to place order. Please try again.');

/** A venue that takes payment first refuses a quick order: the guest orders from the cart (docs/decisions/241). */
const PAY_FIRST_CODE = 'pay_first';

/** Checkout of the cart (the cart is emptied by the server). */
export const useCheckout = () => usePlaceOrder('/cart/checkout', (v) => v.slug);

/** Quick order without sign-in: one drink, quantity 1. */
export const useQuickOrder = () => usePlaceOrder('/orders/quick', (v) => v.slug);

/** POST /orders: the venue's slug + items, or the category page's direct form. */
export const useCreateOrder = () => usePlaceOrder('/orders', (v) => v.slug);
