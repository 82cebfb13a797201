// Tables and tabs (docs/product.md §12, docs/decisions/231): the rules' constants and the texts people read,
// shared by the Worker, the app and the tests. The money is shared/tab-split.ts.
import type { LiveTableCart, TableCartLine, TableState } from './schemas/tables';

/** A scan joins a table's open tab when its last activity is this recent; later, the host's code is needed. */
export const SCAN_JOIN_WINDOW_MS = 20 * 60_000;

/** Join codes: 4 characters from an alphabet without look-alikes (no I, L, O, 0, 1). */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 4;

/** A round's sales channel: it was sent from a table's cart. */
export const ROUND_SALES_CHANNEL = 'table';

/** Every round's display name, as the bar display shows it. */
export const tableDisplayName = (table: string) => `Table ${table}`;

/** The owner key of a table session's rounds: the one-active-order index then allows one active round per table. */
export const tableOwnerKey = (sessionId: string) => `t:${sessionId}`;

/** Sessions whose tab is still running (a table has at most one). */
export const LIVE_SESSION_STATUSES = ['open', 'billing'] as const;

/** Even split bounds (TakeShareInput). */
export const EVEN_SPLIT_MIN = 2;
export const EVEN_SPLIT_MAX = 20;

/** The query parameter of a table's QR link that carries its signed token (docs/decisions/237). */
export const TABLE_TOKEN_PARAM = 't';

/** The path a table's QR code opens: the venue's menu with the table and its token (the admin's QR screen prints it). */
export function tableQrPath(slug: string, table: string, token: string): string {
  const query = new URLSearchParams({ table, [TABLE_TOKEN_PARAM]: token });
  return `/venue/${encodeURIComponent(slug)}?${query.toString()}`;
}

export const tableMessages = {
  scanTableCode: /*i18n*/ 'Scan the code on your table',
  joinPending: /*i18n*/ 'Waiting for the host to let you in',
  joinDeclined: /*i18n*/ 'The host declined',
  tooManyJoinsDevice: /*i18n*/ 'Too many tries to join a table from this phone. Wait a few minutes, then scan the code on your table.',
  tooManyJoinsTable: /*i18n*/ 'Too many tries to join this table. Wait a few minutes, then scan the code on your table.',
  tableNotFound: (table: string) => `Table ${table} is not a table here. Check the number on your table's QR code.`,
  joinCodeRequired: /*i18n*/ "This table's tab is open. Ask someone at the table for its code.",
  codeNotOpen: /*i18n*/ 'That table code is not open any more.',
  roundActive: (table: string) => `Table ${table}'s round is still being made. Keep adding: you can send the next round when the bar has made it.`,
  billWhileRoundActive: (table: string) => `Table ${table}'s round is still being made. Ask for the bill once it is served.`,
  cartNotEmpty: /*i18n*/ 'Send or clear the cart before splitting the bill',
  notYourLine: (name: string) => `Only ${name} or the host can change this line`,
  lineClaimed: (names: string) => `${names} already claimed this line`,
  amountOverOwed: (owed: string) => `That is more than the ${owed} still owed`,
  tipOverShare: (share: string) => `A tip can be at most the share itself (${share})`,
  shareAlreadyPaid: (name: string) => `Already recorded by ${name}`,
  atAnotherTable: (table: string) => `You are at table ${table}: order through its tab, or leave it first`,
  soloWhileAtTable: (table: string) => `You are at table ${table}: add this to the table's cart, or leave the table to order on your own`,
} as const;

/**
 * The cart's line ids after a `table_cart` frame, when it carries no `order`: the lines kept where they were (a
 * changed one in its place), then the new ones in the frame's order. The hub sends `order` whenever this would
 * not be the cart's order (docs/decisions/231).
 */
export function cartOrderAfter(before: readonly string[], frame: Pick<LiveTableCart, 'lines' | 'removed'>): string[] {
  const removed = new Set(frame.removed);
  const kept = before.filter((id) => !removed.has(id));
  const known = new Set(kept);
  return [...kept, ...frame.lines.map((line) => line.id).filter((id) => !known.has(id))];
}

/**
 * A `table_cart` frame applied onto the table it was sent after; null when `table` is not at the frame's
 * `base_version` (a frame was missed, or the table is newer): the client then reads the table again.
 */
export function applyCartFrame(table: TableState, frame: LiveTableCart): TableState | null {
  if (table.session_id !== frame.session_id || table.version !== frame.base_version) return null;
  const lines = new Map<string, TableCartLine>(table.cart.lines.map((line) => [line.id, line]));
  for (const line of frame.lines) lines.set(line.id, line);
  const order = frame.order ?? cartOrderAfter(table.cart.lines.map((line) => line.id), frame);
  const cart = order.map((id) => lines.get(id));
  // An order naming a line neither held nor sent: the frame does not fit this table.
  if (cart.some((line) => line === undefined)) return null;
  return {
    ...table,
    version: frame.version,
    last_activity_at: frame.last_activity_at,
    cart: { lines: cart as TableCartLine[], subtotal_cents: frame.subtotal_cents, tax_cents: frame.tax_cents, total_cents: frame.total_cents },
  };
}
