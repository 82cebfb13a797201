// Tables benchmark: `npm run bench:table` (see bench/README.md, "npm run bench:table").
//
// Starts the production build with scripts/e2e-server.sh on its own port, state and out dir (or attaches to
// BENCH_URL with BARHOP_STATE_DIR naming its state), adds 3 × 20 bench tables at The Artisan Bar, and for each
// phase seats 8 guests at each of 20 tables (the first scan opens the tab, the others join), each member with their
// own live socket. Every member then adds `BENCH_TABLE_CHANGES` lines; measured per change, the time from sending it
// to the frame of that change (`table_updated` or `table_cart`) on every member's socket of its table (docs/decisions/231):
//   1. "paced" (the budget): all 160 members at once, as people tap, a think time of 1-4 s between a member's taps;
//   2. "saturated": all 160 at once with no think time, each change the moment the previous one answered (160 in
//      flight: the queue two cores hold, a capacity figure);
//   3. "a change per table": one change per table in flight, the table's members taking turns (20 in flight);
//   4. for comparison in the same run, the solo live figure: `BENCH_TABLE_SOLO_ORDERS` orders by as many returning
//      guests, 20 in flight, send → `order_created` on 8 staff sockets (bench/orders.ts livePhase).
// Prints one JSON document and writes it to bench/results/.
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import {
  countBy, envNumber, executeLocal, guestToken, loadVenue, percentiles, queryLocal, round1, serverCpuMs, serverCpuSplitMs, staffToken, superadminOf,
  withBenchTarget, WORKER_ONLY, writeResult, type BenchServer,
} from './harness';
import { livePhase } from './orders';

const SLUG = 'artisan-bar';
/** The p99 budget of a change to every member's socket (docs/decisions/231). */
export const TABLE_BUDGET_P99_MS = 100;

type Member = { token: string; table: string; sessionId: string; ws: WebSocket };
/**
 * How members add lines: `paced`, all at once as people tap (a think time between a member's taps; the budgeted
 * figure); `all`, every member's next change the moment the previous one answered (160 in flight: what two cores
 * hold at saturation); `per_table`, one change per table in flight, the table's members taking turns.
 */
type InFlight = 'paced' | 'all' | 'per_table';

/** The venue's bench tables ("B1"..), on its shard (docs/decisions/150). */
function addBenchTables(stateDir: string, count: number) {
  const [home] = queryLocal<{ venue_id: string; shard: string }>(stateDir, `SELECT venue_id, shard FROM venue_directory WHERE slug = '${SLUG}'`);
  if (!home) throw new Error(`no ${SLUG} in the bench database`);
  executeLocal(stateDir, home.shard, Array.from({ length: count }, (_, i) =>
    `INSERT OR IGNORE INTO venue_tables (id, restaurant_id, number, position) VALUES ('bench-table-${i + 1}', '${home.venue_id}', 'B${i + 1}', ${100 + i});`)
    // A run against a server an earlier run used starts on free tables: that run's tabs are ended.
    .concat(`UPDATE table_sessions SET status = 'ended' WHERE restaurant_id = '${home.venue_id}' AND table_number LIKE 'B%' AND status IN ('open', 'billing');`));
  return home.venue_id;
}

async function post(baseUrl: string, path: string, token: string, body: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...WORKER_ONLY }, body: JSON.stringify(body),
  }).catch(() => null);
  if (!res) return { status: 0, json: null as unknown };
  return { status: res.status, json: await res.json().catch(() => null) as unknown };
}

/** Frames received, by `session:version`: each socket's receipt time (performance.now()). */
type Receipts = Map<string, Map<WebSocket, number>>;

function openSocket(baseUrl: string, venueId: string, token: string, receipts: Receipts): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live/venues/${venueId}?token=${encodeURIComponent(token)}`);
    ws.onmessage = (event) => {
      const at = performance.now();
      const message = JSON.parse(String(event.data)) as { type: string; table?: { session_id: string; version: number }; session_id?: string; version?: number };
      if (message.type === 'hello') resolve(ws);
      // A change arrives whole (`table_updated`) or as what changed in the cart (`table_cart`, docs/decisions/231).
      const changed = message.type === 'table_updated' ? message.table : message.type === 'table_cart' ? message as { session_id: string; version: number } : null;
      if (changed) {
        const key = `${changed.session_id}:${changed.version}`;
        const seen = receipts.get(key) ?? new Map<WebSocket, number>();
        if (!seen.has(ws)) seen.set(ws, at);
        receipts.set(key, seen);
      }
    };
    ws.onerror = () => reject(new Error('socket failed'));
  });
}

/**
 * Seats `members` guests at each of `tables` bench tables from "B<first>" on, then every member adds `changes` lines:
 * all members at once (`inFlight: 'all'`), or one change per table at a time, the table's members taking turns.
 */
export async function tablePhase(baseUrl: string, venueId: string, stateDir: string,
  options: { first: number; tables: number; members: number; changes: number; inFlight: InFlight; thinkMs?: [number, number] },
  serverCpu: ReturnType<typeof serverCpuSplitMs>) {
  const venue = await loadVenue(baseUrl, SLUG);
  const receipts: Receipts = new Map();
  const staff = await openSocket(baseUrl, venueId, await staffToken(superadminOf(stateDir), stateDir), receipts);

  // Each table's QR token, as the QR generator prints it: a tab opens only with it (docs/decisions/237).
  const listed = await fetch(`${baseUrl}/api/admin/tables?restaurant_id=${SLUG}`, { headers: { Authorization: `Bearer ${await staffToken(superadminOf(stateDir), stateDir)}` } });
  const qrTokens = new Map(((await listed.json()) as { tables: { number: string; token: string }[] }).tables.map((t) => [t.number, t.token]));
  // Seat the tables, eight guests each, the tables side by side; every member's socket connects once seated.
  const tables = Array.from({ length: options.tables }, (_, i) => `B${options.first + i}`);
  const seated = await Promise.all(tables.map(async (table) => {
    const members: Member[] = [];
    for (let m = 0; m < options.members; m++) {
      const token = await guestToken();
      const sat = await post(baseUrl, '/api/tables/sessions', token, { slug: SLUG, table, name: `Guest ${m + 1}`, token: qrTokens.get(table) });
      if (sat.status !== 200) throw new Error(`seating ${table} failed: ${sat.status} ${JSON.stringify(sat.json)}`);
      const sessionId = (sat.json as { table: { session_id: string } }).table.session_id;
      members.push({ token, table, sessionId, ws: await openSocket(baseUrl, venueId, token, receipts) });
    }
    return members;
  }));
  const members = seated.flat();
  const socketsOf = new Map<string, WebSocket[]>();
  for (const m of members) socketsOf.set(m.sessionId, [...(socketsOf.get(m.sessionId) ?? []), m.ws]);

  const changes: { sessionId: string; version: number | null; status: number; started: number; ms: number }[] = [];
  const change = async (member: Member, i: number, c: number) => {
    const begin = performance.now();
    const res = await post(baseUrl, `/api/tables/sessions/${member.sessionId}/lines`, member.token, {
      menu_drink_id: venue.drinks[(i + c) % venue.drinks.length], qty: 1, notes: `change ${c}`,
    });
    const version = res.status === 200 ? (res.json as { table: { version: number } }).table.version : null;
    changes.push({ sessionId: member.sessionId, version, status: res.status, started: begin, ms: performance.now() - begin });
  };
  const cpuBefore = serverCpu?.() ?? null;
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  if (options.inFlight === 'paced') {
    // Every member at once, as people tap: each change a think time after their previous one answered, the
    // first within one think time of the start.
    const [least, most] = options.thinkMs ?? [1_000, 4_000];
    const think = () => new Promise((r) => setTimeout(r, least + Math.random() * (most - least)));
    await Promise.all(members.map(async (member, i) => {
      for (let c = 0; c < options.changes; c++) { await think(); await change(member, i, c); }
    }));
  } else if (options.inFlight === 'all') {
    // Every member at once, each change after their previous one answered.
    await Promise.all(members.map(async (member, i) => {
      for (let c = 0; c < options.changes; c++) await change(member, i, c);
    }));
  } else {
    // One change per table in flight: its members take turns.
    await Promise.all(seated.map(async (table, t) => {
      for (let c = 0; c < options.changes; c++) {
        for (const [m, member] of table.entries()) await change(member, t * options.members + m, c);
      }
    }));
  }
  const durationMs = performance.now() - started;
  const cpuAfter = serverCpu?.() ?? null;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const clientCpuMs = (clientCpu.user + clientCpu.system) / 1000;
  const cpuMs = cpuBefore && cpuAfter ? { workerd: cpuAfter.workerd - cpuBefore.workerd, vite_preview: cpuAfter.vite_preview - cpuBefore.vite_preview } : null;
  // Let the last frames arrive.
  const expected = (c: (typeof changes)[number]) => socketsOf.get(c.sessionId)!.length;
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && changes.some((c) => c.version !== null && (receipts.get(`${c.sessionId}:${c.version}`)?.size ?? 0) < expected(c) + 1)) {
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const m of members) m.ws.close();
  staff.close();

  const perSocket: number[] = [];
  const everyMember: number[] = [];
  let delivered = 0;
  let deliveries = 0;
  for (const change of changes) {
    if (change.version === null) continue;
    const seen = receipts.get(`${change.sessionId}:${change.version}`);
    const times = socketsOf.get(change.sessionId)!.map((ws) => seen?.get(ws)).filter((t): t is number => t !== undefined);
    deliveries += expected(change);
    delivered += times.length;
    for (const t of times) perSocket.push(t - change.started);
    if (times.length === expected(change)) everyMember.push(Math.max(...times) - change.started);
  }
  const ok = changes.filter((c) => c.status === 200);
  const toEveryMember = percentiles(everyMember);
  return {
    mode: options.inFlight,
    think_ms: options.inFlight === 'paced' ? options.thinkMs ?? [1_000, 4_000] : null,
    in_flight_at_most: options.inFlight === 'per_table' ? options.tables : members.length,
    tables: options.tables,
    members: members.length,
    changes: changes.length,
    ok: ok.length,
    errors: countBy(changes.filter((c) => c.status !== 200).map((c) => String(c.status))),
    changes_per_s: round1((ok.length / durationMs) * 1000),
    deliveries_expected: deliveries,
    deliveries_received: delivered,
    /** From sending a change to its frame on the last of its table's member sockets: the budgeted figure. */
    change_to_every_member_ms: toEveryMember,
    /** The same per member socket. */
    change_to_member_socket_ms: percentiles(perSocket),
    /** The change's HTTP answer. */
    change_answer_ms: percentiles(ok.map((c) => c.ms)),
    server_cpu_ms_per_change: cpuMs === null ? null : round1((cpuMs.workerd + cpuMs.vite_preview) / changes.length),
    /** The server's CPU apart (workerd: the Worker and the hub; vite preview: the proxy), and the bench client's. */
    cpu_ms_per_change: {
      workerd: cpuMs === null ? null : round1(cpuMs.workerd / changes.length),
      vite_preview: cpuMs === null ? null : round1(cpuMs.vite_preview / changes.length),
      bench_client: round1(clientCpuMs / changes.length),
    },
    budget_p99_ms: TABLE_BUDGET_P99_MS,
    holds: toEveryMember.p99 !== null && toEveryMember.p99 <= TABLE_BUDGET_P99_MS && delivered === deliveries,
  };
}

async function main() {
  const stateDir = process.env.BARHOP_STATE_DIR ?? '.wrangler/bench-table-state';
  await withBenchTarget(4352, stateDir, async (baseUrl, _attached, server: BenchServer | null) => {
    const tables = envNumber('BENCH_TABLES', 20);
    const venueId = addBenchTables(stateDir, 3 * tables);
    const options = { tables, members: envNumber('BENCH_TABLE_MEMBERS', 8), changes: envNumber('BENCH_TABLE_CHANGES', 5) };
    const thinkMs: [number, number] = [envNumber('BENCH_TABLE_THINK_MIN_MS', 1_000), envNumber('BENCH_TABLE_THINK_MAX_MS', 4_000)];
    const paced = await tablePhase(baseUrl, venueId, stateDir, { ...options, first: 1, inFlight: 'paced', thinkMs }, serverCpuSplitMs(server));
    const atOnce = await tablePhase(baseUrl, venueId, stateDir, { ...options, first: tables + 1, inFlight: 'all' }, serverCpuSplitMs(server));
    const perTable = await tablePhase(baseUrl, venueId, stateDir, { ...options, first: 2 * tables + 1, inFlight: 'per_table' }, serverCpuSplitMs(server));
    const venue = await loadVenue(baseUrl, SLUG);
    const solo = await livePhase(baseUrl, [venue], superadminOf(stateDir), stateDir, {
      sockets: options.members, orders: envNumber('BENCH_TABLE_SOLO_ORDERS', 160), concurrency: tables,
    }, serverCpuMs(server));
    const report = { target: baseUrl, at: new Date().toISOString(), node: process.version, load_average: loadavg().map((n) => Math.round(n * 100) / 100), paced, saturated: atOnce, a_change_per_table: perTable, solo_live: solo };
    console.log(writeResult(`table-${report.at.replace(/[:.]/g, '-')}.json`, report));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
