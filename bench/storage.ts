// Phase 6 of `npm run bench` (storage): what an order keeps in its venue's database a day after it was placed
// (docs/scale.md "Measured", docs/decisions/152). On a bench venue with a copy of The Artisan Bar's
// menu, recipes and inventory, on The Artisan Bar's own shard (a database already holding a month of orders):
//   1. BENCH_STORAGE_ORDERS guests each place an order of two lines (3 drinks) through POST /api/orders;
//   2. staff move every order through preparing (its recipes leave stock, one movement per inventory item),
//      ready and delivered with PUT /api/staff/orders/:id/status;
//   3. a day later, as far as the order is concerned: its idempotency record and its live-log events are backdated a
//      day and the housekeeping cron's own statements (worker/jobs/idempotency-purge.ts, live-log-purge.ts) drop
//      them (the venue's last event stays: its number is where the venue continues).
// After each step the venue database's used pages are read: (page_count − freelist_count) × page_size, and per
// table and index from SQLite's dbstat. That is exact: it counts the pages the tables and indexes occupy,
// committed write-ahead-log frames included, and not the free pages the purge leaves, which SQLite reuses for
// the next rows (the file itself never shrinks without a VACUUM, so its size would keep the purged records).
// `wrangler d1 execute` refuses these pragmas (SQLITE_AUTH), so the file is opened read-only with node:sqlite,
// only between steps, when nothing writes.
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { newId } from '../shared/ids';
import { IDEMPOTENCY_KEEP_MS, idempotencyCutoff, PURGE_IDEMPOTENCY_SQL } from '../worker/jobs/idempotency-purge';
import { LIVE_EVENTS_KEEP_MS, liveEventsCutoff, PURGE_LIVE_EVENTS_SQL } from '../worker/jobs/live-log-purge';
import {
  countBy, executeLocal, insertRow, loadVenue, placeOrder, pool, queryLocal, repoRoot, returningGuestTokens, round1,
  round2, staffToken, type StaffUser,
} from './harness';

const SLUG = 'bench-storage';
const HOME_SLUG = 'artisan-bar';
/** Enough stock that no drink sells out however many orders the phase places (the bytes do not depend on it). */
const STOCK_UNITS = 1_000_000;
/** Status changes per staff account, under the write budget of 600 a minute (worker/lib/write-limits.ts). */
const CHANGES_PER_ACCOUNT = 400;
/** What an order writes on its venue's database, and on the control database (counted for information). */
const VENUE_TABLES = ['orders', 'order_items', 'order_events', 'stock_movements', 'idempotency_records', 'live_events'];
const CONTROL_TABLES = ['audit_log', 'rate_limits', 'refresh_tokens'];

type Snapshot = {
  usedBytes: number;
  /** Per B-tree (table, index or a primary key's autoindex): its table and the bytes of its pages. */
  btrees: Map<string, { table: string; bytes: number }>;
  rows: Record<string, number>;
};

/** The used pages of one database file and of each of its B-trees, and the row counts of `tables`. */
function snapshot(file: string, tables: string[]): Snapshot {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const pages = db.prepare('SELECT * FROM pragma_page_count(), pragma_freelist_count(), pragma_page_size()').get() as
      { page_count: number; freelist_count: number; page_size: number };
    const btrees = db.prepare(`SELECT d.name, coalesce(m.tbl_name, d.name) AS tbl, d.pgsize AS bytes
      FROM dbstat AS d LEFT JOIN sqlite_schema AS m ON m.name = d.name WHERE d.aggregate = 1`).all() as { name: string; tbl: string; bytes: number }[];
    return {
      usedBytes: (pages.page_count - pages.freelist_count) * pages.page_size,
      btrees: new Map(btrees.map((b) => [b.name, { table: b.tbl, bytes: b.bytes }])),
      rows: Object.fromEntries(tables.map((table) => [table, (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n])),
    };
  } finally {
    db.close();
  }
}

/** Growth from `a` to `b` per order: the whole file's used bytes, and per table its rows and its bytes (table and indexes). */
function growth(a: Snapshot, b: Snapshot, orders: number) {
  const perOrder = (n: number) => round1(n / orders);
  const byTable = new Map<string, { bytes: number; btrees: Record<string, number> }>();
  for (const [name, after] of b.btrees) {
    const delta = after.bytes - (a.btrees.get(name)?.bytes ?? 0);
    if (delta === 0 && !(after.table in b.rows)) continue;
    const table = byTable.get(after.table) ?? { bytes: 0, btrees: {} };
    table.bytes += delta;
    table.btrees[name] = perOrder(delta);
    byTable.set(after.table, table);
  }
  return {
    bytes_per_order: Math.round((b.usedBytes - a.usedBytes) / orders),
    tables: Object.fromEntries([...byTable].map(([name, table]) => [name, {
      rows_per_order: perOrder((b.rows[name] ?? 0) - (a.rows[name] ?? 0)), bytes_per_order: perOrder(table.bytes), btrees: table.btrees,
    }])),
  };
}

/** The one local D1 file of this run for which `probe` finds a row. */
function databaseFile(stateDir: string, probe: string) {
  const dir = path.join(repoRoot, stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const found = readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite').map((f) => path.join(dir, f)).filter((file) => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return db.prepare(probe).get() !== undefined;
    } catch {
      return false;
    } finally {
      db.close();
    }
  });
  if (found.length !== 1) throw new Error(`storage: ${found.length} local databases answer ${probe}`);
  return found[0]!;
}

/**
 * The bench venue on The Artisan Bar's shard: a copy of that bar's venue row, orderable menu, recipe lines and
 * live inventory items (with ample stock), and `accounts` staff accounts of the venue. Every id is a fresh one
 * of the Worker's own length (shared/ids.ts), so the rows that name them weigh what production's do.
 */
function createStorageVenue(stateDir: string, accounts: number) {
  const [home] = queryLocal<{ venue_id: string; shard: string }>(stateDir, `SELECT venue_id, shard FROM venue_directory WHERE slug = '${HOME_SLUG}'`);
  if (!home) throw new Error(`storage: no ${HOME_SLUG} in the venue directory`);
  const read = (sql: string) => queryLocal<Record<string, unknown>>(stateDir, sql, home.shard);
  const [venueRow] = read(`SELECT * FROM venues WHERE id = '${home.venue_id}'`);
  const drinks = read(`SELECT * FROM menu_drinks WHERE restaurant_id = '${home.venue_id}' AND is_available = 1 AND sold_out_reason IS NULL`);
  const recipes = read(`SELECT l.* FROM drink_ingredients l JOIN menu_drinks d ON d.id = l.menu_drink_id
    WHERE d.restaurant_id = '${home.venue_id}' AND d.is_available = 1 AND d.sold_out_reason IS NULL`);
  const stock = read(`SELECT * FROM inventory_items WHERE restaurant_id = '${home.venue_id}' AND deleted_at IS NULL`);
  const venueId = newId();
  const copies = new Map<unknown, string>();
  const copy = (id: unknown) => copies.get(id) ?? copies.set(id, newId()).get(id)!;
  const venue = insertRow('venues', venueRow!, { id: venueId, slug: SLUG, name: 'Bench Storage' });
  const staff = Array.from({ length: accounts }, (): StaffUser => ({ id: newId(), role: 'staff', restaurant_id: venueId, claims_version: 1 }));
  const control = [
    venue,
    insertRow('venue_directory', { venue_id: venueId, slug: SLUG, shard: home.shard }),
    ...staff.map((user) => insertRow('users', { id: user.id, email: `${user.id}@bench.invalid`, password_hash: '-', role: 'staff', restaurant_id: venueId })),
  ];
  const onShard = [
    ...(home.shard === 'DB' ? [] : [venue]),
    ...drinks.map((drink) => insertRow('menu_drinks', drink, { id: copy(drink.id), restaurant_id: venueId })),
    ...recipes.map((line) => insertRow('drink_ingredients', line, { id: copy(line.id), menu_drink_id: copy(line.menu_drink_id) })),
    ...stock.map((item) => insertRow('inventory_items', item, { id: copy(item.id), restaurant_id: venueId, quantity: STOCK_UNITS })),
  ];
  executeLocal(stateDir, 'DB', control);
  executeLocal(stateDir, home.shard, onShard);
  return { id: venueId, shard: home.shard, staff, recipeLines: recipes.length, inventoryItems: stock.length };
}

async function changeStatus(baseUrl: string, token: string, orderId: string, status: string) {
  const res = await fetch(`${baseUrl}/api/staff/orders/${orderId}/status`, {
    method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ status }),
  }).catch(() => null);
  await res?.arrayBuffer();
  return res?.status ?? 0;
}

export async function storagePhase(baseUrl: string, stateDir: string, options: { orders: number; concurrency: number }) {
  const { orders, concurrency } = options;
  const venue = createStorageVenue(stateDir, Math.ceil((3 * orders) / CHANGES_PER_ACCOUNT));
  const menu = await loadVenue(baseUrl, SLUG);
  const staffTokens = await Promise.all(venue.staff.map((user) => staffToken(user, stateDir)));
  // Device sessions as the Worker issues them (24 characters), so owner keys weigh what production's do; returning
  // guests, so the first-orders ceiling (docs/decisions/167) admits them all. Written before the first snapshot.
  const guests = await returningGuestTokens(stateDir, [venue.id], orders, () => newId(24));
  const venueFile = databaseFile(stateDir, `SELECT 1 FROM menu_drinks WHERE restaurant_id = '${venue.id}'`);
  const controlFile = databaseFile(stateDir, `SELECT 1 FROM venue_directory WHERE venue_id = '${venue.id}'`);
  const start = snapshot(venueFile, VENUE_TABLES);
  const controlStart = snapshot(controlFile, CONTROL_TABLES);

  const placed = await pool(guests.map((token, i) => () => placeOrder(baseUrl, menu, token, i)), concurrency);
  const ids = placed.filter((p) => p.status === 200 && p.id).map((p) => p.id!);
  if (ids.length !== orders) throw new Error(`storage: ${ids.length} of ${orders} orders placed (${JSON.stringify(countBy(placed.map((p) => String(p.status))))})`);
  const afterPlacement = snapshot(venueFile, VENUE_TABLES);

  let change = 0;
  for (const status of ['preparing', 'ready', 'delivered']) {
    const answers = await pool(ids.map((id) => () => changeStatus(baseUrl, staffTokens[change++ % staffTokens.length]!, id, status)), concurrency);
    const failed = answers.filter((s) => s !== 200);
    if (failed.length) throw new Error(`storage: ${failed.length} of ${ids.length} orders not moved to ${status} (${JSON.stringify(countBy(failed.map(String)))})`);
  }
  const delivered = snapshot(venueFile, VENUE_TABLES);
  const controlEnd = snapshot(controlFile, CONTROL_TABLES);

  // A day later: the housekeeping cron's statement with its own cutoff, over records made a day older.
  const dayOld = new Date(Date.now() - Math.max(IDEMPOTENCY_KEEP_MS, LIVE_EVENTS_KEEP_MS) - 60_000).toISOString();
  // The venue's live log (docs/decisions/154) likewise: its events a day old, and housekeeping's statement.
  executeLocal(stateDir, venue.shard, [
    `UPDATE idempotency_records SET created_at = '${dayOld}' WHERE restaurant_id = '${venue.id}';`,
    `${PURGE_IDEMPOTENCY_SQL.replace('?', `'${idempotencyCutoff(new Date())}'`)};`,
    `UPDATE live_events SET created_at = '${dayOld}' WHERE restaurant_id = '${venue.id}';`,
    `${PURGE_LIVE_EVENTS_SQL.replace('?', `'${liveEventsCutoff(new Date())}'`)};`,
  ]);
  const kept = snapshot(venueFile, VENUE_TABLES);
  const keptGrowth = growth(start, kept, orders);
  if (keptGrowth.tables.stock_movements?.rows_per_order === 0) throw new Error('storage: no stock movements (were the recipes copied?)');

  return {
    orders,
    concurrency,
    venue: { slug: SLUG, shard: venue.shard, drinks: menu.drinks.length, recipe_lines: venue.recipeLines, inventory_items: venue.inventoryItems },
    measure: '(page_count − freelist_count) × page_size of the venue database file, and dbstat per B-tree, read-only through node:sqlite',
    idempotency_records_purged: delivered.rows.idempotency_records! - kept.rows.idempotency_records!,
    live_events_purged: delivered.rows.live_events! - kept.rows.live_events!,
    /** Placed: order, items, the placed event and the idempotency record, with their indexes. */
    placement: growth(start, afterPlacement, orders),
    /** Delivered the same day: three more events and the stock movements of the deduction. */
    day_one: growth(start, delivered, orders),
    /** What stays once housekeeping has dropped the idempotency record: the issue's figure. */
    kept: keptGrowth,
    kept_bytes_per_order: keptGrowth.bytes_per_order,
    /** The control database over the same orders (rate limit windows, the audit log of staff writes, staff sessions). */
    control_database: growth(controlStart, controlEnd, orders),
    load_average: loadavg().map(round2),
  };
}
