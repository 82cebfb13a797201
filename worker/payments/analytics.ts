// Takings by how they were paid, for the venue's analytics (docs/product.md §12.9, docs/decisions/222): tab shares
// and solo orders the bar recorded, each under one method of shared/payment-methods.ts, with the tips, the card
// refunds made and the platform's fees on card payments, over the window.
import { sql } from 'drizzle-orm';
import { PAYMENT_METHODS, type PaymentMethodName } from '../../shared/payment-methods';
import type { AdminAnalytics } from '../../shared/schemas/admin';
import type { Db } from '../env';

type Row = { method: PaymentMethodName; payments: number; amount: number; tips: number; fees: number };

export async function paymentAnalytics(db: Db, venueId: string, since: string): Promise<AdminAnalytics['payments']> {
  const [shares, solo, refunds] = await Promise.all([
    // A share counts from its capture (a refund later does not take it out of the takings; the refund is its own figure).
    db.all<Row>(sql`
      select t.method as method, count(*) as payments, sum(t.amount_cents + t.tip_cents) as amount, sum(t.tip_cents) as tips, sum(t.fee_cents) as fees
      from tab_shares t join table_sessions s on s.id = t.session_id
      where s.restaurant_id = ${venueId} and t.method is not null and t.payment_status in ('captured', 'refunded') and t.captured_at >= ${since}
      group by t.method`),
    db.all<Row>(sql`
      select o.payment_method as method, count(*) as payments, sum(o.total_cents) as amount, 0 as tips, 0 as fees
      from orders o
      where o.restaurant_id = ${venueId} and o.table_session_id is null and o.payment_method is not null and o.payment_status = 'captured' and o.created_at >= ${since}
      group by o.payment_method`),
    db.all<{ cents: number | null }>(sql`select sum(amount_cents) as cents from payment_refunds where restaurant_id = ${venueId} and created_at >= ${since}`),
  ]);
  const byMethod = new Map<PaymentMethodName, { payments: number; amount: number; tips: number; fees: number }>();
  for (const row of [...shares, ...solo]) {
    const sum = byMethod.get(row.method) ?? { payments: 0, amount: 0, tips: 0, fees: 0 };
    sum.payments += Number(row.payments);
    sum.amount += Number(row.amount);
    sum.tips += Number(row.tips);
    sum.fees += Number(row.fees);
    byMethod.set(row.method, sum);
  }
  // Every method, in one order, a method not used in the window at zero: the owner compares like with like.
  const by_method = PAYMENT_METHODS.map((method) => {
    const sum = byMethod.get(method) ?? { payments: 0, amount: 0, tips: 0, fees: 0 };
    return { method, payments: sum.payments, amount_cents: sum.amount, tips_cents: sum.tips };
  });
  return {
    by_method,
    tips_cents: by_method.reduce((n, m) => n + m.tips_cents, 0),
    card_refunds_cents: Number(refunds[0]?.cents ?? 0),
    card_fees_cents: [...byMethod.values()].reduce((n, m) => n + m.fees, 0),
  };
}
