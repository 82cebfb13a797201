// What a guest will pay before they take a share (docs/decisions/231): their choice read strictly (an amount or a
// count that is not one is an error shown, never rounded or clamped), the money computed by the module the Worker
// uses for the share itself, shared/tab-split.ts, so the preview is the share the server will make.
import type { z } from 'zod';
import { formatCents } from '../../../shared/money';
import type { TableState, TakeShareInput } from '../../../shared/schemas/tables';
import { nextShare, openEvenSplit, type Bill, type ShareMoney, type ShareRequest, type Tip } from '../../../shared/tab-split';
import { EVEN_SPLIT_MAX, EVEN_SPLIT_MIN } from '../../../shared/tables';
// The guest's language at the time of the preview (docs/decisions/217); the split form renders with each change.
import { t } from '@lingui/core/macro';

export type SplitChoice =
  | { kind: 'items' }
  | { kind: 'even'; count: number }
  /** `amount` in cents; NaN when what was typed is not an amount. */
  | { kind: 'custom'; amount: number }
  | { kind: 'rest' };

export type TipChoice = { kind: 'none' } | { kind: 'percent'; bp: number } | { kind: 'custom'; cents: number };

export type SharePreview =
  | { ok: true; amountCents: number; subtotalCents: number; tipCents: number; dueCents: number }
  /** `error`: what is wrong with what the guest entered (`field: 'tip'`: the tip, shown at its field); `hint`: what is still to do. */
  | { ok: false; error: string | null; hint: string; field?: 'tip' };

const DOLLARS = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/;

/** '12.5' → 1250 cents; anything that is not a plain dollar amount (or has more than two decimals) → NaN. */
export function parseDollars(text: string): number {
  const match = DOLLARS.exec(text);
  if (!match) return NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The bill as the server computed it (TabTotals), for shared/tab-split.ts. */
const billOf = (table: TableState): Bill => ({
  subtotalCents: table.tab.subtotal_cents,
  taxCents: table.tab.tax_cents,
  serviceChargeBp: table.tab.service_charge_bp,
  serviceChargeCents: table.tab.service_charge_cents,
  totalCents: table.tab.total_cents,
});

/**
 * The shares that count (every status but void), as shared/tab-split.ts reads them. A server that does not send
 * an even share's `split` yet: its even shares are read as one split of `evenCount` (the guest's own count) that
 * started at the first of them, of what was owed then; a split taken in full is followed by a new one.
 */
function sharesOf(table: TableState, evenCount?: number): ShareMoney[] {
  const live = table.shares.filter((s) => s.payment_status !== 'void');
  const told = live.some((s) => s.split);
  let plan: { id: string; count: number; baseCents: number; taken: number } | null = null;
  let sharedBefore = 0;
  return live.map((s) => {
    let split: ShareMoney['split'] = s.split ? { plan: s.split.plan, count: s.split.count, baseCents: s.split.base_cents, index: s.split.index } : null;
    if (!told && s.kind === 'even' && evenCount) {
      if (!plan || plan.taken >= plan.count) plan = { id: s.id, count: evenCount, baseCents: table.tab.total_cents - sharedBefore, taken: 0 };
      split = { plan: plan.id, count: plan.count, baseCents: plan.baseCents, index: plan.taken++ };
    }
    sharedBefore += s.amount_cents;
    return { kind: s.kind, amountCents: s.amount_cents, subtotalCents: s.subtotal_cents, tipCents: s.tip_cents, split };
  });
}

/**
 * An even split started by someone at the table and not yet taken in full: its count (the next even share must
 * match) and who started it (the payer of its first share, whose id names the split).
 */
export function openSplit(table: TableState): { count: number; startedBy: { memberId: string; name: string } | null } | null {
  const open = openEvenSplit(sharesOf(table));
  if (!open) return null;
  const first = table.shares.find((s) => s.id === open.plan);
  return { count: open.count, startedBy: first ? { memberId: first.payer_member_id, name: first.payer_name } : null };
}

/** The pre-tax cost of the units this member claimed that are not yet part of a share (docs/decisions/239). */
export function unsharedClaimedCents(table: TableState, you: string): number {
  return table.rounds.filter((r) => r.status !== 'cancelled').flatMap((r) => r.lines).filter((l) => !l.voided)
    .flatMap((l) => l.claims).filter((c) => c.member_id === you && c.share_id === null)
    .reduce((sum, c) => sum + c.cents, 0);
}

const tipOf = (tip: TipChoice): Tip => (tip.kind === 'percent' ? { percent_bp: tip.bp } : { cents: tip.kind === 'custom' ? tip.cents : 0 });

/** The share this guest would take now, or why not yet. */
export function previewShare(table: TableState, you: string, choice: SplitChoice, tip: TipChoice): SharePreview {
  const owed = table.tab.owed_cents;
  if (owed <= 0) return { ok: false, error: null, hint: t`Nothing is left to pay.` };
  if (choice.kind === 'even' && !(Number.isInteger(choice.count) && choice.count >= EVEN_SPLIT_MIN && choice.count <= EVEN_SPLIT_MAX)) {
    return { ok: false, error: t`Split among ${{ min: EVEN_SPLIT_MIN }} to ${{ max: EVEN_SPLIT_MAX }} people`, hint: '' };
  }
  if (choice.kind === 'custom') {
    if (Number.isNaN(choice.amount)) return { ok: false, error: null, hint: t`Enter the amount you pay, like 12.50` };
    if (choice.amount < 1) return { ok: false, error: t`An amount of at least ${{ amount: formatCents(1) }}`, hint: '' };
  }
  if (tip.kind === 'custom' && Number.isNaN(tip.cents)) return { ok: false, error: t`Enter a tip like 5.00`, hint: '', field: 'tip' };
  const request: ShareRequest = choice.kind === 'items' ? { kind: 'items', claimedCents: unsharedClaimedCents(table, you), tip: tipOf(tip) }
    : choice.kind === 'even' ? { kind: 'even', count: choice.count, tip: tipOf(tip) }
    : choice.kind === 'custom' ? { kind: 'custom', amountCents: choice.amount, tip: tipOf(tip) }
    : { kind: 'rest', tip: tipOf(tip) };
  const next = nextShare(billOf(table), sharesOf(table, choice.kind === 'even' ? choice.count : undefined), request, 'preview');
  if (!next.ok) {
    switch (next.code) {
      case 'nothing_claimed': return { ok: false, error: null, hint: t`Tap the lines you had to claim them for your share.` };
      case 'amount_over_owed': return { ok: false, error: t`That is more than the ${{ owed: formatCents(next.owedCents) }} still owed`, hint: '' };
      case 'tip_over_share': return { ok: false, error: t`A tip can be at most the share itself (${{ amount: formatCents(next.shareCents ?? 0) }})`, hint: '', field: 'tip' };
      case 'split_in_progress': return { ok: false, error: t`The bill is being split ${{ count: next.splitCount ?? '' }} ways: split among ${{ count: next.splitCount ?? '' }} to take one of those shares`, hint: '' };
      default: return { ok: false, error: null, hint: t`Nothing is left to pay.` };
    }
  }
  const { share } = next;
  return { ok: true, amountCents: share.amountCents, subtotalCents: share.subtotalCents, tipCents: share.tipCents, dueCents: share.amountCents + share.tipCents };
}

/** The POST /api/tables/sessions/:id/shares body for a choice the preview accepted. */
export function shareRequest(choice: SplitChoice, tip: TipChoice): z.input<typeof TakeShareInput> {
  const tipInput = tipOf(tip);
  switch (choice.kind) {
    case 'even': return { kind: 'even', count: choice.count, tip: tipInput };
    case 'custom': return { kind: 'custom', amount_cents: choice.amount, tip: tipInput };
    default: return { kind: choice.kind, tip: tipInput };
  }
}
