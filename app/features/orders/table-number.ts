// A table's QR code opens the menu with `?table=N` (admin /qr). The table is kept for the browser
// tab's session and sent with every order from this device, so staff know where to bring drinks.
const TABLE_KEY = 'barhop.table';
const TABLE_PATTERN = /^[\w .#-]{1,20}$/;

function storage(): Storage | null {
  try { return typeof sessionStorage === 'undefined' ? null : sessionStorage; } catch { return null; }
}

/** Remembers `?table=` from the URL when it holds a sensible table name. */
export function rememberTableFromUrl(search: string) {
  const table = new URLSearchParams(search).get('table')?.trim();
  if (table && TABLE_PATTERN.test(table)) storage()?.setItem(TABLE_KEY, table);
}

export const currentTable = (): string | null => storage()?.getItem(TABLE_KEY) ?? null;

/** An order body with the remembered table, unless it names one itself. */
export function withTable<T extends object>(body: T): T & { table?: string } {
  const table = currentTable();
  return table && !('table' in body && (body as { table?: unknown }).table) ? { ...body, table } : body;
}
