// CSV in and out with papaparse (README "Dependencies", docs/decisions/212): quoted fields, commas and line breaks
// inside quotes, a byte-order mark, CRLF. Exported cells that a spreadsheet would run as a formula are escaped with a
// leading apostrophe, and an imported cell loses that apostrophe again, so an export imports back unchanged
// (docs/product.md §11.8).
import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run (`=`, `+`, `-`, `@`, a tab or a carriage return first), or one that already looks
 * escaped (apostrophes before such a character): the export adds one apostrophe, the import takes one away, so a
 * name that truly starts with `'=` survives both. A plain negative amount ("-13.80") is not escaped: it must stay a
 * number so a column of amounts sums (docs/decisions/236).
 */
const FORMULA_CELL = /^(?!-\d+(\.\d+)?$)'*[=+\-@\t\r]/;
const ESCAPED_FORMULA_CELL = /^'+[=+\-@\t\r]/;

/** An imported cell as it was before the export escaped it. */
export function unescapeFormula(cell: string): string {
  return ESCAPED_FORMULA_CELL.test(cell) ? cell.slice(1) : cell;
}

/** The header's names (trimmed, lower-case) and each data row as column → text, in file order. */
export function parseCsv(text: string): { columns: string[]; rows: Record<string, string>[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...body] = parsed.data;
  const columns = header.map((h) => h.trim().toLowerCase());
  return { columns, rows: body.map((cells) => Object.fromEntries(columns.map((c, i) => [c, unescapeFormula((cells[i] ?? '').trim())]))) };
}

export function toCsv(columns: string[], rows: (string | number | boolean | null)[][]): string {
  return Papa.unparse({ fields: columns, data: rows.map((r) => r.map((v) => (v === null ? '' : String(v)))) }, { escapeFormulae: FORMULA_CELL, newline: '\r\n' });
}

/** A CSV download: the file name says what and which day. */
export function csvResponse(body: string, fileName: string) {
  return new Response(`\uFEFF${body}`, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' },
  });
}

/** "12.50" or "$12.50" → 1250; null when the text is not dollars with at most two decimals (never rounded). */
export function dollarsToCents(text: string): number | null {
  const m = /^\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** "12.50" from 1250 cents, "-1.50" from -150: the sign goes in front of the whole amount. */
export function centsToText(cents: number): string {
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** yes/no, true/false, 1/0; blank is `fallback`; anything else null. */
export function yesNo(text: string, fallback: boolean | undefined): boolean | undefined | null {
  const t = text.trim().toLowerCase();
  if (t === '') return fallback;
  if (['yes', 'y', 'true', '1'].includes(t)) return true;
  if (['no', 'n', 'false', '0'].includes(t)) return false;
  return null;
}
