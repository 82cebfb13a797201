// Tables and tabs (docs/product.md §12, docs/decisions/170): the rules' constants and the texts people read,
// shared by the Worker, the app and the tests. The money is shared/tab-split.ts.
import { fillTemplate, REFUSAL_MESSAGES } from './refusal-messages';
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

/** The query parameter of a table's QR link that carries its signed token (docs/decisions/229). */
export const TABLE_TOKEN_PARAM = 't';

/** The path a table's QR code opens: the venue's menu with the table and its token (the admin's QR screen prints it). */
export function tableQrPath(slug: string, table: string, token: string): string {
  const query = new URLSearchParams({ table, [TABLE_TOKEN_PARAM]: token });
  return `/venue/${encodeURIComponent(slug)}?${query.toString()}`;
}

/** The table refusals' English texts, from the refusal registry (shared/refusal-messages.ts). */
export const tableMessages = {
  scanTableCode: REFUSAL_MESSAGES.table_token_required,
  joinPending: REFUSAL_MESSAGES.join_pending,
  joinDeclined: REFUSAL_MESSAGES.join_declined,
  tooManyJoinsDevice: REFUSAL_MESSAGES['rate_limited.table_joins_device'],
  tooManyJoinsTable: REFUSAL_MESSAGES['rate_limited.table_joins_table'],
  tableNotFound: (table: string) => fillTemplate(REFUSAL_MESSAGES.table_not_found, { table }),
  joinCodeRequired: REFUSAL_MESSAGES.join_code_required,
  codeNotOpen: REFUSAL_MESSAGES['table_session_not_found.code'],
  roundActive: (table: string) => fillTemplate(REFUSAL_MESSAGES.round_active, { table }),
  billWhileRoundActive: (table: string) => fillTemplate(REFUSAL_MESSAGES['round_active.bill'], { table }),
  cartNotEmpty: REFUSAL_MESSAGES.cart_not_empty,
  notYourLine: (name: string) => fillTemplate(REFUSAL_MESSAGES.not_your_line, { name }),
  lineClaimed: (name: string) => fillTemplate(REFUSAL_MESSAGES.line_claimed, { claimed_by: name }),
  amountOverOwed: (owed: string) => fillTemplate(REFUSAL_MESSAGES.amount_over_owed, { owed_cents: owed }),
  tipOverShare: (share: string) => fillTemplate(REFUSAL_MESSAGES.tip_over_share, { share_cents: share }),
  shareAlreadyPaid: (name: string) => fillTemplate(REFUSAL_MESSAGES.share_already_paid, { recorded_by: name }),
  atAnotherTable: (table: string) => fillTemplate(REFUSAL_MESSAGES.at_another_table, { table }),
  soloWhileAtTable: (table: string) => fillTemplate(REFUSAL_MESSAGES.at_table, { table }),
} as const;

/**
 * The cart's line ids after a `table_cart` frame, when it carries no `order`: the lines kept where they were (a
 * changed one in its place), then the new ones in the frame's order. The hub sends `order` whenever this would
 * not be the cart's order (docs/decisions/208).
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
