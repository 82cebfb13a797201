// Canned tables for the guest's table screens' tests, in the wire shapes of shared/schemas/tables.ts.
import type { TabClaim, TabLine, TabRound, TabShare, TableCartLine, TableMember, TableState } from '../../shared/schemas/tables';
import { VENUE } from './guest-fixtures';

export const SESSION_ID = 'tsess-000000000000001';
export const ANA: TableMember = { id: 'm-ana', name: 'Ana', is_host: true, joined_at: '2026-11-26T19:00:00.000Z' };
export const BEN: TableMember = { id: 'm-ben', name: 'Ben', is_host: false, joined_at: '2026-11-26T19:01:00.000Z' };
export const CAL: TableMember = { id: 'm-cal', name: 'Cal', is_host: false, joined_at: '2026-11-26T19:02:00.000Z' };

export function cartLine(id: string, member: TableMember, name: string, priceCents: number, qty: number, extra: Partial<TableCartLine> = {}): TableCartLine {
  return {
    id, member_id: member.id, member_name: member.name, menu_drink_id: `d-${name.toLowerCase().replace(/\W+/g, '-')}`, name, qty,
    price_cents: priceCents, line_total_cents: priceCents * qty, notes: null, modifier_choices: [], is_ai_creation: false, recipe: null, allergens: [],
    contains_alcohol: true, available: true, version: 1, ...extra,
  };
}

export function tabLine(orderItemId: number, member: TableMember, name: string, unitCents: number, quantity: number, extra: Partial<TabLine> = {}): TabLine {
  return {
    order_item_id: orderItemId, member_id: member.id, member_name: member.name, name, quantity, unit_price_cents: unitCents,
    line_total_cents: unitCents * quantity, voided: false, void_reason: null, claimed_by_member_id: null, claimed_by_name: null, claims: [], ...extra,
  };
}

/** A member's claim of `units` of a tab line, costing `cents` (not yet in a share unless `shareId`). */
export const claimOf = (member: TableMember, units: number, cents: number, shareId: string | null = null): TabClaim =>
  ({ member_id: member.id, name: member.name, units, cents, share_id: shareId });

export function round(number: number, status: TabRound['status'], lines: TabLine[], taxRateBp = 875): TabRound {
  const subtotal = lines.filter((l) => !l.voided).reduce((n, l) => n + l.line_total_cents, 0);
  const tax = Math.round((subtotal * taxRateBp) / 10_000);
  return {
    order_id: `order-round-${number}`, number, status, created_at: '2026-11-26T19:10:00.000Z',
    subtotal_cents: subtotal, tax_cents: tax, total_cents: subtotal + tax, lines,
  };
}

export function share(id: string, payer: TableMember, amountCents: number, subtotalCents: number, tipCents: number, extra: Partial<TabShare> = {}): TabShare {
  return {
    id, payer_member_id: payer.id, payer_name: payer.name, kind: 'even', amount_cents: amountCents, subtotal_cents: subtotalCents,
    tip_cents: tipCents, due_cents: amountCents + tipCents, payment_status: 'unpaid', method: null, recorded_by_name: null,
    captured_at: null, created_at: '2026-11-26T21:00:00.000Z', refunded_cents: 0, payment_problem: null, payment_problem_note: null, ...extra,
  };
}

/** A table in the shape every route answers, its cart and tab sums made from its lines and rounds. */
export function tableState({ cartLines: lines = [], ...extra }: Partial<Omit<TableState, 'cart'>> & { cartLines?: TableCartLine[] } = {}): TableState {
  const cartSubtotal = lines.reduce((n, l) => n + l.line_total_cents, 0);
  const cartTax = Math.round((cartSubtotal * 875) / 10_000);
  const rounds = extra.rounds ?? [];
  const subtotal = rounds.filter((r) => r.status !== 'cancelled').reduce((n, r) => n + r.subtotal_cents, 0);
  const tax = rounds.filter((r) => r.status !== 'cancelled').reduce((n, r) => n + r.tax_cents, 0);
  const shares = extra.shares ?? [];
  const shared = shares.filter((s) => s.payment_status !== 'void').reduce((n, s) => n + s.amount_cents, 0);
  return {
    session_id: SESSION_ID, venue_id: VENUE.id, table: '7', status: 'open', join_code: 'K7QP', members_can_send: false, approve_joins: false, join_requests: [],
    host_member_id: ANA.id, opened_at: '2026-11-26T19:00:00.000Z', last_activity_at: '2026-11-26T19:05:00.000Z',
    closed_at: null, closed_reason: null, version: 1, members: [ANA, BEN],
    active_round_id: null, tip_presets_bp: [1500, 1800, 2000],
    ...extra,
    cart: { lines, subtotal_cents: cartSubtotal, tax_cents: cartTax, total_cents: cartSubtotal + cartTax },
    rounds,
    shares,
    tab: extra.tab ?? {
      subtotal_cents: subtotal, tax_cents: tax, service_charge_bp: 0, service_charge_cents: 0, total_cents: subtotal + tax,
      shared_cents: shared, owed_cents: subtotal + tax - shared,
      paid_cents: shares.filter((s) => s.payment_status === 'captured').reduce((n, s) => n + s.amount_cents, 0),
      tips_cents: shares.reduce((n, s) => n + s.tip_cents, 0),
      received_cents: shares.filter((s) => s.payment_status === 'captured').reduce((n, s) => n + s.due_cents, 0),
      unpaid_cents: subtotal + tax - shares.filter((s) => s.payment_status === 'captured').reduce((n, s) => n + s.amount_cents, 0),
    },
  };
}

export const view = (table: TableState, you: string | null) => ({ table, you });
