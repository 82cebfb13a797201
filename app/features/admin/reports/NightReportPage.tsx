import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { formatClock } from '../../../../shared/business-day';
import { formatCents, formatCount } from '../../../../shared/money';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useNightReport } from './api';
import { downloadCsv } from './download-csv';

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <section className="card stack night-report-section">
      <h2>{caption}</h2>
      {rows.length === 0 ? <p className="muted">None</p> : (
        <div className="table-wrap"><table>
          <thead><tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
          <tbody>{rows.map((r, i) => <tr key={i}>{r.map((cell, j) => <td key={j}>{cell}</td>)}</tr>)}</tbody>
        </table></div>
      )}
    </section>
  );
}

/** Close of night (docs/product.md §11.11): one business day, on screen, printable and as CSV. */
export default function NightReportPage() {
  const [day, setDay] = useState('');
  const report = useNightReport(day);
  const r = report.data;

  async function download() {
    if (!r) return;
    try { await downloadCsv('/admin/reports/night.csv', { day: r.day }); } catch (err) { toast.error(errorMessage(err, 'Download failed')); }
  }

  return (
    <main className="page stack night-report">
      <div className="row admin-section-head">
        <h1>Close of Night</h1>
        <label className="row">Business day <input type="date" value={day || r?.day || ''} onChange={(e) => setDay(e.target.value)} aria-label="Business day" /></label>
        <button type="button" className="btn no-print" onClick={() => window.print()} disabled={!r}><Printer size={16} aria-hidden="true" /> Print</button>
        <button type="button" className="btn btn-primary no-print" onClick={() => void download()} disabled={!r}><Download size={16} aria-hidden="true" /> Download CSV</button>
      </div>
      {report.isError ? <p role="alert" className="field-error">{errorMessage(report.error, 'Failed to load the report')}</p>
        : !r ? <p className="muted">Loading report...</p> : (
          <>
            <p className="muted">
              {new Date(r.starts_at).toLocaleString(undefined, { timeZone: r.timezone, dateStyle: 'full', timeStyle: 'short' })} to{' '}
              {new Date(r.ends_at).toLocaleString(undefined, { timeZone: r.timezone, timeStyle: 'short' })} ({r.timezone})
            </p>
            <div className="tiles" role="group" aria-label="Night totals">
              {([
                ['Gross sales', formatCents(r.gross_sales_cents)], ['Refunds', formatCents(r.refunds.cents)], ['Net sales', formatCents(r.net_sales_cents)],
                ['Tax', formatCents(r.tax_cents)], ['Total', formatCents(r.total_cents)], ['Tips', formatCents(r.tips_cents)],
                ['Orders', formatCount(r.orders)], ['Average ticket', formatCents(r.average_ticket_cents)],
                ['Busiest hour', r.busiest_hour === null ? '—' : formatClock(r.busiest_hour * 60)],
                // Card payments in the app (docs/decisions/209): refunds made that night and Barhop's fees on them.
                ...(r.card ? [['Card refunds', formatCents(r.card.refunds_cents)], ['Barhop fees on cards', formatCents(r.card.fees_cents)]] as const : []),
              ] as const).map(([label, value]) => <div key={label} className="tile"><div className="tile-value">{value}</div><div className="tile-label">{label}</div></div>)}
            </div>
            <Table caption="Sales by drink" head={['Drink', 'Sold', 'Net sales']} rows={r.by_drink.map((d) => [d.name, d.qty, formatCents(d.sales_cents)])} />
            <Table caption="Sales by category" head={['Category', 'Sold', 'Net sales']} rows={r.by_category.map((d) => [d.name, d.qty, formatCents(d.sales_cents)])} />
            <Table caption="Sales by staff" head={['Staff member', 'Orders', 'Net sales']} rows={r.by_staff.map((s) => [s.name, s.orders, formatCents(s.sales_cents)])} />
            <Table caption="Payment methods" head={['Method', 'Payments', 'Amount', 'Tips']} rows={r.payment_methods.map((p) => [p.method, p.payments, formatCents(p.amount_cents), formatCents(p.tips_cents)])} />
            <Table caption="Cancelled orders" head={['Order', 'Guest', 'Amount', 'Reason', 'By']} rows={r.cancels.map((x) => [`#${x.code}`, x.display_name, formatCents(x.total_cents), x.reason, x.by])} />
            <Table caption="Voided lines" head={['Drink', 'Qty', 'Amount', 'Reason', 'By']} rows={r.voids.map((v) => [v.name, v.qty, formatCents(v.amount_cents), v.reason, v.by])} />
          </>
        )}
    </main>
  );
}
