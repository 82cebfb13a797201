import { useState } from 'react';
import { ANALYTICS_WINDOWS, type AdminAnalytics, type AnalyticsWindow } from '../../../../shared/schemas/admin';
import { formatCents, formatCount } from '../../../../shared/money';
import { PAYMENT_METHOD_NAMES } from '../../../../shared/payment-methods';
import { BarChart, HeatMap, HorizontalBars } from '../../../ui/charts';
import { useAdminAnalytics } from '../api';

/** '1 h 25 min' or '40 min'. */
const formatMinutes = (minutes: number) => {
  const whole = Math.round(minutes);
  return whole >= 60 ? `${Math.floor(whole / 60)} h ${whole % 60} min` : `${whole} min`;
};

/** Tables and tabs over the window (docs/decisions/231): tips, the average tab, tabs per table, turn time. */
function TablesFigures({ tables }: { tables: AdminAnalytics['tables'] }) {
  return (
    <section className="card stack" aria-labelledby="tables-h">
      <h2 id="tables-h">Tables and tabs</h2>
      <div className="tiles">
        <div className="tile"><div className="tile-value">{formatCents(tables.tips_cents)}</div><div className="tile-label">Tips</div></div>
        <div className="tile"><div className="tile-value">{formatCents(tables.average_tab_cents)}</div><div className="tile-label">Average tab</div></div>
        <div className="tile"><div className="tile-value">{formatCount(tables.tabs)}</div><div className="tile-label">Tabs</div></div>
        <div className="tile">
          {/* Over the tabs that are over: none yet reads 0. */}
          <div className="tile-value">{tables.average_turn_minutes > 0 ? formatMinutes(tables.average_turn_minutes) : 'No closed tab'}</div>
          <div className="tile-label">Table turn time</div>
        </div>
      </div>
      {tables.tabs_per_table.length === 0 ? <p className="muted">No tabs in this window</p>
        : <HorizontalBars title="Tabs per table" data={tables.tabs_per_table.map((t) => ({ label: `Table ${t.table}`, value: t.tabs }))} />}
    </section>
  );
}

/** Takings by how they were paid (docs/decisions/222): card in the app, card terminal, cash; tips, card refunds, fees. */
function PaymentFigures({ payments }: { payments: AdminAnalytics['payments'] }) {
  return (
    <section className="card stack" aria-labelledby="payments-h">
      <h2 id="payments-h">Payments</h2>
      <div className="tiles">
        <div className="tile"><div className="tile-value">{formatCents(payments.tips_cents)}</div><div className="tile-label">Tips</div></div>
        <div className="tile"><div className="tile-value">{formatCents(payments.card_refunds_cents)}</div><div className="tile-label">Card refunds</div></div>
        <div className="tile"><div className="tile-value">{formatCents(payments.card_fees_cents)}</div><div className="tile-label">Barhop fees on cards</div></div>
      </div>
      <div className="table-wrap"><table>
        <caption>Takings by method</caption>
        <thead><tr><th scope="col">Method</th><th scope="col">Payments</th><th scope="col">Amount</th><th scope="col">Tips</th></tr></thead>
        <tbody>
          {payments.by_method.map((m) => (
            <tr key={m.method}>
              <th scope="row">{PAYMENT_METHOD_NAMES[m.method]}</th><td>{formatCount(m.payments)}</td><td>{formatCents(m.amount_cents)}</td><td>{formatCents(m.tips_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table></div>
    </section>
  );
}

const WINDOW_LABEL: Record<AnalyticsWindow, string> = { '7d': '7 days', '30d': '30 days', '90d': '90 days' };

export default function AnalyticsPage() {
  const [window, setWindow] = useState<AnalyticsWindow>('30d');
  const analytics = useAdminAnalytics(window);
  const a = analytics.data;
  const shortDate = (iso: string) => iso.slice(5).replace('-', '/');
  const every = a ? Math.ceil(a.daily.length / 10) : 1;

  return (
    <main className="page stack">
      <div className="row admin-section-head">
        <h1>Analytics</h1>
        <div className="chips" role="group" aria-label="Window">
          {ANALYTICS_WINDOWS.map((w) => (
            <button key={w} type="button" className="chip" aria-pressed={window === w} onClick={() => setWindow(w)}>{WINDOW_LABEL[w]}</button>
          ))}
        </div>
      </div>
      {analytics.isError ? (
        <div className="card empty-state" role="alert">
          <p>Failed to load analytics data</p>
          <button type="button" className="btn btn-primary" onClick={() => void analytics.refetch()}>Retry</button>
        </div>
      ) : !a ? <p className="muted">Loading analytics...</p> : (
        <>
          <div className="tiles">
            <div className="tile"><div className="tile-value">{formatCents(a.totals.revenue_cents)}</div><div className="tile-label">Revenue</div></div>
            <div className="tile"><div className="tile-value">{formatCount(a.totals.orders)}</div><div className="tile-label">Orders</div></div>
            <div className="tile"><div className="tile-value">{formatCents(a.totals.avg_order_cents)}</div><div className="tile-label">Avg Order Value</div></div>
            <div className="tile"><div className="tile-value">{Math.round(a.totals.ai_share * 100)}%</div><div className="tile-label">AI share ({a.totals.ai_orders} orders, {a.totals.ai_interactions} chats)</div></div>
          </div>
          <section className="card stack" aria-labelledby="rev-h">
            <h2 id="rev-h">Revenue over time</h2>
            <BarChart title="Revenue per day" data={a.daily.map((d) => ({ label: shortDate(d.date), value: d.revenue_cents }))} formatValue={formatCents} labelEvery={every} />
          </section>
          <section className="card stack" aria-labelledby="ord-h">
            <h2 id="ord-h">Orders over time</h2>
            <BarChart title="Orders per day" data={a.daily.map((d) => ({ label: shortDate(d.date), value: d.orders }))} labelEvery={every} />
          </section>
          <div className="admin-live-grid">
            <section className="card stack" aria-labelledby="top-h">
              <h2 id="top-h">Top drinks</h2>
              {a.top_drinks.length === 0 ? <p className="muted">No orders in this window</p>
                : <HorizontalBars title="Top drinks by quantity" data={a.top_drinks.map((d) => ({ label: d.name, value: d.qty }))} />}
            </section>
            <section className="card stack" aria-labelledby="heat-h">
              <h2 id="heat-h">Busy hours</h2>
              <HeatMap title={`Orders by weekday and hour (${a.timezone})`} cells={a.heat} />
            </section>
          </div>
          <TablesFigures tables={a.tables} />
          <PaymentFigures payments={a.payments} />
        </>
      )}
    </main>
  );
}
