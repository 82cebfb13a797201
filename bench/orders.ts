// Order placement and live delivery benchmark: `npm run bench:orders` (see bench/README.md).
//
// Starts the production build with scripts/e2e-server.sh on its own port, state and out dir (or
// attaches to BENCH_URL), adds bench venues with a copy of a demo menu, then
//   1. places one order per guest across 10 venues with a fixed number in flight (throughput, latency);
//   2. with 50 staff sockets connected (5 per venue), measures placement → receipt of order_created.
// Prints one JSON document and writes it to bench/results/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = (name: string, fallback: number) => Number(process.env[name]) || fallback;

const VENUES = env('BENCH_VENUES', 10);
const ORDERS_PER_VENUE = env('BENCH_ORDERS_PER_VENUE', 30);
const CONCURRENCY = env('BENCH_CONCURRENCY', 20);
const SOCKETS = env('BENCH_SOCKETS', 50);
const LIVE_ORDERS_PER_VENUE = env('BENCH_LIVE_ORDERS_PER_VENUE', 5);
const PORT = env('BENCH_PORT', 4391);
const STATE_DIR = process.env.BARHOP_STATE_DIR ?? '.wrangler/bench-state';
const OUT_DIR = process.env.BARHOP_OUT_DIR ?? 'dist-bench';
const BASE_URL = process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`;
const attached = Boolean(process.env.BENCH_URL);

const JWT_SECRET = process.env.JWT_SECRET ?? /JWT_SECRET\s*=\s*"([^"]+)"/.exec(readFileSync(path.join(repoRoot, 'wrangler.toml'), 'utf8'))![1]!;
const secret = new TextEncoder().encode(JWT_SECRET);

// ---- tokens (the same claims the Worker issues; see worker/auth/tokens.ts) ------------------------

function guestToken() {
  return new SignJWT({ guest_id: null }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(`bench-${randomUUID()}`)
    .setIssuer('barhop').setAudience('barhop-guest').setIssuedAt().setExpirationTime('2h').sign(secret);
}

function staffToken(user: { id: string; role: string; restaurant_id: string | null; claims_version: number }) {
  return new SignJWT({ role: user.role, restaurant_id: user.restaurant_id, claims_version: user.claims_version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(user.id)
    .setIssuer('barhop').setAudience('barhop-staff').setIssuedAt().setExpirationTime('1h').sign(secret);
}

// ---- local server and database ------------------------------------------------------------------

function wrangler(args: string[]) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', 'wrangler', 'bin', 'wrangler.js'), ...args], {
    cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

function queryLocal<Row>(sql: string): Row[] {
  const out = wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', STATE_DIR, '--json', '--command', sql]);
  return (JSON.parse(out.slice(out.indexOf('['))) as { results: Row[] }[])[0]!.results;
}

/** Bench venues bench-venue-N, each with a copy of The Artisan Bar's orderable menu. */
function createBenchVenues(count: number) {
  const statements: string[] = [];
  for (let i = 1; i <= count; i++) {
    const id = `bench-venue-${i}`;
    statements.push(`INSERT OR IGNORE INTO venues (id, slug, name) VALUES ('${id}', '${id}', 'Bench Venue ${i}');`);
    statements.push(`INSERT OR IGNORE INTO menu_drinks (id, restaurant_id, name, description, price_cents, category, image_url, tags, allergens)
      SELECT 'b${i}-' || d.id, '${id}', d.name, d.description, d.price_cents, d.category, d.image_url, d.tags, d.allergens
      FROM menu_drinks d JOIN venues v ON v.id = d.restaurant_id
      WHERE v.slug = 'artisan-bar' AND d.is_available = 1 AND d.sold_out_reason IS NULL;`);
  }
  const file = path.join(repoRoot, STATE_DIR, 'bench-venues.sql');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, statements.join('\n'));
  wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', STATE_DIR, '--file', file]);
}

async function waitForServer(url: string, timeoutMs: number) {
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

function startServer(): ChildProcess {
  const child = spawn('bash', ['scripts/e2e-server.sh', String(PORT)], {
    cwd: repoRoot, detached: true, stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BARHOP_STATE_DIR: STATE_DIR, BARHOP_OUT_DIR: OUT_DIR },
  });
  return child;
}

function stopServer(child: ChildProcess) {
  // The script execs vite preview in its own process group: end that group only.
  if (child.pid) try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
}

// ---- measuring ----------------------------------------------------------------------------------

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null);
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return { count: sorted.length, p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), max: round(sorted.at(-1) ?? null) };
}

type Venue = { id: string; slug: string; drinks: string[] };

async function loadVenue(slug: string): Promise<Venue> {
  const res = await fetch(`${BASE_URL}/api/venue/${slug}/drinks`);
  const { drinks } = await res.json() as { drinks: { id: string; restaurant_id: string }[] };
  if (!drinks.length) throw new Error(`venue ${slug} has no drinks`);
  return { id: drinks[0]!.restaurant_id, slug, drinks: drinks.map((d) => d.id) };
}

async function placeOrder(venue: Venue, token: string, n: number) {
  const started = performance.now();
  const res = await fetch(`${BASE_URL}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      restaurant_slug: venue.slug,
      items: [{ menu_drink_id: venue.drinks[n % venue.drinks.length], quantity: 1 }, { menu_drink_id: venue.drinks[(n + 1) % venue.drinks.length], quantity: 2 }],
    }),
  });
  const body = await res.json() as { id?: string };
  return { status: res.status, id: body.id, started, ms: performance.now() - started };
}

function countBy(keys: string[]) {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

/** Runs tasks with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
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

async function placementPhase(venues: Venue[]) {
  const tokens = await Promise.all(Array.from({ length: venues.length * ORDERS_PER_VENUE }, () => guestToken()));
  const tasks = tokens.map((token, i) => () => placeOrder(venues[i % venues.length]!, token, i));
  const started = performance.now();
  const results = await pool(tasks, CONCURRENCY);
  const durationMs = performance.now() - started;
  const ok = results.filter((r) => r.status === 200);
  return {
    venues: venues.length,
    orders: results.length,
    ok: ok.length,
    errors: countBy(results.filter((r) => r.status !== 200).map((r) => String(r.status))),
    concurrency: CONCURRENCY,
    duration_ms: Math.round(durationMs),
    throughput_per_s: Math.round((ok.length / durationMs) * 1000 * 10) / 10,
    latency_ms: percentiles(ok.map((r) => r.ms)),
  };
}

async function livePhase(venues: Venue[], superadmin: Parameters<typeof staffToken>[0]) {
  const token = await staffToken(superadmin);
  type Socket = { venue: Venue; ws: WebSocket };
  const receipts = new Map<string, number[]>();
  const sockets: Socket[] = await Promise.all(Array.from({ length: SOCKETS }, (_, i) => new Promise<Socket>((resolve, reject) => {
    const venue = venues[i % venues.length]!;
    const ws = new WebSocket(`${BASE_URL.replace(/^http/, 'ws')}/api/live/venues/${venue.id}?token=${encodeURIComponent(token)}`);
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { type: string; order?: { id: string } };
      if (message.type === 'hello') resolve({ venue, ws });
      if (message.type === 'order_created' && message.order) {
        const list = receipts.get(message.order.id) ?? [];
        list.push(performance.now());
        receipts.set(message.order.id, list);
      }
    };
    ws.onerror = () => reject(new Error(`socket ${i} failed`));
  })));
  const perVenue = new Map<string, number>();
  for (const s of sockets) perVenue.set(s.venue.id, (perVenue.get(s.venue.id) ?? 0) + 1);

  const tokens = await Promise.all(Array.from({ length: venues.length * LIVE_ORDERS_PER_VENUE }, () => guestToken()));
  const placed = await pool(tokens.map((t, i) => () => placeOrder(venues[i % venues.length]!, t, i)), CONCURRENCY);
  await new Promise((r) => setTimeout(r, 2000));
  for (const s of sockets) s.ws.close();

  const latencies: number[] = [];
  const afterAnswer: number[] = [];
  let expected = 0;
  for (const [i, order] of placed.entries()) {
    if (order.status !== 200 || !order.id) continue;
    expected += perVenue.get(venues[i % venues.length]!.id) ?? 0;
    for (const at of receipts.get(order.id) ?? []) {
      latencies.push(at - order.started);
      afterAnswer.push(at - (order.started + order.ms));
    }
  }
  return {
    sockets: sockets.length,
    orders: placed.length,
    ok: placed.filter((p) => p.status === 200).length,
    deliveries_expected: expected,
    deliveries_received: latencies.length,
    /** From sending the order request to the order_created message on a staff socket. */
    placement_to_receipt_ms: percentiles(latencies),
    /** The same orders' HTTP answer time, for comparison. */
    placement_answer_ms: percentiles(placed.filter((p) => p.status === 200).map((p) => p.ms)),
    /** Receipt minus HTTP answer: negative when the socket heard first. */
    receipt_after_answer_ms: percentiles(afterAnswer),
  };
}

async function main() {
  let server: ChildProcess | null = null;
  try {
    if (!attached) {
      console.error(`Starting the built app on ${BASE_URL} (state ${STATE_DIR}, out ${OUT_DIR})…`);
      server = startServer();
      await waitForServer(BASE_URL, 240_000);
    }
    // Attached to someone else's server: only touch its database when told where it is.
    if (!attached || process.env.BARHOP_STATE_DIR) createBenchVenues(VENUES - 3);
    const slugs = ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room', ...Array.from({ length: VENUES - 3 }, (_, i) => `bench-venue-${i + 1}`)];
    const venues = await Promise.all(slugs.slice(0, VENUES).map(loadVenue));
    const [superadmin] = attached && process.env.BENCH_SUPERADMIN_ID
      ? [{ id: process.env.BENCH_SUPERADMIN_ID, role: 'superadmin', restaurant_id: null, claims_version: 1 }]
      : queryLocal<{ id: string; role: string; restaurant_id: string | null; claims_version: number }>(
        "SELECT id, role, restaurant_id, claims_version FROM users WHERE role = 'superadmin' AND disabled_at IS NULL LIMIT 1");

    const placement = await placementPhase(venues);
    const live = await livePhase(venues, superadmin!);
    const report = {
      target: BASE_URL,
      at: new Date().toISOString(),
      node: process.version,
      placement,
      live,
    };
    const json = JSON.stringify(report, null, 2);
    console.log(json);
    const dir = path.join(repoRoot, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `orders-${report.at.replace(/[:.]/g, '-')}.json`), json);
  } finally {
    if (server) stopServer(server);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
