// The tables part of venue analytics (docs/product.md §12.8), over the tabs opened in the window: how many sent a
// round, how many each table had, the average tab, tips recorded paid and the average turn time.
import { sql } from 'drizzle-orm';
import type { AdminAnalytics } from '../../shared/schemas/admin';
import { mulDivRoundHalfUp } from '../../shared/tab-split';
import type { Db } from '../env';

export async function tableAnalytics(db: Db, venueId: string, since: string): Promise<AdminAnalytics['tables']> {
  const [tabs, tips, turns] = await Promise.all([
    // Each tab that sent a round, with its rounds' money (cancelled rounds left out; a voided line already is).
    db.all<{ table: string; subtotal: number; total: number; bp: number }>(sql`
      select s.table_number as "table", sum(o.subtotal_cents) as subtotal, sum(o.total_cents) as total, v.service_charge_bp as bp
      from table_sessions s join orders o on o.table_session_id = s.id join venues v on v.id = s.restaurant_id
      where s.restaurant_id = ${venueId} and s.opened_at >= ${since} and s.status <> 'merged' and o.status <> 'cancelled'
      group by s.id`),
    db.all<{ tips: number | null }>(sql`
      select sum(t.tip_cents) as tips from tab_shares t join table_sessions s on s.id = t.session_id
      where s.restaurant_id = ${venueId} and s.opened_at >= ${since} and t.payment_status = 'captured'`),
    db.all<{ minutes: number | null }>(sql`
      select avg((julianday(s.closed_at) - julianday(s.opened_at)) * 1440) as minutes from table_sessions s
      where s.restaurant_id = ${venueId} and s.opened_at >= ${since} and s.status in ('closed', 'ended') and s.closed_at is not null
        and exists (select 1 from orders o where o.table_session_id = s.id)`),
  ]);
  // The service charge at the venue's rate on each tab's pre-tax subtotal, as its bill computes it (shared/tab-split.ts).
  const totals = tabs.map((t) => Number(t.total) + mulDivRoundHalfUp(Number(t.subtotal), Number(t.bp), 10_000));
  const perTable = new Map<string, number>();
  for (const t of tabs) perTable.set(t.table, (perTable.get(t.table) ?? 0) + 1);
  return {
    tips_cents: Number(tips[0]?.tips ?? 0),
    average_tab_cents: totals.length ? Math.round(totals.reduce((a, b) => a + b, 0) / totals.length) : 0,
    tabs: tabs.length,
    tabs_per_table: [...perTable].map(([table, count]) => ({ table, tabs: count }))
      .sort((a, b) => b.tabs - a.tabs || a.table.localeCompare(b.table, undefined, { numeric: true })),
    average_turn_minutes: Math.round(Number(turns[0]?.minutes ?? 0) * 10) / 10,
  };
}
