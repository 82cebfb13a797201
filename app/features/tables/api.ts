// Query hooks of a guest at a table (docs/decisions/231, routes in the API reference at /api/reference). Every write answers
// the whole table, written into the cache (table-cache.ts) as the live frames are: nothing is read again.
// Types only: guest replies are typed, not zod-checked (bundle budget, docs/decisions/219).
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { z } from 'zod';
import { newId } from '../../../shared/ids';
import type {
  ClaimInput, JoinPendingResponse, JoinTableInput, OpenTableInput, TableLineUpdate, TableSettingsInput, TakeShareInput,
} from '../../../shared/schemas/tables';
import { ApiRequestError, apiRequest } from '../../lib/api-client';

import { tableKeys, writeTable, type TableView } from './table-cache';
import { forgetMemberSession, setMemberSession } from './member-store';

export { tableKeys, type TableView };

/** Codes of the table routes the screens answer to (the API reference at /api/reference). */
export const TABLE_ERRORS = {
  tableNotFound: 'table_not_found',
  tableTokenRequired: 'table_token_required',
  joinCodeRequired: 'join_code_required',
  joinCodeWrong: 'join_code_wrong',
  sessionNotFound: 'table_session_not_found',
  notAMember: 'not_a_member',
  lineClaimed: 'line_claimed',
  roundActive: 'round_active',
  holdExceeded: 'hold_exceeded',
  joinPending: 'join_pending',
  joinDeclined: 'join_declined',
} as const;

export const isApiError = (err: unknown, code: string): err is ApiRequestError => err instanceof ApiRequestError && err.code === code;

export const tableQueries = {
  /** Before joining: is the table real, is a tab open at it, does a scan join it. */
  lookup: (slug: string, table: string, proof: { token?: string | null; code?: string | null }) => queryOptions({
    queryKey: [...tableKeys.lookup(slug, table), proof.token ?? '', proof.code ?? ''],
    // A table the venue does not have is an answer to show at once, not a failure to retry.
    retry: false,
    staleTime: 0,
    queryFn: () => apiRequest('GET', '/venues/:slug/tables/:number', { params: { slug, number: table }, query: { t: proof.token, code: proof.code }, credentials: 'guest' }),
  }),
};

/**
 * After opening or joining: this device's session at the venue, its table in the cache. A joiner the host has not
 * let in yet (202, docs/decisions/237) has no table to keep.
 */
export function adopt(client: QueryClient, slug: string, view: TableView | JoinPendingResponse) {
  if ('pending' in view) return;
  writeTable(client, view.table, view.you);
  setMemberSession(slug, view.table.session_id);
}

export function useOpenTable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof OpenTableInput>) => apiRequest('POST', '/tables/sessions', { credentials: 'guest', body: input }),
    onSuccess: (view, input) => adopt(client, input.slug, view),
  });
}

export function useJoinTableByCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof JoinTableInput>) => apiRequest('POST', '/tables/sessions/join', { credentials: 'guest', body: input }),
    onSuccess: (view, input) => adopt(client, input.slug, view),
  });
}

/** A write of the member's table: its answer (the whole table) goes into the cache. */
function useTableWrite<V, A extends TableView>(sessionId: string, send: (vars: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (view) => writeTable(client, view.table, view.you),
    onError: (err) => {
      // Someone else changed the table first (a line gone, a claim taken): show the table as it is now.
      if (err instanceof ApiRequestError && (err.status === 404 || err.status === 409)) {
        void client.invalidateQueries({ queryKey: tableKeys.session(sessionId) });
      }
    },
  });
}

export function useTableSettings(sessionId: string) {
  return useTableWrite(sessionId, (input: z.input<typeof TableSettingsInput>) =>
    apiRequest('PATCH', '/tables/sessions/:id', { credentials: 'guest', params: { id: sessionId }, body: input }));
}

/** The host lets a waiting joiner in, or declines them (docs/decisions/237). */
export const useAnswerJoin = (sessionId: string) => useTableWrite(sessionId, ({ memberId, letIn }: { memberId: string; letIn: boolean }) =>
  apiRequest('POST', '/tables/sessions/:id/join-requests/:memberId', { credentials: 'guest', params: { id: sessionId, memberId }, body: { let_in: letIn } }));

/** Leave (your own member id) or, for the host, remove someone. Leaving forgets the table on this device. */
export function useRemoveMember(slug: string, sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId }: { memberId: string; leaving: boolean }) =>
      apiRequest('DELETE', '/tables/sessions/:id/members/:memberId', { credentials: 'guest', params: { id: sessionId, memberId } }),
    onSuccess: (view, { leaving }) => {
      if (!leaving) { writeTable(client, view.table, view.you); return; }
      forgetMemberSession(slug, sessionId);
      client.setQueryData(tableKeys.session(sessionId), null);
    },
  });
}

export const useUpdateTableLine = (sessionId: string) => useTableWrite(sessionId, ({ lineId, ...change }: z.input<typeof TableLineUpdate> & { lineId: string }) =>
  apiRequest('PATCH', '/tables/sessions/:id/lines/:lineId', { credentials: 'guest', params: { id: sessionId, lineId }, body: change }));

export const useRemoveTableLine = (sessionId: string) => useTableWrite(sessionId, (lineId: string) =>
  apiRequest('DELETE', '/tables/sessions/:id/lines/:lineId', { credentials: 'guest', params: { id: sessionId, lineId } }));

/**
 * Sends the cart as one round. One Idempotency-Key per press, kept while the attempt may have reached the
 * server without an answer, so a retry never sends the round twice (as checkout does, docs/decisions/126).
 */
export function useSendRound(sessionId: string) {
  const key = useRef<string | null>(null);
  return useTableWrite(sessionId, async (input: { special_instructions?: string }) => {
    key.current ??= newId(24);
    try {
      const answer = await apiRequest('POST', '/tables/sessions/:id/rounds', {
        params: { id: sessionId }, body: input, headers: { 'Idempotency-Key': key.current }, credentials: 'guest',
      });
      key.current = null;
      return answer;
    } catch (err) {
      if (err instanceof ApiRequestError) key.current = null;
      throw err;
    }
  });
}

/** The host closes the tab to billing: no more rounds, the split starts. */
export const useStartBilling = (sessionId: string) => useTableWrite(sessionId, () =>
  apiRequest('POST', '/tables/sessions/:id/bill', { credentials: 'guest', params: { id: sessionId } }));

export const useClaimLine = (sessionId: string) => useTableWrite(sessionId, (input: z.input<typeof ClaimInput>) =>
  apiRequest('POST', '/tables/sessions/:id/claims', { credentials: 'guest', params: { id: sessionId }, body: input }));

export const useReleaseClaim = (sessionId: string) => useTableWrite(sessionId, (orderItemId: number) =>
  apiRequest('DELETE', '/tables/sessions/:id/claims/:orderItemId', { credentials: 'guest', params: { id: sessionId, orderItemId: String(orderItemId) } }));

export const useTakeShare = (sessionId: string) => useTableWrite(sessionId, (input: z.input<typeof TakeShareInput>) =>
  apiRequest('POST', '/tables/sessions/:id/shares', { credentials: 'guest', params: { id: sessionId }, body: input }));

export const useDropShare = (sessionId: string) => useTableWrite(sessionId, (shareId: string) =>
  apiRequest('DELETE', '/tables/sessions/:id/shares/:shareId', { credentials: 'guest', params: { id: sessionId, shareId } }));

/** The AI bartender proposes a drink per member for the table's cart (docs/decisions/231). */
export const useAiRound = (sessionId: string) => useTableWrite(sessionId, () =>
  apiRequest('POST', '/tables/sessions/:id/ai-round', { credentials: 'guest', params: { id: sessionId } }));

/**
 * Whether the venue takes cards in the app (docs/product.md §12.9): without a payment account the guest pays at
 * the bar. Read once per tab; a venue does not gain or lose its account during a night.
 */
export const cardStatusQuery = (sessionId: string) => queryOptions({
  queryKey: [...tableKeys.session(sessionId), 'card'] as const,
  staleTime: 5 * 60_000,
  queryFn: () => apiRequest('GET', '/tables/sessions/:id/card', { credentials: 'guest', params: { id: sessionId } }),
});

/** Starts (or, after a reload, goes on with) the card payment of the payer's own share: what Stripe.js needs. */
export const startCardPayment = (sessionId: string, shareId: string) =>
  apiRequest('POST', '/tables/sessions/:id/shares/:shareId/card', { credentials: 'guest', params: { id: sessionId, shareId } });

/** After Stripe.js confirmed: the Worker asks Stripe how the payment stands (the browser's word captures nothing). */
export const checkCardPayment = (sessionId: string, shareId: string) =>
  apiRequest('POST', '/tables/sessions/:id/shares/:shareId/card/check', { credentials: 'guest', params: { id: sessionId, shareId } });

/** Puts a new card hold on the tab (the venue's hold amount, docs/decisions/222): what Stripe.js needs, and the hold's id. */
export const startCardHold = (sessionId: string) =>
  apiRequest('POST', '/tables/sessions/:id/holds', { credentials: 'guest', params: { id: sessionId } });

/** After Stripe.js confirmed a hold: the Worker asks Stripe whether it is authorised (the browser's word authorises nothing). */
export const checkCardHold = (sessionId: string, holdId: string) =>
  apiRequest('POST', '/tables/sessions/:id/holds/check', { credentials: 'guest', params: { id: sessionId }, body: { hold_id: holdId } });

/** What a tab's authorised card holds cover (docs/product.md §12.9): 0 while the tab is not on a card. */
export const authorizedHoldCents = (holds: readonly { status: string; amount_cents: number }[]) =>
  holds.filter((h) => h.status === 'authorized').reduce((sum, h) => sum + h.amount_cents, 0);

/** The hold screen, a document of its own (its Content-Security-Policy allows Stripe, docs/decisions/222). */
export const holdScreenPath = (slug: string) => `/venue/${slug}/table/hold`;
