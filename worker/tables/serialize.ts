// A table's rows → TableState (shared/schemas/tables.ts), the one answer every member, staff reader and
// `table_updated` frame gets. Money is computed by shared/tab-split.ts from the stored rounds and shares.
import { AI_CREATION_PRICE_CENTS } from '../../shared/constants';
import { orderTotals } from '../../shared/money';
import { resolveModifiers } from '../../shared/modifiers';
import { withModifierFacts } from '../../shared/drink-facts';
import { isActiveStatus, isMakingStatus } from '../../shared/orders';
import { pricingAt, scheduledPriceCents } from '../../shared/happy-hour';
import type { TableState, TabRound, TabShare } from '../../shared/schemas/tables';
import { billOf, roundMoney, tabTotals, unitClaimsCents, type Bill, type RecordedShare, type ShareMoney, type TabRoundMoney } from '../../shared/tab-split';
import { pendingMembers, presentMembers, type ClaimRow, type ShareRow, type TableRows } from './queries';

/** The stored rounds as the money module reads them. */
export function roundsMoney(rows: Pick<TableRows, 'rounds' | 'roundLines'>): TabRoundMoney[] {
  return rows.rounds.map((round) => ({
    cancelled: round.status === 'cancelled',
    taxRateBp: round.taxRateBp,
    lines: rows.roundLines.filter((line) => line.orderId === round.id).map((line) => ({ lineTotalCents: line.lineTotalCents, voided: line.voidedAt !== null })),
  }));
}

export const tableBill = (rows: Pick<TableRows, 'rounds' | 'roundLines' | 'venue'>): Bill => billOf(roundsMoney(rows), rows.venue.serviceChargeBp);

/** An even share's split on the wire (TabShare.split); null for any other share. */
function shareSplit(row: ShareRow): TabShare['split'] {
  const split = shareMoney(row).split;
  return split ? { plan: split.plan, count: split.count, base_cents: split.baseCents, index: split.index } : null;
}

export function shareMoney(row: ShareRow): ShareMoney {
  return {
    kind: row.kind, amountCents: row.amountCents, subtotalCents: row.subtotalCents, tipCents: row.tipCents,
    split: row.splitPlan !== null && row.splitCount !== null && row.splitBaseCents !== null && row.splitIndex !== null
      ? { plan: row.splitPlan, count: row.splitCount, baseCents: row.splitBaseCents, index: row.splitIndex } : null,
  };
}

/** A line's claims in the order they were made, each with what its units cost (docs/decisions/239). */
export function lineClaims(rows: Pick<TableRows, 'claims'>, line: { id: number; lineTotalCents: number; quantity: number }): (ClaimRow & { cents: number })[] {
  const claims = rows.claims.filter((c) => c.orderItemId === line.id)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.memberId.localeCompare(b.memberId));
  const cents = unitClaimsCents(line.lineTotalCents, line.quantity, claims);
  return claims.map((claim, i) => ({ ...claim, cents: cents[i]! }));
}

/** The shares that count (every status but void). */
export const liveShares = (rows: Pick<TableRows, 'shares'>) => rows.shares.filter((s) => s.paymentStatus !== 'void');

export const recordedShares = (rows: Pick<TableRows, 'shares'>): RecordedShare[] =>
  rows.shares.map((row) => ({ ...shareMoney(row), paymentStatus: row.paymentStatus }));

/**
 * The round the bar is making (pending or preparing): one at most, the index orders_one_round_making_uq. Once it is
 * Ready the table may send the next (docs/decisions/231).
 */
export const roundInMaking = (rows: Pick<TableRows, 'rounds'>) => rows.rounds.find((r) => isMakingStatus(r.status)) ?? null;

/** A round not yet handed over (making or Ready): the bill waits for it. */
export const unservedRound = (rows: Pick<TableRows, 'rounds'>) => rows.rounds.find((r) => isActiveStatus(r.status)) ?? null;

export function toTableState(rows: TableRows): TableState {
  const { session, venue } = rows;
  const nameOf = new Map(rows.members.map((m) => [m.id, m.name]));

  const happyHour = pricingAt({ timezone: venue.timezone, happyHours: venue.happyHours }, new Date());
  const lines = rows.cart.map(({ line, drink }) => {
    // The options as the drink offers them now (docs/decisions/197); one it no longer offers makes the line unavailable.
    const resolved = resolveModifiers(drink?.name ?? '', drink?.modifierGroups ?? [], line.modifiers ?? []);
    const options = resolved.ok ? resolved.options.map((o) => o.option) : [];
    const facts = line.isAiCreation ? rows.creationFacts.get(line.id)
      : drink ? withModifierFacts({ allergens: drink.allergens, containsAlcohol: drink.containsAlcohol }, options) : undefined;
    const priceCents = line.isAiCreation ? AI_CREATION_PRICE_CENTS : (drink ? scheduledPriceCents(drink.priceCents, drink.category, happyHour) : 0) + (resolved.ok ? resolved.priceDeltaCents : 0);
    return {
      id: line.id,
      member_id: line.memberId,
      member_name: nameOf.get(line.memberId) ?? 'Guest',
      menu_drink_id: line.menuDrinkId,
      name: (line.isAiCreation ? line.aiRecipeName : drink?.name) ?? 'AI Creation',
      qty: line.qty,
      price_cents: priceCents,
      line_total_cents: priceCents * line.qty,
      notes: line.notes,
      modifier_choices: resolved.ok ? resolved.chosen : [],
      is_ai_creation: line.isAiCreation,
      recipe: line.recipe ?? null,
      allergens: facts?.allergens ?? [],
      contains_alcohol: facts?.containsAlcohol ?? true,
      available: line.isAiCreation || Boolean(drink && drink.isAvailable && !drink.soldOutReason && resolved.ok),
      version: line.version,
    };
  });
  const cart = orderTotals(lines.map((l) => ({ unitPriceCents: l.price_cents, quantity: l.qty })), venue.taxRateBp);

  const money = roundsMoney(rows);
  const rounds: TabRound[] = rows.rounds.map((round, i) => {
    const totals = roundMoney(money[i]!);
    return {
      order_id: round.id,
      number: i + 1,
      status: round.status,
      created_at: round.createdAt,
      subtotal_cents: totals.subtotalCents,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
      lines: rows.roundLines.filter((line) => line.orderId === round.id).map((line) => {
        const claims = lineClaims(rows, line);
        const [claim] = claims;
        return {
          order_item_id: line.id,
          member_id: line.memberId,
          member_name: line.memberName,
          menu_drink_id: line.menuDrinkId,
          name: line.name,
          modifiers: line.modifiers,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents,
          line_total_cents: line.lineTotalCents,
          voided: line.voidedAt !== null,
          void_reason: line.voidReason,
          claimed_by_member_id: claim?.memberId ?? null,
          claimed_by_name: claim ? nameOf.get(claim.memberId) ?? null : null,
          claim_share_id: claim?.shareId ?? null,
          claims: claims.map((c) => ({ member_id: c.memberId, name: nameOf.get(c.memberId) ?? 'Guest', units: c.units, cents: c.cents, share_id: c.shareId })),
        };
      }),
    };
  });

  const bill = billOf(money, venue.serviceChargeBp);
  const totals = tabTotals(bill, recordedShares(rows));
  const shares: TabShare[] = rows.shares.map((share) => ({
    id: share.id,
    // An even share says which split it is of: the app presets the count of a split in progress (docs/product.md §12.4).
    split: shareSplit(share),
    payer_member_id: share.payerMemberId,
    payer_name: nameOf.get(share.payerMemberId) ?? 'Guest',
    kind: share.kind,
    amount_cents: share.amountCents,
    subtotal_cents: share.subtotalCents,
    tip_cents: share.tipCents,
    due_cents: share.amountCents + share.tipCents,
    payment_status: share.paymentStatus,
    method: share.method,
    recorded_by_name: share.recordedByName,
    captured_at: share.capturedAt,
    created_at: share.createdAt,
    refunded_cents: share.refundedCents,
    payment_problem: share.paymentProblem,
    payment_problem_note: share.paymentProblemNote,
  }));

  return {
    session_id: session.id,
    venue_id: session.restaurantId,
    table: session.tableNumber,
    status: session.status,
    join_code: session.joinCode,
    members_can_send: session.membersCanSend,
    approve_joins: session.approveJoins,
    join_requests: pendingMembers(rows).map((m) => ({ id: m.id, name: m.name, requested_at: m.joinedAt })),
    host_member_id: session.hostMemberId,
    opened_at: session.openedAt,
    last_activity_at: session.lastActivityAt,
    closed_at: session.closedAt,
    closed_reason: session.closedReason,
    version: session.version,
    members: presentMembers(rows).map((m) => ({ id: m.id, name: m.name, is_host: m.id === session.hostMemberId, joined_at: m.joinedAt })),
    cart: { lines, subtotal_cents: cart.subtotalCents, tax_cents: cart.taxCents, total_cents: cart.totalCents },
    active_round_id: roundInMaking(rows)?.id ?? null,
    rounds,
    tab: {
      subtotal_cents: bill.subtotalCents,
      tax_cents: bill.taxCents,
      service_charge_bp: bill.serviceChargeBp,
      service_charge_cents: bill.serviceChargeCents,
      total_cents: bill.totalCents,
      shared_cents: totals.sharedCents,
      owed_cents: totals.owedCents,
      paid_cents: totals.paidCents,
      tips_cents: totals.tipsCents,
      received_cents: totals.receivedCents,
      unpaid_cents: totals.unpaidCents,
    },
    shares,
    tip_presets_bp: venue.tipPresetsBp,
  };
}
