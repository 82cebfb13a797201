// Tables and tabs as the Worker answers them (shared/schemas/tables.ts), for the staff and admin screens' tests.
import type { z } from 'zod';
import type { StaffTablesResponse, TableState, TabShare } from '../../shared/schemas/tables';

const AT = '2026-11-26T19:00:00.000Z';

export const share = (over: Partial<TabShare> = {}): TabShare => ({
  id: 'sh-1', payer_member_id: 'm-1', payer_name: 'Alex', kind: 'even', amount_cents: 2000, subtotal_cents: 1800, tip_cents: 300,
  due_cents: 2300, payment_status: 'unpaid', method: null, recorded_by_name: null, captured_at: null, created_at: AT, refunded_cents: 0, payment_problem: null, payment_problem_note: null, ...over,
});

/** Table 7: Alex (host) and Sam, one delivered round of two lines, billing with Alex's share unpaid. */
export const tableState = (over: Partial<TableState> = {}): TableState => ({
  session_id: 'ts-7', venue_id: 'v1', table: '7', status: 'billing', join_code: 'K7QX', members_can_send: false, approve_joins: false, join_requests: [], host_member_id: 'm-1',
  opened_at: AT, last_activity_at: AT, closed_at: null, closed_reason: null, version: 5,
  members: [
    { id: 'm-1', name: 'Alex', is_host: true, joined_at: AT },
    { id: 'm-2', name: 'Sam', is_host: false, joined_at: AT },
  ],
  cart: { lines: [], subtotal_cents: 0, tax_cents: 0, total_cents: 0 },
  active_round_id: null,
  rounds: [{
    order_id: 'o-1', number: 1, status: 'delivered', created_at: AT, subtotal_cents: 3600, tax_cents: 315, total_cents: 3915,
    lines: [
      { order_item_id: 11, member_id: 'm-1', member_name: 'Alex', name: 'Negroni', quantity: 1, unit_price_cents: 1800, line_total_cents: 1800, voided: false, void_reason: null, claimed_by_member_id: null, claimed_by_name: null, claims: [] },
      { order_item_id: 12, member_id: 'm-2', member_name: 'Sam', name: 'Paloma', quantity: 1, unit_price_cents: 1800, line_total_cents: 1800, voided: false, void_reason: null, claimed_by_member_id: null, claimed_by_name: null, claims: [] },
    ],
  }],
  tab: {
    subtotal_cents: 3600, tax_cents: 315, service_charge_bp: 0, service_charge_cents: 0, total_cents: 3915,
    shared_cents: 2000, owed_cents: 1915, paid_cents: 0, tips_cents: 300, received_cents: 0, unpaid_cents: 3915,
  },
  shares: [share()],
  tip_presets_bp: [1500, 1800, 2000],
  ...over,
});

export type StaffTables = z.infer<typeof StaffTablesResponse>;

export const staffTables = (over: Partial<StaffTables> = {}): StaffTables => ({
  tables: Array.from({ length: 12 }, (_, i) => ({ number: String(i + 1), name: null, token: `token-${i + 1}`, join_path: `/venue/artisan-bar?table=${i + 1}&t=token-${i + 1}` })),
  sessions: [
    {
      session_id: 'ts-7', table: '7', status: 'billing', member_names: ['Alex', 'Sam'], rounds: 1, total_cents: 3915, paid_cents: 0,
      owed_cents: 1915, unpaid_shares: 1, last_activity_at: AT, needs_attention: false, card_problems: [],
    },
    {
      session_id: 'ts-3', table: '3', status: 'open', member_names: ['Jo'], rounds: 0, total_cents: 0, paid_cents: 0,
      owed_cents: 0, unpaid_shares: 0, last_activity_at: AT, needs_attention: false, card_problems: [],
    },
    {
      session_id: 'ts-9', table: '9', status: 'closed', member_names: ['Kim', 'Lee'], rounds: 2, total_cents: 5200, paid_cents: 2600,
      owed_cents: 0, unpaid_shares: 1, last_activity_at: AT, needs_attention: true, card_problems: [],
    },
  ],
  ...over,
});
