// TanStack Query hooks of the staff Tables screen (docs/decisions/231): the venue's open tabs, one tab's whole
// state, and the bartender's actions on it. Every action answers the table's new state, which is written into
// the cache as a `table_updated` frame would be (table-cache.ts): nothing is read again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  StaffTablesResponse, TableStateResponse,
  type EndSessionInput, type MergeTabInput, type MoveTabInput, type RecordPaymentInput, type VoidLineInput,
} from '../../../../shared/schemas/tables';
import { RefundResponse, type RefundInput } from '../../../../shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';
import { dropFromList, writeTable } from './table-cache';

const STAFF = { schemaLabel: 'staffApi' } as const;

export type StaffTables = z.infer<typeof StaffTablesResponse>;

export const tableKeys = {
  all: ['tables'] as const,
  /** ['tables', 'staff']: the list (table-cache.ts writes frames into it). */
  staffList: ['tables', 'staff'] as const,
  /** ['tables', 'staff-session', id]: one tab as staff read it. */
  session: (id: string) => ['tables', 'staff-session', id] as const,
};

export const staffTableQueries = {
  list: () => queryOptions({
    queryKey: tableKeys.staffList,
    queryFn: () => apiRequest('GET', '/staff/tables', { ...STAFF, schema: StaffTablesResponse }),
  }),
  session: (id: string) => queryOptions({
    queryKey: tableKeys.session(id),
    queryFn: async () => (await apiRequest('GET', '/tables/sessions/:id', { params: { id }, ...STAFF, schema: TableStateResponse })).table,
  }),
};

/** Polls only while the live socket is down (as the bar queue does). */
type Poll = { pollMs?: number | false };

export const useStaffTables = ({ pollMs = false }: Poll = {}) => useQuery({ ...staffTableQueries.list(), refetchInterval: pollMs });

export const useStaffTable = (id: string | null, { pollMs = false }: Poll = {}) =>
  useQuery({ ...staffTableQueries.session(id ?? ''), enabled: id !== null, refetchInterval: pollMs });

/** An action on one tab: its answer is the table as it now is; a refusal reads the list and the tab again. */
function useTableAction<V>(send: (vars: V) => Promise<z.infer<typeof TableStateResponse>>, after?: (vars: V) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ table }, vars) => {
      writeTable(client, table);
      after?.(vars);
    },
    onError: () => client.invalidateQueries({ queryKey: tableKeys.all }),
  });
}

type OnTab = { sessionId: string };

/** Staff let a guest waiting to join in, or decline them, as the host can (docs/decisions/237). */
export const useAnswerJoinRequest = () => useTableAction(({ sessionId, memberId, letIn }: OnTab & { memberId: string; letIn: boolean }) =>
  apiRequest('POST', '/tables/sessions/:id/join-requests/:memberId', { params: { id: sessionId, memberId }, body: { let_in: letIn }, ...STAFF, schema: TableStateResponse }));

export const useRecordPayment = () => useTableAction(({ sessionId, shareId, body }: OnTab & { shareId: string; body: z.input<typeof RecordPaymentInput> }) =>
  apiRequest('POST', '/staff/tables/sessions/:id/shares/:shareId/payment', { params: { id: sessionId, shareId }, body, ...STAFF, schema: TableStateResponse }));

export const useMoveTab = () => useTableAction(({ sessionId, body }: OnTab & { body: z.input<typeof MoveTabInput> }) =>
  apiRequest('POST', '/staff/tables/sessions/:id/move', { params: { id: sessionId }, body, ...STAFF, schema: TableStateResponse }));

/** The answer is the target's state; the merged tab leaves the list at once (its own frame may come later). */
export function useMergeTab() {
  const client = useQueryClient();
  return useTableAction(
    ({ sessionId, body }: OnTab & { body: z.input<typeof MergeTabInput> }) =>
      apiRequest('POST', '/staff/tables/sessions/:id/merge', { params: { id: sessionId }, body, ...STAFF, schema: TableStateResponse }),
    ({ sessionId }) => {
      dropFromList(client, sessionId);
      void client.invalidateQueries({ queryKey: tableKeys.session(sessionId), exact: true });
    },
  );
}

export const useVoidLine = () => useTableAction(({ sessionId, orderItemId, body }: OnTab & { orderItemId: number; body: z.input<typeof VoidLineInput> }) =>
  apiRequest('POST', '/staff/tables/sessions/:id/lines/:orderItemId/void', { params: { id: sessionId, orderItemId: String(orderItemId) }, body, ...STAFF, schema: TableStateResponse }));

export const useEndSession = () => useTableAction(({ sessionId, body }: OnTab & { body: z.input<typeof EndSessionInput> }) =>
  apiRequest('POST', '/staff/tables/sessions/:id/end', { params: { id: sessionId }, body, ...STAFF, schema: TableStateResponse }));

/**
 * An admin refunds a share paid by card in the app, whole or in part, with a reason (docs/decisions/222). The
 * answer is the share's new figures; the tab itself comes back by its live frame, and is read again here too.
 */
export function useRefundShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, body }: { sessionId: string; shareId: string; body: z.input<typeof RefundInput> }) =>
      apiRequest('POST', '/admin/payments/shares/:shareId/refunds', { params: { shareId }, body, ...STAFF, schema: RefundResponse }),
    onSettled: (_answer, _err, { sessionId }) => client.invalidateQueries({ queryKey: tableKeys.session(sessionId) }),
  });
}
