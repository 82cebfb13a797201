// A tab's line on the staff Tables screen, derived from the table's whole state, so a `table_updated` frame
// changes the list without reading it again (docs/decisions/131, 170).
import type { z } from 'zod';
import type { StaffTableSummary as Summary, TableState, TabShare } from '../../../../shared/schemas/tables';

export type StaffTableSummary = z.infer<typeof Summary>;

/** A share still to collect: neither captured nor refunded nor void. */
export const isUnpaidShare = (share: TabShare) => share.payment_status === 'unpaid' || share.payment_status === 'authorized';

/** What the table still has to pay: the unpaid shares (with their tips) and what no share covers yet. */
export const balanceCents = (table: TableState) =>
  table.tab.owed_cents + table.shares.filter(isUnpaidShare).reduce((sum, s) => sum + s.due_cents, 0);

/** Open and billing tabs are on the floor; a tab that ended without being paid in full needs a bartender. */
export const isOnFloor = (status: TableState['status']) => status === 'open' || status === 'billing';

/** Auto-closed after the venue's idle hours with money still owed (docs/decisions/170 "Idle tabs"). */
export const needsAttention = (table: TableState) => table.closed_reason === 'auto_closed' && balanceCents(table) > 0;

export function summaryOf(table: TableState): StaffTableSummary {
  return {
    session_id: table.session_id,
    table: table.table,
    status: table.status,
    member_names: table.members.map((m) => m.name),
    rounds: table.rounds.filter((r) => r.status !== 'cancelled').length,
    total_cents: table.tab.total_cents,
    paid_cents: table.tab.paid_cents,
    owed_cents: balanceCents(table),
    unpaid_shares: table.shares.filter(isUnpaidShare).length,
    last_activity_at: table.last_activity_at,
    needs_attention: needsAttention(table),
  };
}

/** Whether the staff list shows the tab at all: on the floor, or needing attention. */
export const isListed = (summary: Pick<StaffTableSummary, 'status' | 'needs_attention'>) => isOnFloor(summary.status) || summary.needs_attention;
