// The close-of-night report as one CSV (docs/product.md §11.11): a row per figure, drink, category, staff member,
// cancel, void and payment method, each saying its section, so one sheet holds the night.
import type { NightReport } from '../../shared/schemas/reports';
import { centsToText, toCsv } from '../imports/csv';

export const NIGHT_COLUMNS = ['section', 'name', 'quantity', 'amount', 'detail'];

export function nightReportCsv(report: NightReport): string {
  const rows: (string | number)[][] = [
    ['summary', 'Business day', '', '', `${report.day} (${report.starts_at} to ${report.ends_at}, ${report.timezone})`],
    ['summary', 'Orders', report.orders, '', ''],
    ['summary', 'Gross sales', '', centsToText(report.gross_sales_cents), 'before tax, refunds included'],
    ['summary', 'Refunds', report.refunds.orders, centsToText(report.refunds.cents), ''],
    ['summary', 'Net sales', '', centsToText(report.net_sales_cents), 'before tax'],
    ['summary', 'Tax', '', centsToText(report.tax_cents), ''],
    ['summary', 'Total', '', centsToText(report.total_cents), 'net sales with tax'],
    ['summary', 'Tips', '', centsToText(report.tips_cents), ''],
    ['summary', 'Average ticket', '', centsToText(report.average_ticket_cents), ''],
    ['summary', 'Busiest hour', '', '', report.busiest_hour === null ? '' : `${String(report.busiest_hour).padStart(2, '0')}:00`],
    ...report.by_drink.map((d) => ['drink', d.name, d.qty, centsToText(d.sales_cents), '']),
    ...report.by_category.map((d) => ['category', d.name, d.qty, centsToText(d.sales_cents), '']),
    ...report.by_staff.map((s) => ['staff', s.name, s.orders, centsToText(s.sales_cents), '']),
    ...report.cancels.map((x) => ['cancel', `#${x.code} ${x.display_name}`, 1, centsToText(x.total_cents), `${x.reason} (${x.by})`]),
    ...report.voids.map((v) => ['void', v.name, v.qty, centsToText(v.amount_cents), `${v.reason} (${v.by})`]),
    ...report.payment_methods.map((p) => ['payment', p.method, p.payments, centsToText(p.amount_cents), `tips ${centsToText(p.tips_cents)}`]),
  ];
  return toCsv(NIGHT_COLUMNS, rows);
}
