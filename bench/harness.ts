// What every benchmark here shares: the local server (production build on workerd over a fresh seeded
// database, scripts/e2e-server.sh), the bench venues, tokens signed like the Worker signs them, order
// placement over HTTP, and the statistics (percentiles and ratios only, from one run; bench/README.md).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const envNumber = (name: string, fallback: number) => Number(process.env[name]) || fallback;

const JWT_SECRET = process.env.JWT_SECRET ?? /JWT_SECRET\s*=\s*"([^"]+)"/.exec(readFileSync(path.join(repoRoot, 'wrangler.toml'), 'utf8'))![1]!;
const secret = new TextEncoder().encode(JWT_SECRET);

// ---- tokens (the same claims the Worker issues; see worker/auth/tokens.ts) ------------------------

/** A guest device session's token; `subject` is its session id (the Worker's are 24 random characters). */
export function guestToken(subject = `bench-${randomUUID()}`) {
  return new SignJWT({ guest_id: null }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(subject)
    .setIssuer('barhop').setAudience('barhop-guest').setIssuedAt().setExpirationTime('2h').sign(secret);
}

/**
 * Guest tokens of devices that have ordered at their venue before, token i for `venueIds[i % n]`: each device gets
 * an archived order there, so the venue's ceiling on first orders from new anonymous devices (docs/decisions/167)
 * does not count it, as it does not count a bar's regulars. A bench that places more than that ceiling's orders
 * per venue uses these.
 */
export async function returningGuestTokens(stateDir: string, venueIds: string[], count: number, subject = () => `bench-${randomUUID()}`) {
  const shards = new Map(queryLocal<{ venue_id: string; shard: string }>(stateDir, 'SELECT venue_id, shard FROM venue_directory')
    .map((row) => [row.venue_id, row.shard]));
  const subjects = Array.from({ length: count }, subject);
  const rowsByShard = new Map<string, string[]>();
  subjects.forEach((sub, i) => {
    const venueId = venueIds[i % venueIds.length]!;
    const shard = shards.get(venueId) ?? 'DB';
    rowsByShard.set(shard, [...(rowsByShard.get(shard) ?? []),
      `(${sqlText(`bench-regular-${sub}`)}, ${sqlText(venueId)}, ${sqlText(`s:${sub}`)}, 'delivered', 'captured', '2026-01-01T00:00:00.000Z')`]);
  });
  for (const [shard, rows] of rowsByShard) {
    const statements: string[] = [];
    for (let at = 0; at < rows.length; at += 500) {
      statements.push(`INSERT OR IGNORE INTO archived_orders (id, restaurant_id, owner_key, status, payment_status, created_at) VALUES ${rows.slice(at, at + 500).join(', ')};`);
    }
    executeLocal(stateDir, shard, statements);
  }
  return Promise.all(subjects.map((sub) => guestToken(sub)));
}

/**
 * The bar serves what the bench ordered: the venues' open orders are made delivered, straight in their databases,
 * between steps (setup, never timed). A queue that only grows is no bar's: past 648 open orders a venue has no order
 * code left (docs/decisions/234), and the ETA each placement sums in its write batch grows with the queue.
 */
export function serveOpenOrders(stateDir: string, venueIds: string[]) {
  const shards = new Map(queryLocal<{ venue_id: string; shard: string }>(stateDir, 'SELECT venue_id, shard FROM venue_directory')
    .map((row) => [row.venue_id, row.shard]));
  const byShard = new Map<string, string[]>();
  for (const id of venueIds) byShard.set(shards.get(id) ?? 'DB', [...(byShard.get(shards.get(id) ?? 'DB') ?? []), id]);
  const now = new Date().toISOString();
  for (const [shard, ids] of byShard) {
    executeLocal(stateDir, shard, [`UPDATE orders SET status = 'delivered', made_at = coalesce(made_at, ${sqlText(now)}), delivered_at = ${sqlText(now)}, updated_at = ${sqlText(now)}
      WHERE restaurant_id IN (${ids.map(sqlText).join(', ')}) AND status IN ('pending', 'preparing', 'ready');`]);
  }
}

/** Returning guests' tokens by venue, each handed out once (one active order per guest, docs/product.md). */
export type GuestPool = (venueId: string) => string;

/**
 * `perVenue` returning guests at each venue (returningGuestTokens). Sized by the caller for the orders it can place;
 * running out fails the run with the number to raise rather than measuring refusals.
 */
export async function returningGuestPool(stateDir: string, venueIds: string[], perVenue: number): Promise<GuestPool> {
  const tokens = await returningGuestTokens(stateDir, venueIds, perVenue * venueIds.length);
  const queues = new Map(venueIds.map((id, v) => [id, tokens.filter((_, i) => i % venueIds.length === v)]));
  return (venueId) => {
    const token = queues.get(venueId)?.shift();
    if (!token) throw new Error(`bench: the ${perVenue} returning guests of venue ${venueId} are used up; place fewer orders or size the pool larger`);
    return token;
  };
}

export type StaffUser = { id: string; role: string; restaurant_id: string | null; claims_version: number };

/**
 * A staff token in a live session (docs/decisions/192): a refresh family row is written to the local
 * database first, as a login would.
 */
export async function staffToken(user: StaffUser, stateDir: string) {
  return (await staffTokens(user, stateDir, 1))[0]!;
}

/**
 * `count` staff tokens of the same user, each its own live session, as `count` devices signed in (one write to the
 * local database for all of them). Sockets of one session are capped (docs/decisions/166): a bench that listens as
 * many devices opens one session per socket.
 */
export function staffTokens(user: StaffUser, stateDir: string, count: number) {
  const expires = new Date(Date.now() + 2 * 3600_000).toISOString();
  const sids = Array.from({ length: count }, () => `bench-${randomUUID()}`);
  queryLocal(stateDir, `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at) VALUES ${sids.map((sid) => `('${sid}', '${user.id}', '${sid}', '${sid}', '${expires}')`).join(', ')}`);
  return Promise.all(sids.map((sid) => new SignJWT({ role: user.role, restaurant_id: user.restaurant_id, claims_version: user.claims_version, sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(user.id)
    .setIssuer('barhop').setAudience('barhop-staff').setIssuedAt().setExpirationTime('1h').sign(secret)));
}

// ---- local server and database ------------------------------------------------------------------

export type BenchServer = { baseUrl: string; stateDir: string; outDir: string; port: number; child: ChildProcess | null };

function wrangler(args: string[]) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', 'wrangler', 'bin', 'wrangler.js'), ...args], {
    cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** A read straight from the server's local D1 file (setup and sizes, never while measuring). */
export function queryLocal<Row>(stateDir: string, sql: string, binding = 'DB'): Row[] {
  const out = wrangler(['d1', 'execute', binding, '--local', '--persist-to', stateDir, '--json', '--command', sql]);
  return (JSON.parse(out.slice(out.indexOf('['))) as { results: Row[] }[])[0]!.results;
}

/**
 * Bench venues (by slug) on the control database, each with a copy of The Artisan Bar's orderable menu: the
 * placement and storage phases measure that one database file.
 */
export function createBenchVenues(stateDir: string, slugs: string[]) {
  createShardedBenchVenues(stateDir, slugs, ['DB']);
}

export function superadminOf(stateDir: string): StaffUser {
  const [user] = queryLocal<StaffUser>(stateDir,
    "SELECT id, role, restaurant_id, claims_version FROM users WHERE role = 'superadmin' AND disabled_at IS NULL LIMIT 1");
  if (!user) throw new Error('no super admin in the bench database');
  return user;
}

export async function waitForServer(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server at ${url} did not come up`);
}

/** Builds and serves the app on its own port, state and out dir (never your `npm start` data). */
export async function startServer(options: { port: number; stateDir: string; outDir: string; inspectorPort?: number | null }): Promise<BenchServer> {
  const child = spawn('bash', ['scripts/e2e-server.sh', String(options.port)], {
    cwd: repoRoot, detached: true, stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, BARHOP_STATE_DIR: options.stateDir, BARHOP_OUT_DIR: options.outDir,
      // The Worker's DevTools port, for a CPU profile (bench/profile.ts); none unless asked.
      ...(options.inspectorPort ? { BARHOP_INSPECTOR_PORT: String(options.inspectorPort) } : {}),
    },
  });
  const server = { ...options, baseUrl: `http://127.0.0.1:${options.port}`, child };
  try {
    // The build, migrations and seed take 2 minutes on a quiet 2-core machine and several times that on a busy one.
    await waitForServer(server.baseUrl, envNumber('BENCH_SERVER_START_SECONDS', 600) * 1000);
  } catch (err) {
    stopServer(server);
    throw err;
  }
  return server;
}

/**
 * CPU time (user + system, ms) spent so far by the processes of a server this bench started (workerd and the
 * `vite preview` in front of it: the script's process group), or of an attached server whose process group
 * `BENCH_SERVER_PGID` names. Per request it stays comparable when other work shares the machine, where
 * throughput does not. Null when neither is known.
 */
export function serverCpuMs(server: BenchServer | null): (() => number) | null {
  const split = serverCpuSplitMs(server);
  return split && (() => { const { workerd, vite_preview } = split(); return workerd + vite_preview; });
}

/** The same CPU time apart: workerd (the Worker and its hubs) and `vite preview` (Node: the proxy in front). */
export function serverCpuSplitMs(server: BenchServer | null): (() => { workerd: number; vite_preview: number }) | null {
  const group = server?.child?.pid ?? (Number(process.env.BENCH_SERVER_PGID) || null);
  if (!group) return null;
  // Linux counts these in clock ticks of 1/100 s.
  const MS_PER_TICK = 10;
  return () => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).reduce((ms, pid) => {
    try {
      // "pid (comm) " then: state, ppid, pgrp, …, utime (index 11), stime (12).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.split(') ')[1]!.split(' ');
      if (Number(fields[2]) !== group) return ms;
      const used = (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
      if (stat.includes('(workerd)')) ms.workerd += used;
      else ms.vite_preview += used;
      return ms;
    } catch {
      return ms;
    }
  }, { workerd: 0, vite_preview: 0 });
}

export function stopServer(server: BenchServer) {
  // The script execs vite preview in its own process group: end that group only.
  if (server.child?.pid) try { process.kill(-server.child.pid, 'SIGTERM'); } catch { /* already gone */ }
}

/**
 * What a bench script measures: the server at BENCH_URL when set (attached: it is someone else's), else
 * the built app started here on BENCH_PORT (or `defaultPort`) over `stateDir`, stopped afterwards.
 */
export async function withBenchTarget<T>(defaultPort: number, stateDir: string, run: (baseUrl: string, attached: boolean, server: BenchServer | null) => Promise<T>): Promise<T> {
  const attachedUrl = process.env.BENCH_URL;
  let server: BenchServer | null = null;
  try {
    if (!attachedUrl) {
      const port = envNumber('BENCH_PORT', defaultPort);
      console.error(`Starting the built app on port ${port} (state ${stateDir})…`);
      server = await startServer({ port, stateDir, outDir: process.env.BARHOP_OUT_DIR ?? 'dist-bench' });
    }
    return await run(attachedUrl ?? server!.baseUrl, Boolean(attachedUrl), server);
  } finally {
    if (server) stopServer(server);
  }
}

// ---- statistics ---------------------------------------------------------------------------------

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;

export type Percentiles = { count: number; p50: number | null; p95: number | null; p99: number | null; max: number | null };

/** Nearest-rank percentiles in ms. */
export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null);
  const round = (n: number | null) => (n === null ? null : round1(n));
  return { count: sorted.length, p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), max: round(sorted.at(-1) ?? null) };
}

export function countBy(keys: string[]) {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

/** Runs tasks with at most `limit` in flight. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  }));
  return results;
}

// ---- the app's calls ----------------------------------------------------------------------------

export type Venue = { id: string; slug: string; drinks: string[] };

export async function loadVenue(baseUrl: string, slug: string): Promise<Venue> {
  // One retry: a pooled keep-alive socket the server closed while the bench wrote venues fails once.
  const res = await fetch(`${baseUrl}/api/venues/${slug}/drinks`).catch(() => fetch(`${baseUrl}/api/venues/${slug}/drinks`));
  const { drinks } = await res.json() as { drinks: { id: string; restaurant_id: string }[] };
  if (!drinks?.length) throw new Error(`venue ${slug} has no drinks`);
  return { id: drinks[0]!.restaurant_id, slug, drinks: drinks.map((d) => d.id) };
}

export type Placed = { status: number; id?: string; started: number; ms: number };

/**
 * Asked of the write requests the bench times: the Worker's answer as it leaves the Worker. `vite preview` gzips
 * answers of 1 KB and more as the edge would (docs/decisions/176) — in its own Node process, ≈ 0.26 ms of CPU a
 * response on this machine — so a placement's 1.5 KB answer paid for it and the floor's few bytes did not. On
 * Cloudflare that compression is the edge's, not the Worker's (docs/decisions/176).
 */
export const WORKER_ONLY = { 'Accept-Encoding': 'identity' } as const;

/**
 * The `n`th bench order at `venue` as the app's checkout sends it: two lines (3 drinks) with an Idempotency-Key.
 * The write floor sends the same request to its own route (bench/write-path.ts, docs/decisions/176).
 */
export const placementRequest = (venue: Venue, token: string, n: number): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID(), ...WORKER_ONLY },
  body: JSON.stringify({
    slug: venue.slug,
    items: [{ menu_drink_id: venue.drinks[n % venue.drinks.length], quantity: 1 }, { menu_drink_id: venue.drinks[(n + 1) % venue.drinks.length], quantity: 2 }],
  }),
});

export async function placeOrder(baseUrl: string, venue: Venue, token: string, n: number): Promise<Placed> {
  const started = performance.now();
  // A connection the server closed counts as a failed placement (status 0), not a crash of the run.
  const res = await fetch(`${baseUrl}/api/orders`, placementRequest(venue, token, n)).catch(() => null);
  if (!res) return { status: 0, started, ms: performance.now() - started };
  const body = await res.json().catch(() => ({})) as { id?: string };
  return { status: res.status, id: body.id, started, ms: performance.now() - started };
}

/**
 * Staff sockets on venues' live channels, socket i on `tokens[i % tokens.length]`'s session; resolves once each has
 * had its `hello`. A socket the hub closes (a cap) or that fails rejects: the bench listens on every socket it opened.
 */
export async function openStaffSockets(baseUrl: string, venues: Venue[], count: number, tokens: string[]) {
  /** order id → receipt times (performance.now()) over all sockets. */
  const receipts = new Map<string, number[]>();
  /** Sockets closed by the server while the bench listened, with the close code. */
  const closedEarly: number[] = [];
  let closing = false;
  const sockets = await Promise.all(Array.from({ length: count }, (_, i) => new Promise<{ venue: Venue; ws: WebSocket }>((resolve, reject) => {
    const venue = venues[i % venues.length]!;
    const token = tokens[i % tokens.length]!;
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live/venues/${venue.id}?token=${encodeURIComponent(token)}`);
    ws.onmessage = (event) => {
      const at = performance.now();
      const message = JSON.parse(String(event.data)) as { type: string; order?: { id: string } };
      if (message.type === 'hello') resolve({ venue, ws });
      if (message.type === 'order_created' && message.order) {
        const list = receipts.get(message.order.id) ?? [];
        list.push(at);
        receipts.set(message.order.id, list);
      }
    };
    ws.onclose = (event) => {
      if (closing) return;
      closedEarly.push(event.code);
      reject(new Error(`socket ${i} closed by the server (${event.code} ${event.reason})`));
    };
    ws.onerror = () => reject(new Error(`socket ${i} failed`));
  })));
  const perVenue = new Map<string, number>();
  for (const s of sockets) perVenue.set(s.venue.id, (perVenue.get(s.venue.id) ?? 0) + 1);
  return {
    sockets, receipts, perVenue, closedEarly,
    close: () => {
      closing = true;
      for (const s of sockets) s.ws.close();
    },
  };
}

export function writeResult(name: string, report: unknown) {
  const dir = path.join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const json = JSON.stringify(report, null, 2);
  writeFileSync(path.join(dir, name), json);
  return json;
}

const sqlText = (value: unknown) => (value === null || value === undefined ? 'NULL' : typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);

/**
 * Bench venues placed on venue shards (docs/decisions/150), round-robin over `shards`: each venue's row and
 * a copy of The Artisan Bar's orderable menu on its shard, its platform row and directory entry in the
 * control database, as creating a venue through the super admin route leaves them.
 */
export function createShardedBenchVenues(stateDir: string, slugs: string[], shards: string[]) {
  // The demo venues are spread over the shards (docs/decisions/150): The Artisan Bar's menu is on its own.
  const [home] = queryLocal<{ shard: string }>(stateDir, "SELECT shard FROM venue_directory WHERE slug = 'artisan-bar'");
  const menu = queryLocal<Record<string, unknown>>(stateDir, `SELECT d.id, d.name, d.description, d.price_cents, d.category, d.image_url, d.tags, d.allergens
    FROM menu_drinks d JOIN venues v ON v.id = d.restaurant_id WHERE v.slug = 'artisan-bar' AND d.is_available = 1 AND d.sold_out_reason IS NULL`, home?.shard ?? 'DB');
  const control: string[] = [];
  const perShard = new Map<string, string[]>(shards.map((shard) => [shard, []]));
  for (const [i, slug] of slugs.entries()) {
    const shard = shards[i % shards.length]!;
    const venue = `INSERT OR IGNORE INTO venues (id, slug, name) VALUES (${sqlText(slug)}, ${sqlText(slug)}, ${sqlText(`Bench Shard Venue ${i + 1}`)});`;
    control.push(venue, `INSERT OR IGNORE INTO venue_directory (venue_id, slug, shard) VALUES (${sqlText(slug)}, ${sqlText(slug)}, ${sqlText(shard)});`);
    perShard.get(shard)!.push(venue, ...menu.map((d) => `INSERT OR IGNORE INTO menu_drinks (id, restaurant_id, name, description, price_cents, category, image_url, tags, allergens)
      VALUES (${[`${slug}-${String(d.id)}`, slug, d.name, d.description, d.price_cents, d.category, d.image_url, d.tags, d.allergens].map(sqlText).join(', ')});`));
  }
  // The control database first: when it is also the venues' shard, its statements join the same file.
  const byBinding = new Map<string, string[]>([['DB', control]]);
  for (const [shard, statements] of perShard) byBinding.set(shard, [...(byBinding.get(shard) ?? []), ...statements]);
  for (const [binding, statements] of byBinding) executeLocal(stateDir, binding, statements);
}

/** Runs SQL statements on one local D1 database, as one file (setup only, never while measuring). */
export function executeLocal(stateDir: string, binding: string, statements: string[]) {
  const file = path.resolve(repoRoot, stateDir, `bench-${binding}.sql`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, statements.join('\n'));
  wrangler(['d1', 'execute', binding, '--local', '--persist-to', stateDir, '--file', file]);
}

/** An INSERT of a row read with `queryLocal` (its keys are the columns), with some columns replaced. */
export function insertRow(table: string, row: Record<string, unknown>, replace: Record<string, unknown> = {}) {
  const values = { ...row, ...replace };
  return `INSERT INTO ${table} (${Object.keys(values).join(', ')}) VALUES (${Object.values(values).map(sqlText).join(', ')});`;
}
