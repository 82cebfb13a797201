import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { formatClock } from '../../../../shared/business-day';
import { formatCents, formatCount } from '../../../../shared/money';
import type { CollectedLines, NightReport } from '../../../../shared/schemas/reports';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useNightReport } from './api';
import { downloadCsv } from './download-csv';

type Cell = string | number;

const COLLECTED_HEAD = ['Payments', 'Sales', 'Service charge', 'Tax', 'Tips', 'Refunds', 'Collected'];

function Table({ caption, head, rows, foot }: { caption: string; head: string[]; rows: Cell[][]; foot?: Cell[] }) {
  return (
    <section className="card stack night-report-section">
      <h2>{caption}</h2>
      {rows.length === 0 ? <p className="muted">None</p> : (
        <div className="table-wrap"><table aria-label={caption}>
          <thead><tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
          <tbody>{rows.map((r, i) => <tr key={i}>{r.map((cell, j) => <td key={j}>{cell}</td>)}</tr>)}</tbody>
          {foot && <tfoot><tr>{foot.map((cell, j) => (j === 0 ? <th key={j} scope="row">{cell}</th> : <td key={j}>{cell}</td>))}</tr></tfoot>}
        </table></div>
      )}
    </section>
  );
}

/** Money given back, shown as taken off: "-$5.00". */
const minus = (cents: number) => (cents ? formatCents(-cents) : formatCents(0));

/** A method's (or the night's) lines in the order they sum: sales + service charge + tax + tips − refunds = collected. */
const collectedCells = (m: CollectedLines): Cell[] => [
  m.payments, formatCents(m.sales_cents), formatCents(m.service_charge_cents), formatCents(m.tax_cents), formatCents(m.tips_cents), minus(m.refunds_cents), formatCents(m.amount_cents),
];

/**
 * Which day and the actual hours (docs/decisions/236): "Tonight, 4:00 AM – now" while the day runs, else
 * "Friday, November 27, 2026, 4:00 AM – Saturday 4:00 AM".
 */
export function nightHeading(r: Pick<NightReport, 'tonight' | 'starts_at' | 'ends_at' | 'timezone'>, locale?: string) {
  const time = (at: string) => new Date(at).toLocaleTimeString(locale, { timeZone: r.timezone, timeStyle: 'short' });
  if (r.tonight) return `Tonight, ${time(r.starts_at)} – now`;
  const date = new Date(r.starts_at).toLocaleDateString(locale, { timeZone: r.timezone, dateStyle: 'full' });
  const endDay = new Date(r.ends_at).toLocaleDateString(locale, { timeZone: r.timezone, weekday: 'long' });
  return `${date}, ${time(r.starts_at)} – ${endDay} ${time(r.ends_at)}`;
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
            <p className="muted night-report-hours">{nightHeading(r)} ({r.timezone})</p>
            <div className="tiles" role="group" aria-label="Night totals">
              {([
                ['Gross sales', formatCents(r.gross_sales_cents)], ['Open checks', formatCents(r.open_checks.amount_cents)],
                ['Collected', formatCents(r.collected.amount_cents)], ['Refunds', formatCents(r.refunds.cents)],
                ['Orders', formatCount(r.orders)], ['Average ticket', formatCents(r.average_ticket_cents)],
                ['Busiest hour', r.busiest_hour === null ? '—' : formatClock(r.busiest_hour * 60)],
                // Barhop's application fees on card payments in the app (docs/decisions/222): not part of what was collected.
                ['Barhop fees on cards', formatCents(r.card_fees_cents)],
              ] as const).map(([label, value]) => <div key={label} className="tile"><div className="tile-value">{value}</div><div className="tile-label">{label}</div></div>)}
            </div>
            <Table caption="What was collected" head={['Method', ...COLLECTED_HEAD]}
              rows={r.payment_methods.map((m) => [m.method, ...collectedCells(m)])} foot={['Total', ...collectedCells(r.collected)]} />
            <Table caption="Open checks" head={['Check', 'Since', 'Amount']}
              rows={r.open_checks.checks.map((c) => [c.name, new Date(c.at).toLocaleTimeString(undefined, { timeZone: r.timezone, timeStyle: 'short' }), formatCents(c.amount_cents)])}
              foot={r.open_checks.count ? [`${formatCount(r.open_checks.count)} open`, '', formatCents(r.open_checks.amount_cents)] : undefined} />
            <Table caption="Sales by drink" head={['Drink', 'Sold', 'Gross sales']} rows={r.by_drink.map((d) => [d.name, d.qty, formatCents(d.sales_cents)])} />
            <Table caption="Sales by category" head={['Category', 'Sold', 'Gross sales']} rows={r.by_category.map((d) => [d.name, d.qty, formatCents(d.sales_cents)])} />
            <Table caption="Sales by staff" head={['Staff member', 'Orders', 'Gross sales']} rows={r.by_staff.map((s) => [s.name, s.orders, formatCents(s.sales_cents)])} />
            <Table caption="Cancelled orders" head={['Order', 'Guest', 'Amount', 'Reason', 'By']} rows={r.cancels.map((x) => [`#${x.code}`, x.display_name, formatCents(x.total_cents), x.reason, x.by])} />
            <Table caption="Voided lines" head={['Drink', 'Qty', 'Amount', 'Reason', 'By']} rows={r.voids.map((v) => [v.name, v.qty, formatCents(v.amount_cents), v.reason, v.by])} />
          </>
        )}
    </main>
  );
}
