// The close-of-night report as one CSV (docs/product.md §11.11): a row per line the screen shows (figure, open check,
// drink, category, staff member, what was collected in all and by method, cancel, void), each saying its section, so
// one sheet holds the night. In a `collected` section refunds are negative: its amounts sum to its Collected row.
import type { CollectedLines, NightReport } from '../../shared/schemas/reports';
import { centsToText, toCsv } from '../imports';

export const NIGHT_COLUMNS = ['section', 'name', 'quantity', 'amount', 'detail'];

/** The lines that sum to what was collected, in the order the screen shows them. */
const collectedRows = (section: string, lines: CollectedLines): (string | number)[][] => [
  [section, 'Sales', '', centsToText(lines.sales_cents), 'before tax'],
  [section, 'Service charge', '', centsToText(lines.service_charge_cents), ''],
  [section, 'Tax', '', centsToText(lines.tax_cents), ''],
  [section, 'Tips', '', centsToText(lines.tips_cents), ''],
  [section, 'Refunds', '', centsToText(-lines.refunds_cents), 'given back'],
  [section, 'Collected', lines.payments, centsToText(lines.amount_cents), 'payments taken, less refunds'],
];

export function nightReportCsv(report: NightReport): string {
  const rows: (string | number)[][] = [
    ['summary', 'Business day', '', '', `${report.day} (${report.starts_at} to ${report.until}${report.tonight ? ', tonight so far' : ''}, ${report.timezone})`],
    ['summary', 'Orders', report.orders, '', 'handed over or paid'],
    ['summary', 'Gross sales', '', centsToText(report.gross_sales_cents), 'sold, paid or not, before tax'],
    ['summary', 'Open checks', report.open_checks.count, centsToText(report.open_checks.amount_cents), 'handed over, not paid'],
    ['summary', 'Collected', report.collected.payments, centsToText(report.collected.amount_cents), 'payments taken, less refunds'],
    ['summary', 'Refunds', report.refunds.count, centsToText(report.refunds.cents), 'every method'],
    ['summary', 'Card fees', '', centsToText(report.card_fees_cents), 'Barhop fees on card payments'],
    ['summary', 'Average ticket', '', centsToText(report.average_ticket_cents), 'with tax'],
    ['summary', 'Busiest hour', '', '', report.busiest_hour === null ? '' : `${String(report.busiest_hour).padStart(2, '0')}:00`],
    ...report.open_checks.checks.map((c) => ['open check', c.name, 1, centsToText(c.amount_cents), c.at]),
    ...collectedRows('collected', report.collected),
    ...report.payment_methods.flatMap((m) => collectedRows(`collected: ${m.method}`, m)),
    ...report.by_drink.map((d) => ['drink', d.name, d.qty, centsToText(d.sales_cents), '']),
    ...report.by_category.map((d) => ['category', d.name, d.qty, centsToText(d.sales_cents), '']),
    ...report.by_staff.map((s) => ['staff', s.name, s.orders, centsToText(s.sales_cents), '']),
    ...report.cancels.map((x) => ['cancel', `#${x.code} ${x.display_name}`, 1, centsToText(x.total_cents), `${x.reason} (${x.by})`]),
    ...report.voids.map((v) => ['void', v.name, v.qty, centsToText(v.amount_cents), `${v.reason} (${v.by})`]),
  ];
  return toCsv(NIGHT_COLUMNS, rows);
}
