// A tab's line on the staff Tables screen, derived from the table's whole state as GET /api/staff/tables derives
// it, so a `table_updated` frame changes the list without reading it again (docs/decisions/154 and 231).
import type { z } from 'zod';
import type { StaffTableSummary as Summary, TableState, TabShare } from '../../../../shared/schemas/tables';

export type StaffTableSummary = z.infer<typeof Summary>;

/** A share still to collect. */
export const isUnpaidShare = (share: Pick<TabShare, 'payment_status'>) => share.payment_status === 'unpaid';

/** What the table has still to pay of its bill (tips apart): the total less the shares recorded paid. */
export const balanceCents = (tab: { total_cents: number; paid_cents: number }) => tab.total_cents - tab.paid_cents;

/** Open and billing tabs are on the floor. */
export const isOnFloor = (status: TableState['status']) => status === 'open' || status === 'billing';

/** Card payments that failed, were cancelled (still unpaid) or were disputed (docs/product.md §12.9). */
export const cardProblems = (table: Pick<TableState, 'shares'>) =>
  table.shares.filter((s) => s.payment_status !== 'void' && (s.payment_problem === 'disputed' || (s.payment_problem && s.payment_status === 'unpaid')));

/**
 * Over (auto-closed after the venue's idle hours, or ended by staff) with a share still unpaid, or a card payment in
 * trouble: "Needs attention".
 */
export const needsAttention = (table: Pick<TableState, 'status' | 'shares'>) =>
  ((table.status === 'closed' || table.status === 'ended') && table.shares.some(isUnpaidShare)) || cardProblems(table).length > 0;

export function summaryOf(table: TableState): StaffTableSummary {
  return {
    session_id: table.session_id,
    table: table.table,
    status: table.status,
    member_names: table.members.map((m) => m.name),
    rounds: table.rounds.filter((r) => r.status !== 'cancelled').length,
    total_cents: table.tab.total_cents,
    paid_cents: table.tab.paid_cents,
    owed_cents: table.tab.owed_cents,
    unpaid_shares: table.shares.filter(isUnpaidShare).length,
    last_activity_at: table.last_activity_at,
    needs_attention: needsAttention(table),
    card_problems: cardProblems(table).map((s) => ({ share_id: s.id, payer_name: s.payer_name, problem: s.payment_problem!, note: s.payment_problem_note, due_cents: s.due_cents })),
  };
}

/** Whether the staff list shows the tab at all: on the floor, or needing attention. */
export const isListed = (summary: Pick<StaffTableSummary, 'status' | 'needs_attention'>) => isOnFloor(summary.status) || summary.needs_attention;
