// The tab's money (shared/tab-split.ts, docs/product.md §12.4): whatever the lines, tax, service charge, tips and
// the way a table splits, the shares sum exactly to the bill, none is negative, and an even split's shares differ
// by a cent at most with the odd cents on the earliest.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billOf, evenShareCents, mulDivRoundHalfUp, nextShare, tabTotals, tipCents, unitClaimsCents,
  type RecordedShare, type ShareMoney, type ShareRequest, type TabRoundMoney, type Tip,
} from '../../shared/tab-split';

const line = fc.record({ lineTotalCents: fc.integer({ min: 1, max: 40_000 }), voided: fc.integer({ min: 0, max: 9 }).map((n) => n < 2) });
const round: fc.Arbitrary<TabRoundMoney> = fc.record({
  cancelled: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  taxRateBp: fc.integer({ min: 0, max: 1_500 }),
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
});
const tip: fc.Arbitrary<Tip> = fc.oneof(
  fc.constantFrom(1500, 1800, 2000, 0, 2500).map((percent_bp) => ({ percent_bp })),
  fc.integer({ min: 0, max: 10_000 }).map((cents) => ({ cents })),
);
/** A step of splitting: a share of some kind, or a payer taking theirs back. */
type Step =
  | { take: 'items'; lines: number[]; tip: Tip }
  | { take: 'even'; count: number; tip: Tip }
  | { take: 'custom'; fraction: number; tip: Tip }
  | { take: 'rest'; tip: Tip }
  | { drop: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ take: fc.constant('items' as const), lines: fc.array(fc.nat(40), { maxLength: 6 }), tip }),
  fc.record({ take: fc.constant('even' as const), count: fc.integer({ min: 2, max: 20 }), tip }),
  fc.record({ take: fc.constant('custom' as const), fraction: fc.double({ min: 0, max: 1.2, noNaN: true }), tip }),
  fc.record({ take: fc.constant('rest' as const), tip }),
  fc.record({ drop: fc.nat(20) }),
);

describe('tab split', () => {
  it('rounds half up, exactly, beyond 2^53', () => {
    expect(mulDivRoundHalfUp(5, 1, 10)).toBe(1);
    expect(mulDivRoundHalfUp(4, 1, 10)).toBe(0);
    expect(mulDivRoundHalfUp(1234, 1500, 10_000)).toBe(185); // 185.1
    expect(mulDivRoundHalfUp(1230, 1500, 10_000)).toBe(185); // 184.5 rounds up
    expect(mulDivRoundHalfUp(99_999_999, 99_999_999, 99_999_998)).toBe(100_000_000);
  });

  it('tips on the pre-tax part: a preset rounds half up, a custom tip is exact', () => {
    expect(tipCents(2_330, { percent_bp: 1_500 })).toBe(350); // 349.5
    expect(tipCents(2_330, { percent_bp: 1_800 })).toBe(419); // 419.4
    expect(tipCents(2_330, { cents: 401 })).toBe(401);
  });

  it('a hand-worked bill: service charge on the pre-tax subtotal, each round taxed at its own rate', () => {
    const bill = billOf([
      { cancelled: false, taxRateBp: 875, lines: [{ lineTotalCents: 1_400, voided: false }, { lineTotalCents: 1_200, voided: false }] },
      { cancelled: false, taxRateBp: 875, lines: [{ lineTotalCents: 900, voided: false }, { lineTotalCents: 500, voided: true }] },
      { cancelled: true, taxRateBp: 875, lines: [{ lineTotalCents: 7_000, voided: false }] },
    ], 1_800);
    // 2600 → tax 227.5 → 228; 900 → tax 78.75 → 79; service 18 % of 3500 = 630.
    expect(bill).toEqual({ subtotalCents: 3_500, taxCents: 307, serviceChargeBp: 1_800, serviceChargeCents: 630, totalCents: 4_437 });
  });

  it('an even split of $44.37 among 3: the odd cents to the first two shares', () => {
    const bill = billOf([{ cancelled: false, taxRateBp: 0, lines: [{ lineTotalCents: 4_437, voided: false }] }], 0);
    const shares: ShareMoney[] = [];
    for (let i = 0; i < 3; i++) {
      const next = nextShare(bill, shares, { kind: 'even', count: 3, tip: { cents: 0 } }, `s${i}`);
      expect(next.ok).toBe(true);
      if (next.ok) shares.push(next.share);
    }
    expect(shares.map((s) => s.amountCents)).toEqual([1_479, 1_479, 1_479]);
    const odd = billOf([{ cancelled: false, taxRateBp: 0, lines: [{ lineTotalCents: 4_438, voided: false }] }], 0);
    expect([0, 1, 2].map((i) => evenShareCents(odd.totalCents, 3, i))).toEqual([1_480, 1_479, 1_479]);
  });

  it('refuses more than is owed, a second split of another count, and an items share with nothing claimed', () => {
    const bill = billOf([{ cancelled: false, taxRateBp: 875, lines: [{ lineTotalCents: 2_000, voided: false }] }], 0);
    expect(nextShare(bill, [], { kind: 'custom', amountCents: bill.totalCents + 1, tip: { cents: 0 } }, 'a')).toMatchObject({ ok: false, code: 'amount_over_owed', owedCents: 2_175 });
    const first = nextShare(bill, [], { kind: 'even', count: 2, tip: { cents: 0 } }, 'a');
    if (!first.ok) throw new Error('first share refused');
    expect(nextShare(bill, [first.share], { kind: 'even', count: 3, tip: { cents: 0 } }, 'b')).toMatchObject({ ok: false, code: 'split_in_progress', splitCount: 2 });
    expect(nextShare(bill, [], { kind: 'items', claimedCents: 0, tip: { cents: 0 } }, 'c')).toMatchObject({ ok: false, code: 'nothing_claimed' });
    expect(nextShare(bill, [], { kind: 'custom', amountCents: 1, tip: { cents: 1_000_000 } }, 'f')).toMatchObject({ ok: false, code: 'tip_over_share', shareCents: 1 });
    expect(nextShare(bill, [], { kind: 'custom', amountCents: 1, tip: { cents: 1 } }, 'f')).toMatchObject({ ok: true });
    const rest = nextShare(bill, [first.share], { kind: 'rest', tip: { cents: 0 } }, 'd');
    if (!rest.ok) throw new Error('rest refused');
    expect(nextShare(bill, [first.share, rest.share], { kind: 'rest', tip: { cents: 0 } }, 'e')).toMatchObject({ ok: false, code: 'nothing_owed' });
  });

  it('a line shared by units: each claim costs its units, and the claims of every unit sum to the line exactly', () => {
    // 2 × $13.50 (a Negroni with its Double): one unit each.
    expect(unitClaimsCents(2_700, 2, [{ units: 1 }, { units: 1 }])).toEqual([1_350, 1_350]);
    // A total that does not divide: the cents fall in claim order, never lost or doubled.
    expect(unitClaimsCents(1_000, 3, [{ units: 1 }, { units: 1 }, { units: 1 }])).toEqual([333, 333, 334]);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }), (total, units) => {
      const quantity = units.reduce((a, b) => a + b, 0);
      const cents = unitClaimsCents(total, quantity, units.map((u) => ({ units: u })));
      expect(cents.reduce((a, b) => a + b, 0)).toBe(total);
      cents.forEach((c, i) => expect(Math.abs(c - (total * units[i]!) / quantity)).toBeLessThan(1));
    }));
  });

  it('any lines, tips, service charge and split: the shares sum exactly to the bill, none negative', () => {
    fc.assert(fc.property(fc.array(round, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 2_500 }), fc.array(step, { maxLength: 12 }), tip,
      (rounds, serviceBp, steps, lastTip) => {
        const bill = billOf(rounds, serviceBp);
        const lineTotals = rounds.filter((r) => !r.cancelled).flatMap((r) => r.lines.filter((l) => !l.voided).map((l) => l.lineTotalCents));
        const claimed = new Set<number>();
        const shares: (ShareMoney & { request: ShareRequest })[] = [];
        let n = 0;
        const take = (request: ShareRequest) => {
          const next = nextShare(bill, shares, request, `share-${n++}`);
          if (next.ok) shares.push({ ...next.share, request });
          return next;
        };
        for (const s of steps) {
          if ('drop' in s) { if (shares.length) shares.splice(s.drop % shares.length, 1); continue; }
          if (s.take === 'items') {
            const mine = [...new Set(s.lines.map((i) => i % Math.max(1, lineTotals.length)))].filter((i) => i < lineTotals.length && !claimed.has(i));
            const next = take({ kind: 'items', claimedCents: mine.reduce((sum, i) => sum + lineTotals[i]!, 0), tip: s.tip });
            if (next.ok) mine.forEach((i) => claimed.add(i));
          } else if (s.take === 'custom') {
            const owed = bill.totalCents - shares.reduce((sum, x) => sum + x.amountCents, 0);
            take({ kind: 'custom', amountCents: Math.max(1, Math.floor(owed * s.fraction)), tip: s.tip });
          } else if (s.take === 'even') take({ kind: 'even', count: s.count, tip: s.tip });
          else take({ kind: 'rest', tip: s.tip });
        }
        const owed = bill.totalCents - shares.reduce((sum, x) => sum + x.amountCents, 0);
        if (owed > 0 && 'cents' in lastTip && lastTip.cents > owed) {
          expect(take({ kind: 'rest', tip: lastTip })).toMatchObject({ ok: false, code: 'tip_over_share', shareCents: owed });
          expect(take({ kind: 'rest', tip: { cents: owed } }).ok).toBe(true);
        } else if (owed > 0) expect(take({ kind: 'rest', tip: lastTip }).ok).toBe(true);

        expect(shares.reduce((sum, x) => sum + x.amountCents, 0)).toBe(bill.totalCents);
        expect(shares.reduce((sum, x) => sum + x.subtotalCents, 0)).toBe(bill.subtotalCents);
        for (const share of shares) {
          expect(share.amountCents).toBeGreaterThanOrEqual(0);
          expect(share.subtotalCents).toBeGreaterThanOrEqual(0);
          expect(share.subtotalCents).toBeLessThanOrEqual(share.amountCents);
          expect(share.tipCents).toBe(tipCents(share.subtotalCents, share.request.tip));
          if (share.request.kind === 'items') expect(share.subtotalCents).toBe(share.request.claimedCents);
          // A custom tip is at most the share itself (docs/product.md §12.5).
          if ('cents' in share.request.tip) expect(share.tipCents).toBeLessThanOrEqual(share.amountCents);
        }
        // A complete even split: its shares sum to its base and differ by a cent at most, the larger ones first.
        const plans = new Map<string, typeof shares>();
        for (const share of shares) if (share.split) plans.set(share.split.plan, [...(plans.get(share.split.plan) ?? []), share]);
        for (const plan of plans.values()) {
          const { count, baseCents } = plan[0]!.split!;
          if (plan.length !== count) continue;
          const byIndex = [...plan].sort((a, b) => a.split!.index - b.split!.index).map((s) => s.amountCents);
          expect(byIndex.reduce((a, b) => a + b, 0)).toBe(baseCents);
          expect(Math.max(...byIndex) - Math.min(...byIndex)).toBeLessThanOrEqual(1);
          expect([...byIndex].sort((a, b) => b - a)).toEqual(byIndex);
        }
        const recorded: RecordedShare[] = shares.map((s) => ({ ...s, paymentStatus: 'captured' }));
        expect(tabTotals(bill, recorded)).toMatchObject({ owedCents: 0, paidCents: bill.totalCents, settled: bill.totalCents === 0 ? shares.length > 0 : true });
      }), { numRuns: 500 });
  });
});
