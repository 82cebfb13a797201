// Sending a guest's placement and writing its answer into the cache (app/features/orders/placement.ts): no page's
// first download carries it; it is fetched when the browser is idle after the page's start, or at the tap
// (docs/decisions/275).
import type { QueryClient } from '@tanstack/react-query';
import { newId } from '../../../shared/ids';
import { ApiRequestError, apiRequest, type ApiBody } from '../../lib/api-client';
import { afterPlacement } from './placement-cache';
import { withTable } from './table-number';

export type PlacementPath = '/cart/checkout' | '/orders/quick' | '/orders';
/** The Idempotency-Key of one user action, kept by the page's hook across the action's attempts. */
export type IdempotencyKey = { current: string | null };

/**
 * One Idempotency-Key per user action: kept while the attempt may have reached the server without an answer (network
 * error, timeout), so a retry cannot place a second order; renewed after an answer.
 */
export const placeOrder = <P extends PlacementPath>(path: P, vars: ApiBody<'POST', P>, key: IdempotencyKey) =>
  apiRequest<'POST', PlacementPath>('POST', path, {
    // Each placement route takes the table the guest scanned (docs/product.md §12).
    body: withTable(vars as object) as ApiBody<'POST', PlacementPath>, credentials: 'guest',
    headers: { 'Idempotency-Key': (key.current ??= newId(24)) },
  });

export function afterPlacing(client: QueryClient, path: PlacementPath, slug: string, placed: Parameters<typeof afterPlacement>[2], err: unknown, key: IdempotencyKey) {
  if (!err || err instanceof ApiRequestError) key.current = null;
  afterPlacement(client, slug, placed, path === '/cart/checkout');
}
