// A tab's money (docs/product.md §12.4, docs/decisions/231 and 226): the bill from a table's rounds and the
// venue's service charge, and each share of it, in integer cents only. Pure: the Worker stores what it computes,
// the app previews with the same functions, and tests/worker/tab-split.test.ts checks that whatever the lines,
// tips, service charge and split, the shares sum exactly to the bill and none is negative.
import { taxCents } from './money';

/** `a × b / c` rounded half up, exactly (BigInt: cents × cents can pass 2^53). All arguments ≥ 0, c > 0. */
export function mulDivRoundHalfUp(a: number, b: number, c: number): number {
  const numerator = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((2n * numerator + divisor) / (2n * divisor));
}

// ---- the bill ---------------------------------------------------------------------------------

export type TabLineMoney = { lineTotalCents: number; voided: boolean };
export type TabRoundMoney = { cancelled: boolean; taxRateBp: number; lines: readonly TabLineMoney[] };

/** A round's money without its voided lines: the tax is the round's own rate on what is left, as an order's. */
export function roundMoney(round: TabRoundMoney) {
  const subtotalCents = round.lines.reduce((sum, line) => sum + (line.voided ? 0 : line.lineTotalCents), 0);
  const tax = taxCents(subtotalCents, round.taxRateBp);
  return { subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}

export type Bill = {
  subtotalCents: number;
  taxCents: number;
  serviceChargeBp: number;
  serviceChargeCents: number;
  /** subtotal + tax + service charge. */
  totalCents: number;
};

/**
 * The bill: every round that was not cancelled, without voided lines. The service charge is on the pre-tax
 * subtotal of the whole tab, rounded half up once.
 */
export function billOf(rounds: readonly TabRoundMoney[], serviceChargeBp: number): Bill {
  let subtotal = 0;
  let tax = 0;
  for (const round of rounds) {
    if (round.cancelled) continue;
    const money = roundMoney(round);
    subtotal += money.subtotalCents;
    tax += money.taxCents;
  }
  const service = mulDivRoundHalfUp(subtotal, serviceChargeBp, 10_000);
  return { subtotalCents: subtotal, taxCents: tax, serviceChargeBp, serviceChargeCents: service, totalCents: subtotal + tax + service };
}

// ---- a line shared by units -------------------------------------------------------------------

/**
 * What each claim on a line of `quantity` units owes, claims in the order they were made: claim k takes the next
 * `units` units, and units [a, b) cost ⌊L·b/n⌋ − ⌊L·a/n⌋ of the line total L. So the claims of every unit sum to the
 * line total exactly, whatever its cents; a placed line is unit price × quantity, so a unit costs exactly its price
 * (docs/decisions/239).
 */
export function unitClaimsCents(lineTotalCents: number, quantity: number, claims: readonly { units: number }[]): number[] {
  const upTo = (units: number) => Math.floor((lineTotalCents * units) / quantity);
  let taken = 0;
  return claims.map((claim) => {
    const cents = upTo(taken + claim.units) - upTo(taken);
    taken += claim.units;
    return cents;
  });
}

// ---- shares -----------------------------------------------------------------------------------

export type Tip = { percent_bp: number } | { cents: number };

/** A tip on a share's pre-tax part: a percent rounds half up to the cent; a custom tip is the exact amount. */
export const tipCents = (subtotalCents: number, tip: Tip) =>
  ('cents' in tip ? tip.cents : mulDivRoundHalfUp(subtotalCents, tip.percent_bp, 10_000));

export type EvenSplit = {
  /** The share that started the split: its id names the plan. */
  plan: string;
  count: number;
  /** What was still owed when the split started: the plan's shares sum to it. */
  baseCents: number;
  /** Which of the `count` shares this is: the first `baseCents % count` get the odd cents. */
  index: number;
};

/** A share as the money sees it: only shares that are not void count. */
export type ShareMoney = {
  kind: 'items' | 'even' | 'custom' | 'rest';
  amountCents: number;
  subtotalCents: number;
  tipCents: number;
  split: EvenSplit | null;
};

export type ShareRequest =
  /** `claimedCents`: the line totals of the payer's claimed lines not yet in a share. */
  | { kind: 'items'; claimedCents: number; tip: Tip }
  | { kind: 'even'; count: number; tip: Tip }
  | { kind: 'custom'; amountCents: number; tip: Tip }
  | { kind: 'rest'; tip: Tip };

export type ShareRefusal = {
  ok: false;
  status: 400 | 409;
  code: 'nothing_owed' | 'amount_over_owed' | 'nothing_claimed' | 'split_in_progress' | 'tip_over_share';
  owedCents: number;
  /** tip_over_share: the share the tip is on (a custom tip is at most the share itself, docs/product.md §12.5). */
  shareCents?: number;
  /** split_in_progress: the split already started. */
  splitCount?: number;
};

/** What the shares already cover, and what is still owed, in pre-tax cents and in the rest (tax and service). */
export function coverage(bill: Bill, shares: readonly ShareMoney[]) {
  const sharedCents = shares.reduce((sum, share) => sum + share.amountCents, 0);
  const sharedSubtotalCents = shares.reduce((sum, share) => sum + share.subtotalCents, 0);
  return {
    sharedCents,
    owedCents: bill.totalCents - sharedCents,
    /** The pre-tax part still owed. */
    owedSubtotalCents: bill.subtotalCents - sharedSubtotalCents,
  };
}

/** An even split some of whose shares are still to be taken. */
export function openEvenSplit(shares: readonly ShareMoney[]): (Omit<EvenSplit, 'index'> & { taken: number[] }) | null {
  const plans = new Map<string, Omit<EvenSplit, 'index'> & { taken: number[] }>();
  for (const share of shares) {
    if (!share.split) continue;
    const plan = plans.get(share.split.plan) ?? { plan: share.split.plan, count: share.split.count, baseCents: share.split.baseCents, taken: [] };
    plan.taken.push(share.split.index);
    plans.set(share.split.plan, plan);
  }
  return [...plans.values()].find((plan) => plan.taken.length < plan.count) ?? null;
}

/** One of an even split's shares: the base divided by the count, an odd cent each to the first ones. */
export const evenShareCents = (baseCents: number, count: number, index: number) =>
  Math.floor(baseCents / count) + (index < baseCents % count ? 1 : 0);

/**
 * The next share of the bill, given the shares already taken (not void). `newShareId` names a new even split.
 *
 * Every share takes a pre-tax part and a part of the rest (tax and service charge) in the proportion in which
 * both are still owed, rounded half up; the share that brings what is owed to zero takes exactly what remains of
 * each. So the shares' pre-tax parts sum to the bill's subtotal, their amounts to its total, and none is negative
 * (docs/decisions/226).
 */
export function nextShare(bill: Bill, shares: readonly ShareMoney[], request: ShareRequest, newShareId: string):
  { ok: true; share: ShareMoney } | ShareRefusal {
  const { owedCents, owedSubtotalCents } = coverage(bill, shares);
  const refuse = (status: 400 | 409, code: ShareRefusal['code'], extra: Partial<ShareRefusal> = {}): ShareRefusal => ({ ok: false, status, code, owedCents, ...extra });
  if (owedCents <= 0) return refuse(409, 'nothing_owed');
  const owedRest = owedCents - owedSubtotalCents;

  let amountCents: number;
  let subtotalCents: number;
  let split: EvenSplit | null = null;
  if (request.kind === 'items') {
    if (request.claimedCents <= 0) return refuse(409, 'nothing_claimed');
    if (request.claimedCents > owedSubtotalCents) return refuse(400, 'amount_over_owed');
    subtotalCents = request.claimedCents;
    amountCents = subtotalCents + mulDivRoundHalfUp(subtotalCents, owedRest, owedSubtotalCents);
  } else {
    if (request.kind === 'rest') amountCents = owedCents;
    else if (request.kind === 'custom') amountCents = request.amountCents;
    else {
      const open = openEvenSplit(shares);
      if (open && open.count !== request.count) return refuse(409, 'split_in_progress', { splitCount: open.count });
      const plan = open ?? { plan: newShareId, count: request.count, baseCents: owedCents, taken: [] };
      const index = Array.from({ length: plan.count }, (_, i) => i).find((i) => !plan.taken.includes(i))!;
      split = { plan: plan.plan, count: plan.count, baseCents: plan.baseCents, index };
      amountCents = evenShareCents(plan.baseCents, plan.count, index);
    }
    if (amountCents > owedCents) return refuse(400, 'amount_over_owed');
    subtotalCents = amountCents === owedCents ? owedSubtotalCents : mulDivRoundHalfUp(amountCents, owedSubtotalCents, owedCents);
  }
  if ('cents' in request.tip && request.tip.cents > amountCents) return refuse(400, 'tip_over_share', { shareCents: amountCents });
  return { ok: true, share: { kind: request.kind, amountCents, subtotalCents, tipCents: tipCents(subtotalCents, request.tip), split } };
}

// ---- the running tab --------------------------------------------------------------------------

export type RecordedShare = ShareMoney & { paymentStatus: 'unpaid' | 'authorized' | 'captured' | 'refunded' | 'void' };

/**
 * Whether a share's payment was taken: the one answer to "is it paid" for the tab's totals and for closing it
 * (worker/tables/bill.ts). A refunded share was paid; its refund is money given back, recorded beside it
 * (docs/payments.md), so it stays paid and the tab stays settled.
 */
export const sharePaid = (status: RecordedShare['paymentStatus']) => status === 'captured' || status === 'refunded';

/** The tab as a whole: what the bill is, what shares cover, what is paid and still owed (TabTotals on the wire). */
export function tabTotals(bill: Bill, recorded: readonly RecordedShare[]) {
  const live = recorded.filter((share) => share.paymentStatus !== 'void');
  const { sharedCents, owedCents } = coverage(bill, live);
  const captured = live.filter((share) => sharePaid(share.paymentStatus));
  return {
    sharedCents,
    owedCents,
    paidCents: captured.reduce((sum, share) => sum + share.amountCents, 0),
    tipsCents: live.reduce((sum, share) => sum + share.tipCents, 0),
    /** What payers handed over, tips included: a guest's "Paid" (docs/product.md §12.6). */
    receivedCents: captured.reduce((sum, share) => sum + share.amountCents + share.tipCents, 0),
    /** What of the bill is not yet paid, whether a share covers it or not: a guest's "Still owed". */
    unpaidCents: bill.totalCents - captured.reduce((sum, share) => sum + share.amountCents, 0),
    /** Every share paid and nothing left owed: the tab is settled. */
    settled: live.length > 0 && owedCents === 0 && captured.length === live.length,
  };
}
