// The long reliability suites (`npm run test:soak`, docs/reliability.md). Against the BUILT app on local
// workerd (like scripts/e2e-server.sh, with its own state and port):
//   1. Crash without loss: clients place orders with Idempotency-Keys under steady load while the
//      server is SIGKILLed at random moments (10 times) and restarted on the same state; clients
//      retry anything unanswered with the same key. Then D1 must hold every acknowledged order
//      exactly once, with its items, its events and its live-log event, and no key twice.
//   2. Concurrency over HTTP: 100 trials of 50 simultaneous checkouts by one guest.
//   3. Attacks over HTTP (docs/reliability.md §10): 100 parallel login guesses for one account, two tabs refreshing
//      with one cookie, 300 parallel AI log posts from one device.
//   4. A venue on one Wi-Fi over HTTP: 300 guests behind one address each get a session, a code and an order
//      while someone on the same address fails logins; a phone's codes and wrong guesses stay capped over
//      devices and addresses (docs/decisions/165).
// Each client has its own staff account and renews its guest session every 200 orders, so no one
// caller passes the per-caller write budget (docs/decisions/109) the way no person would.
// It prints one `SOAK {json}` line per suite and writes them to soak-results/latest.json.
// Options: --crashes N (10), --trials N (100), --clients N (8), --skip-build, --only crash,concurrency,attacks,venue-wifi.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_D1_BINDINGS } from '../worker/shards/bindings';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CRASHES = arg('crashes', 10);
const TRIALS = arg('trials', 100);
const CLIENTS = arg('clients', 8);
const ONLY = process.argv.includes('--only') ? new Set(process.argv[process.argv.indexOf('--only') + 1]!.split(',')) : null;
const runs = (suite: string) => !ONLY || ONLY.has(suite);
const PORT = Number(process.env.SOAK_PORT) || 4421;
const STATE_DIR = process.env.BARHOP_STATE_DIR || '.wrangler/soak-state';
const OUT_DIR = process.env.BARHOP_OUT_DIR || 'dist-soak';
const BASE = `http://127.0.0.1:${PORT}`;
const HARD_DEADLINE = Date.now() + 9.5 * 60_000;
const env = { ...process.env, BARHOP_STATE_DIR: STATE_DIR, BARHOP_OUT_DIR: OUT_DIR, PORT: String(PORT), CI: 'true' };
const wranglerEntry = path.join(repoRoot, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
const viteEntry = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
const results: Record<string, unknown> = {};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...args: unknown[]) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...args);

function run(command: string, args: string[]) {
  const r = spawnSync(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status})`);
  return r.stdout;
}

/**
 * A D1 query on the soak state, through wrangler (the server may be up or down), on every local database: the demo
 * venues' orders are spread over the venue shards (docs/decisions/150). The rows of all of them, one after another.
 */
function d1<T>(sql: string): T[] {
  return ALL_D1_BINDINGS.flatMap((binding) => {
    const out = run(process.execPath, [wranglerEntry, 'd1', 'execute', binding, '--local', '--persist-to', STATE_DIR, '--json', '--command', sql]);
    return (JSON.parse(out) as { results: T[] }[])[0]!.results;
  });
}

// ---- the server -----------------------------------------------------------------------------

let server: ChildProcess | null = null;

async function startServer() {
  // Its own process group, so a SIGKILL takes vite preview and its workerd child at once.
  server = spawn(process.execPath, [viteEntry, 'preview'], { cwd: repoRoot, env, detached: true, stdio: 'ignore' });
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    try {
      const res = await fetch(`${BASE}/api/healthz/db`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return Date.now() - started;
    } catch { /* not up yet */ }
    await sleep(150);
  }
  throw new Error('server did not come up within 60 s');
}

/** SIGKILL workerd and its parent: nothing gets to flush or say goodbye. Returns the killed pids. */
function killServer(): string[] {
  if (!server?.pid) return [];
  const members = spawnSync('ps', ['-o', 'pid=,comm=', '-g', String(server.pid)], { encoding: 'utf8' }).stdout.trim().split('\n').map((l) => l.trim());
  if (!members.some((m) => /workerd/.test(m))) throw new Error(`no workerd in the server's process group: ${members.join(', ')}`);
  process.kill(-server.pid, 'SIGKILL');
  server = null;
  return members;
}

// ---- HTTP client with retries ---------------------------------------------------------------

/** The fields the soak reads from answers (all optional: an answer may be an error). */
type Reply = {
  id?: string; access_token?: string; token?: string; session_id?: string; raw?: string; demo_code?: string;
  drinks?: { id: string; available?: boolean; sold_out?: boolean }[];
  order?: { id?: string } | null;
  error?: { code?: string; message?: string };
};
type Answer = { status: number; json: Reply | null; error?: undefined } | { status: 0; error: string; json?: undefined };

async function http(method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer> {
  try {
    const res = await fetch(`${BASE}${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 8_000),
    });
    const text = await res.text();
    let json: Reply | null = null;
    try { json = text ? JSON.parse(text) as Reply : null; } catch { json = { raw: text.slice(0, 200) }; }
    return { status: res.status, json };
  } catch (err) {
    return { status: 0, error: String((err as Error).message ?? err) };
  }
}

/** Retries until the server answers (it may be down for a restart), never past the deadline. */
async function until(fn: () => Promise<Answer>, accept: (a: Answer) => boolean, deadline: number): Promise<Answer> {
  let last: Answer = { status: 0, error: 'not tried' };
  while (Date.now() < deadline) {
    last = await fn();
    if (accept(last)) return last;
    await sleep(150 + Math.random() * 350);
  }
  return last;
}

// ---- 1. crash without loss ------------------------------------------------------------------

type Sent = { key: string; client: number; slug: string; lines: { menu_drink_id: string; quantity: number }[]; orderId: string | null; attempts: number };

async function crashWithoutLoss() {
  const venues = [{ slug: 'artisan-bar', staff: 'staff@barhop.dev' }, { slug: 'rooftop-lounge', staff: 'staff2@barhop.dev' }];
  // Each client cancels with its own staff account (created here), as a bar's staff each have theirs.
  const superLogin = await http('POST', '/api/auth/login', { body: { email: 'superadmin@barhop.dev', password: 'barhop-demo' } });
  if (superLogin.status !== 200) throw new Error(`super admin login failed: ${JSON.stringify(superLogin)}`);
  const staffTokens: Record<string, string[]> = {};
  for (const v of venues) {
    const venue = await http('GET', `/api/venues/${v.slug}`);
    const venueId = (venue.json as { venue?: { id: string } } | null)?.venue?.id;
    staffTokens[v.slug] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const email = `soak-${process.pid}-${i}@${v.slug}.test`;
      const created = await http('POST', `/api/super/venues/${venueId}/staff`, { token: superLogin.json!.access_token, body: { email, role: 'staff', password: 'soak-staff-password-1' } });
      if (created.status !== 201) throw new Error(`staff account failed: ${JSON.stringify(created)}`);
      const res = await http('POST', '/api/auth/login', { body: { email, password: 'soak-staff-password-1' } });
      if (res.status !== 200) throw new Error(`staff login failed: ${JSON.stringify(res)}`);
      staffTokens[v.slug]!.push(res.json!.access_token!);
    }
  }
  const menus: Record<string, string[]> = {};
  for (const v of venues) {
    const res = await http('GET', `/api/venues/${v.slug}/drinks`);
    const drinks = res.json!.drinks ?? [];
    menus[v.slug] = drinks.filter((d) => d.available !== false && !d.sold_out).map((d) => d.id).slice(0, 6);
    if (!menus[v.slug]!.length) throw new Error(`no drinks at ${v.slug}`);
  }
  const sessions: string[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const res = await http('POST', '/api/auth/guest-session', { body: { slug: 'artisan-bar' } });
    if (res.status !== 201) throw new Error(`guest session failed: ${JSON.stringify(res)}`);
    sessions.push(res.json!.token!);
  }

  const sent: Sent[] = [];
  const counters = { requests: 0, networkErrors: 0, serverErrors: 0, replays: 0, activeOrderRefusals: 0, inFlightRefusals: 0, unexpected: [] as string[] };
  let loadRunning = true;
  const loadDeadline = () => (loadRunning ? HARD_DEADLINE : Math.min(HARD_DEADLINE, drainDeadline));
  let drainDeadline = HARD_DEADLINE;

  async function client(i: number) {
    let n = 0;
    while (loadRunning && Date.now() < HARD_DEADLINE) {
      if (n > 0 && n % 200 === 0) {
        const renewed = await until(() => http('POST', '/api/auth/guest-session', { body: { slug: 'artisan-bar' } }), (a) => a.status === 201, loadDeadline());
        if (renewed.status === 201) sessions[i] = renewed.json!.token!;
      }
      const venue = venues[(i + n) % venues.length]!;
      const menu = menus[venue.slug]!;
      const lines = [{ menu_drink_id: menu[n % menu.length]!, quantity: 1 + (n % 3) }, { menu_drink_id: menu[(n + 1) % menu.length]!, quantity: 1 }];
      const order: Sent = { key: `soak-${process.pid}-${i}-${n}`, client: i, slug: venue.slug, lines, orderId: null, attempts: 0 };
      sent.push(order);
      const body = { slug: venue.slug, display_name: `soak ${order.key}`, items: lines };
      // Same key and same body until the server answers for sure.
      const answer = await until(async () => {
        order.attempts += 1;
        counters.requests += 1;
        const a = await http('POST', '/api/orders', { token: sessions[i], body, headers: { 'Idempotency-Key': order.key } });
        if (a.status === 0) counters.networkErrors += 1;
        else if (a.status >= 500) counters.serverErrors += 1;
        else if (a.status === 409 && a.json?.error?.code === 'idempotency_in_flight') counters.inFlightRefusals += 1;
        return a;
      }, (a) => a.status === 200 || (a.status >= 400 && a.status < 500 && a.status !== 429 && !(a.status === 409 && a.json?.error?.code === 'idempotency_in_flight')), loadDeadline());
      if (answer.status === 200) {
        order.orderId = answer.json!.id!;
        if (order.attempts > 1) counters.replays += 1;
        // Staff cancel it so the guest may order again at this venue (retried through restarts
        // too). Cancelled, not delivered: a delivery would pour stock until the menu sells out.
        await until(() => http('PUT', `/api/staff/orders/${order.orderId}/status`, { token: staffTokens[venue.slug]![i], body: { status: 'cancelled' } }),
          (a) => a.status === 200 || a.status === 409, loadDeadline());
      } else if (answer.status === 409 && answer.json?.error?.code === 'active_order_exists') {
        // Only possible if an earlier hand-over never landed: find and finish it.
        counters.activeOrderRefusals += 1;
        const active = await http('GET', `/api/orders/active?slug=${venue.slug}`, { token: sessions[i] });
        const id = active.json?.order?.id;
        if (id) await http('PUT', `/api/staff/orders/${id}/status`, { token: staffTokens[venue.slug]![i], body: { status: 'cancelled' } });
      } else if (answer.status !== 0) {
        counters.unexpected.push(`${order.key}: ${answer.status} ${JSON.stringify(answer.json!).slice(0, 160)}`);
      }
      n += 1;
    }
  }

  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
  const crashes: { afterMs: number; killed: string[]; restartMs: number }[] = [];
  for (let k = 0; k < CRASHES && Date.now() < HARD_DEADLINE - 120_000; k += 1) {
    const wait = 1_000 + Math.random() * 3_000;
    await sleep(wait);
    const killed = killServer();
    await sleep(200 + Math.random() * 800);
    const restartMs = await startServer();
    crashes.push({ afterMs: Math.round(wait), killed, restartMs });
    log(`crash ${k + 1}/${CRASHES}: killed ${killed.join(' | ')}; back in ${restartMs} ms; ${sent.filter((s) => s.orderId).length} orders acknowledged so far`);
  }
  await sleep(2_000);
  loadRunning = false;
  drainDeadline = Date.now() + 30_000;
  await Promise.all(clients);

  // ---- what D1 holds ----
  const acknowledged = sent.filter((s) => s.orderId);
  const ids = acknowledged.map((s) => `'${s.orderId}'`).join(',');
  const orders = d1<{ id: string; display_name: string; status: string; restaurant_id: string }>(`SELECT id, display_name, status, restaurant_id FROM orders WHERE display_name LIKE 'soak soak-${process.pid}-%'`);
  const items = d1<{ order_id: string; menu_drink_id: string; quantity: number }>(`SELECT order_id, menu_drink_id, quantity FROM order_items WHERE order_id IN (${ids || "''"}) ORDER BY order_id, position`);
  const events = d1<{ order_id: string; from_status: string | null; to_status: string }>(`SELECT order_id, from_status, to_status FROM order_events WHERE order_id IN (${ids || "''"})`);
  const keys = d1<{ key: string; order_id: string; n: number }>(`SELECT key, order_id, count(*) OVER (PARTITION BY restaurant_id, key) AS n FROM idempotency_records WHERE key LIKE 'soak-${process.pid}-%'`);
  // The venues' live logs (docs/decisions/154): numbered in each order's own batch, so across the crashes the kept
  // numbers run without a hole, and every kept creation event is an order that was stored.
  const venueIds = [...new Set(orders.map((o) => `'${o.restaurant_id}'`))].join(',');
  const liveLog = d1<{ restaurant_id: string; seq: number; order_id: string; from_status: string | null }>(
    `SELECT restaurant_id, seq, order_id, from_status FROM live_events WHERE restaurant_id IN (${venueIds || "''"}) ORDER BY restaurant_id, seq`);

  const problems: string[] = [];
  const byDisplay = new Map<string, number>();
  for (const o of orders) byDisplay.set(o.display_name, (byDisplay.get(o.display_name) ?? 0) + 1);
  for (const [name, count] of byDisplay) if (count > 1) problems.push(`${name}: ${count} orders (duplicate)`);
  for (const s of acknowledged) {
    const stored = orders.filter((o) => o.id === s.orderId);
    if (stored.length !== 1) { problems.push(`${s.key}: acknowledged order ${s.orderId} stored ${stored.length} times`); continue; }
    const lines = items.filter((i) => i.order_id === s.orderId).map((i) => `${i.menu_drink_id}x${i.quantity}`);
    const expected = s.lines.map((l) => `${l.menu_drink_id}x${l.quantity}`);
    if (JSON.stringify(lines) !== JSON.stringify(expected)) problems.push(`${s.key}: items ${lines} != ${expected}`);
    const created = events.filter((e) => e.order_id === s.orderId && e.from_status === null && e.to_status === 'pending');
    if (created.length !== 1) problems.push(`${s.key}: ${created.length} creation events`);
    const key = keys.filter((k) => k.key === s.key);
    if (key.length !== 1 || key[0]!.order_id !== s.orderId) problems.push(`${s.key}: idempotency record ${JSON.stringify(key)}`);
  }
  // Orders nobody saw acknowledged (the answer was lost in a crash and never retried) must still be single.
  const unacknowledgedStored = orders.filter((o) => !acknowledged.some((s) => s.orderId === o.id)).length;
  if (keys.some((k) => k.n > 1)) problems.push('an Idempotency-Key has more than one record');
  for (const venue of new Set(liveLog.map((e) => e.restaurant_id))) {
    const seqs = liveLog.filter((e) => e.restaurant_id === venue).map((e) => e.seq);
    if (seqs.some((seq, i) => i > 0 && seq !== seqs[i - 1]! + 1)) problems.push(`${venue}: the live log's numbers have a hole`);
  }
  const storedIds = new Set(orders.map((o) => o.id));
  // Only this phase's clients order at these venues while it runs.
  if (liveLog.some((e) => e.from_status === null && !storedIds.has(e.order_id))) problems.push('a live-log creation event names an order that is not stored');
  for (const u of counters.unexpected) problems.push(`unexpected answer ${u}`);

  const summary = {
    crashes: crashes.length, clients: CLIENTS, ordersSent: sent.length, acknowledged: acknowledged.length, storedOrders: orders.length,
    storedItemsChecked: items.length, eventsChecked: events.length, liveEventsChecked: liveLog.length, unacknowledgedStored, ...counters, unexpected: counters.unexpected.length,
    meanRestartMs: Math.round(crashes.reduce((s, c) => s + c.restartMs, 0) / Math.max(1, crashes.length)), problems,
  };
  results.crashWithoutLoss = summary;
  log(`SOAK crash ${JSON.stringify(summary)}`);
  return problems.length === 0 && crashes.length === CRASHES && acknowledged.length > 0;
}

// ---- 2. concurrency over HTTP ---------------------------------------------------------------

async function concurrencyOverHttp() {
  // Each trial guest is a new device placing its first order: spread over the open venues, each stays under its
  // ceiling on such orders (60 per 10 minutes, docs/decisions/167), as the worker suite's trials do.
  const slugs = ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room'];
  const drinks: Record<string, string> = {};
  for (const slug of slugs) {
    const res = await until(() => http('GET', `/api/venues/${slug}/drinks`), (a) => a.status === 200, Date.now() + 30_000);
    if (res.status !== 200) throw new Error(`menu of ${slug}: ${JSON.stringify(res)}`);
    drinks[slug] = res.json!.drinks![0]!.id;
  }
  const problems: string[] = [];
  let accepted = 0;
  let refused = 0;
  let trials = 0;
  const owners: string[] = [];
  for (let t = 0; t < TRIALS && Date.now() < HARD_DEADLINE - 20_000; t += 1) {
    const slug = slugs[t % slugs.length]!;
    const drink = drinks[slug]!;
    const session = await http('POST', '/api/auth/guest-session', { body: { slug: slug }, headers: { 'CF-Connecting-IP': `198.51.100.${t % 250}` } });
    if (session.status !== 201) { problems.push(`trial ${t}: guest session ${session.status}`); continue; }
    const token = session.json!.token as string;
    const sessionId = session.json!.session_id as string;
    owners.push(`'s:${sessionId}'`);
    await http('POST', '/api/cart', { token, body: { slug, menu_drink_id: drink, qty: 1 } });
    const answers = await Promise.all(Array.from({ length: 50 }, () => http('POST', '/api/cart/checkout', { token, body: { slug }, timeoutMs: 20_000 })));
    const ok = answers.filter((a) => a.status === 200).length;
    const conflict = answers.filter((a) => a.status === 409).length;
    accepted += ok;
    refused += conflict;
    trials += 1;
    if (ok !== 1 || conflict !== 49) problems.push(`trial ${t} (${sessionId}): ${ok} accepted, ${conflict} refused, statuses ${[...new Set(answers.map((a) => a.status))]}`);
  }
  const perOwner = d1<{ owner_key: string; n: number }>(`SELECT owner_key, count(*) AS n FROM orders WHERE owner_key IN (${owners.join(',') || "''"}) GROUP BY owner_key`);
  for (const row of perOwner) if (row.n !== 1) problems.push(`${row.owner_key}: ${row.n} orders in D1`);
  if (perOwner.length !== trials) problems.push(`${perOwner.length} trial guests have an order in D1, expected ${trials}`);
  const summary = { trials, parallel: 50, requests: trials * 50, accepted, refused409: refused, ordersInD1: perOwner.reduce((n, r) => n + r.n, 0), problems };
  results.concurrencyOverHttp = summary;
  log(`SOAK concurrency ${JSON.stringify(summary)}`);
  return problems.length === 0 && trials === TRIALS;
}

// ---- 3. attacks over HTTP (docs/reliability.md §10) -----------------------------------------

const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('barhop_refresh='))?.split(';')[0];

async function attacksOverHttp() {
  const problems: string[] = [];
  const superLogin = await http('POST', '/api/auth/login', { body: { email: 'superadmin@barhop.dev', password: 'barhop-demo' }, headers: { 'CF-Connecting-IP': '198.51.103.1' } });
  const venue = await http('GET', '/api/venues/artisan-bar');
  const venueId = (venue.json as { venue?: { id: string } } | null)?.venue?.id;

  // 100 parallel guesses for one account, the right password at position 98: at most 10 are checked.
  const email = `soak-race-${process.pid}@artisan-bar.test`;
  await http('POST', `/api/super/venues/${venueId}/staff`, { token: superLogin.json?.access_token, body: { email, role: 'staff', password: 'soak-race-password-1' } });
  const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) =>
    http('POST', '/api/auth/login', { body: { email, password: i === 97 ? 'soak-race-password-1' : `wrong-${i}` }, headers: { 'CF-Connecting-IP': '198.51.103.2' }, timeoutMs: 30_000 })));
  const checked = guesses.filter((g) => g.status === 401 || g.status === 200).length;
  const limited = guesses.filter((g) => g.status === 429).length;
  if (checked > 10 || checked + limited !== 100) problems.push(`login race: ${checked} checked, ${limited} × 429`);

  // Two tabs refreshing with one cookie, 26 times: nobody is signed out.
  let signedOut = 0;
  for (let t = 0; t < 26; t += 1) {
    const headers = { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.104.${t + 1}` };
    const login = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email: 'admin2@barhop.dev', password: 'barhop-demo' }) });
    const cookie = cookieOf(login);
    await login.arrayBuffer();
    const [a, b] = await Promise.all([0, 1].map(() => fetch(`${BASE}/api/auth/refresh`, { method: 'POST', headers: { ...headers, Cookie: cookie ?? '' } })));
    const after = await fetch(`${BASE}/api/auth/refresh`, { method: 'POST', headers: { ...headers, Cookie: cookieOf(a!) ?? '' } });
    if (!cookie || a!.status !== 200 || b!.status !== 200 || cookieOf(a!) !== cookieOf(b!) || after.status !== 200) signedOut += 1;
    await Promise.all([a!.arrayBuffer(), b!.arrayBuffer(), after.arrayBuffer()]);
  }
  if (signedOut > 0) problems.push(`parallel refresh: ${signedOut} of 26 signed out`);

  // 300 parallel 8 KB AI log posts from one device: at most 30 stored.
  const device = await http('POST', '/api/auth/guest-session', { body: {}, headers: { 'CF-Connecting-IP': '198.51.103.3' } });
  const filler = 'x'.repeat(7_800);
  const posts = await Promise.all(Array.from({ length: 300 }, () =>
    http('POST', '/api/ai/log', { token: device.json?.token, body: { slug: 'artisan-bar', filler }, timeoutMs: 30_000 })));
  const stored = posts.filter((p) => p.status === 201).length;
  const storedRows = d1<{ n: number }>(`SELECT count(*) AS n FROM ai_interactions WHERE owner_key = 's:${device.json?.session_id}'`).reduce((sum, row) => sum + row.n, 0);
  if (stored > 30 || storedRows !== stored) problems.push(`ai log flood: ${stored} answered 201, ${storedRows} rows`);

  const summary = { loginRace: { attempts: 100, checked, limited }, parallelRefresh: { trials: 26, signedOut }, aiLogFlood: { posts: 300, stored, storedRows }, problems };
  results.attacksOverHttp = summary;
  log(`SOAK attacks ${JSON.stringify(summary)}`);
  return problems.length === 0;
}

// ---- 4. a venue on one Wi-Fi (docs/decisions/165) -------------------------------------------

/** Runs `task` for 0..count-1, `parallel` at a time. */
async function inParallel(count: number, parallel: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < count) await task(next++);
  }));
}

async function venueWifiOverHttp() {
  const problems: string[] = [];
  const wifi = { 'CF-Connecting-IP': '198.51.105.1' };
  const menu = await http('GET', '/api/venues/artisan-bar/drinks');
  const drink = (menu.json?.drinks ?? []).find((d) => d.available !== false && !d.sold_out)?.id;
  if (!drink) throw new Error('no drink to order at artisan-bar');

  // 300 guests behind the venue's one address: session, code, sign-in, order — none refused.
  const guests = 300;
  const failed: Record<string, number> = { session: 0, code: 0, verify: 0, order: 0 };
  const statuses = new Set<number>();
  await inParallel(guests, 10, async (g) => {
    const session = await http('POST', '/api/auth/guest-session', { body: { slug: 'artisan-bar' }, headers: wifi, timeoutMs: 30_000 });
    if (session.status !== 201) { failed.session! += 1; statuses.add(session.status); return; }
    const phone = `+1555772${String(g).padStart(4, '0')}`;
    const sent = await http('POST', '/api/auth/otp/send', { token: session.json!.token, body: { phone }, headers: wifi, timeoutMs: 30_000 });
    if (sent.status !== 200) { failed.code! += 1; statuses.add(sent.status); return; }
    const verified = await http('POST', '/api/auth/otp/verify', { token: session.json!.token, body: { phone, code: sent.json!.demo_code }, headers: wifi, timeoutMs: 30_000 });
    if (verified.status !== 200) { failed.verify! += 1; statuses.add(verified.status); return; }
    const order = await http('POST', '/api/orders/quick', { token: verified.json!.token, body: { slug: 'artisan-bar', item: { menu_drink_id: drink } }, headers: wifi, timeoutMs: 30_000 });
    if (order.status !== 200) { failed.order! += 1; statuses.add(order.status); }
  });
  const refusedGuests = Object.values(failed).reduce((a, b) => a + b, 0);
  if (refusedGuests > 0) problems.push(`venue of ${guests}: ${JSON.stringify(failed)} failed (statuses ${[...statuses].join(', ')})`);

  // Someone on the same Wi-Fi fails 30 logins with random emails; staff then sign in there.
  for (let i = 0; i < 30; i += 1) {
    await http('POST', '/api/auth/login', { body: { email: `soak-guess-${process.pid}-${i}@example.com`, password: 'guess' }, headers: wifi });
  }
  const staff = await http('POST', '/api/auth/login', { body: { email: 'staff@barhop.dev', password: 'barhop-demo' }, headers: wifi });
  if (staff.status !== 200) problems.push(`staff on the Wi-Fi after 30 failed logins: ${staff.status}`);

  // 24 new devices on 2 addresses ask a code for one phone: at most 10 texted.
  const phone = '+15557770123';
  let texted = 0;
  for (let d = 0; d < 24; d += 1) {
    const headers = { 'CF-Connecting-IP': `198.51.106.${1 + (d % 2)}` };
    const device = await http('POST', '/api/auth/guest-session', { body: {}, headers });
    if ((await http('POST', '/api/auth/otp/send', { token: device.json?.token, body: { phone }, headers })).status === 200) texted += 1;
  }
  const codeRows = d1<{ n: number }>(`SELECT count(*) AS n FROM otp_codes WHERE phone = '${phone}'`).reduce((sum, row) => sum + row.n, 0);
  if (texted > 10 || codeRows !== texted) problems.push(`one phone from 24 devices: ${texted} answered 200, ${codeRows} codes stored`);

  // 6 devices on 3 addresses guess 5 wrong codes each at another phone: at most 10 checked.
  const guessed = '+15557770456';
  let checked = 0;
  for (let d = 0; d < 6; d += 1) {
    const headers = { 'CF-Connecting-IP': `198.51.107.${1 + (d % 3)}` };
    const device = await http('POST', '/api/auth/guest-session', { body: {}, headers });
    const sent = await http('POST', '/api/auth/otp/send', { token: device.json?.token, body: { phone: guessed }, headers });
    const wrong = sent.json?.demo_code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      if ((await http('POST', '/api/auth/otp/verify', { token: device.json?.token, body: { phone: guessed, code: wrong }, headers })).status === 400) checked += 1;
    }
  }
  if (checked > 10) problems.push(`wrong codes at one phone: ${checked} of 30 checked`);

  const summary = { venue: { guests, failed, staffAfterFailedLogins: staff.status }, onePhone: { devices: 24, texted, codeRows }, wrongGuesses: { tried: 30, checked }, problems };
  results.venueWifiOverHttp = summary;
  log(`SOAK venue-wifi ${JSON.stringify(summary)}`);
  return problems.length === 0;
}

// ---- main -----------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  rmSync(path.join(repoRoot, STATE_DIR), { recursive: true, force: true });
  log(`migrating and seeding ${STATE_DIR}`);
  run(process.execPath, [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/db-migrate.ts', '--persist-to', STATE_DIR]);
  run(process.execPath, [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/seed.ts', '--persist-to', STATE_DIR]);
  if (!process.argv.includes('--skip-build')) {
    log(`building into ${OUT_DIR}`);
    run(process.execPath, [viteEntry, 'build', '--logLevel', 'warn']);
  }
  log(`serving on ${BASE}`);
  await startServer();
  let ok = false;
  try {
    const crashOk = runs('crash') ? await crashWithoutLoss() : true;
    const concurrencyOk = runs('concurrency') ? await concurrencyOverHttp() : true;
    const attacksOk = runs('attacks') ? await attacksOverHttp() : true;
    const venueWifiOk = runs('venue-wifi') ? await venueWifiOverHttp() : true;
    ok = crashOk && concurrencyOk && attacksOk && venueWifiOk;
  } finally {
    killServer();
  }
  results.seconds = Math.round((Date.now() - started) / 1000);
  mkdirSync(path.join(repoRoot, 'soak-results'), { recursive: true });
  writeFileSync(path.join(repoRoot, 'soak-results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(ok ? `PASS in ${results.seconds} s` : `FAIL in ${results.seconds} s`);
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  try { killServer(); } catch { /* already gone */ }
  process.exit(1);
});
