// Placing a guest's order (checkout, quick order, the category page's one tap): the pages' hooks. What sends it and
// writes its answer into the cache is app/features/orders/place-order.ts, fetched after the page's first paint
// (docs/decisions/268 and 275).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiRequestError, type ApiBody } from '../../lib/api-client';
import { whenIdle } from '../../ui/lazy-after-paint';
import type { PlacementPath } from './place-order';

const loadPlacer = () => import('./place-order');
whenIdle(() => { void loadPlacer().catch(() => undefined); });

function usePlaceOrder<P extends PlacementPath>(path: P, slugOf: (vars: ApiBody<'POST', P>) => string) {
  const client = useQueryClient();
  const idempotencyKey = useRef<string | null>(null);
  return useMutation({
    // A placer that does not load (the guest went offline) fails the placement before anything is sent.
    mutationFn: async (vars: ApiBody<'POST', P>) => (await loadPlacer()).placeOrder(path, vars, idempotencyKey),
    // Nothing to write when the placer never loaded: nothing was sent.
    onSettled: async (placed, err, vars) => {
      (await loadPlacer().catch(() => null))?.afterPlacing(client, path, slugOf(vars), placed, err, idempotencyKey);
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
