// `npm run bench`: the performance suite with its budgets (docs/scale.md "Budgets"; bench/README.md). One run over one
// server — the production build on local workerd over a fresh seeded database, started here — measures:
//   1. bundle budgets (scripts/check-bundle.ts over this run's build): each guest route's own code (bench/first-load.ts),
//   2. guest page load with Lighthouse (mobile) on /venue/{slug}, in English and in Spanish, and whether Chromium would
//      install it (bench/first-load.ts),
//   3. the read path (menu, venue, drink, 304 repeat) against GET /api/healthz, side by side,
//   4. live order latency: 50 staff sockets on one venue, 500 orders, and the HTTP requests the bar
//      screen (Chromium) makes per placed order while its live socket is up (bench/staff-screen.ts),
//   5. the write path: placement across 10 venues at rising concurrency, its knee, and the same D1
//      write batch run directly inside the Worker as the ceiling,
//   6. what an order keeps in its venue's database a day later, per table (bench/storage.ts),
//   5b. placement over one shard against three.
// BENCH_PHASES (a comma list of phase names, below) runs some of them.
// Every figure is a percentile or a ratio from this run: the machines are shared and noisy. Writes
// bench/results/latest.json (ignored by git) and prints a table, also when its watchdog stops it (RUN_LIMIT_MS).
import { loadavg } from 'node:os';
import { livePhase, venueSlugs } from './orders';
import { staffScreenPhase } from './staff-screen';
import { storagePhase } from './storage';
import { CEILING_SLUG, kneeOf, placementStep, returningGuestsFor, writePathPhase } from './write-path';
import { workerBundle } from './profile';
import { bundlePhase, FIRST_LOAD_BUDGETS, pageLoadPhase } from './first-load';
import {
  createBenchVenues, createShardedBenchVenues, envNumber, loadVenue, round1, round2,
  serverCpuMs, startServer, stopServer, superadminOf, writeResult, type BenchServer, type Venue,
} from './harness';

const PORT = envNumber('BENCH_PORT', 4401);
const STATE_DIR = process.env.BARHOP_STATE_DIR ?? '.wrangler/bench-state';
const OUT_DIR = process.env.BARHOP_OUT_DIR ?? 'dist-bench';
/**
 * The suite's watchdog, sized to the suite on this 2-core machine with other work on it (docs/decisions/248): past
 * it the run writes the report of the phases that finished, names the one it stopped, and exits.
 */
const RUN_LIMIT_MS = envNumber('BENCH_RUN_LIMIT_MINUTES', 20) * 60_000;
/** The Worker's DevTools port, for the placement profile (bench/profile.ts); `off` profiles nothing. */
const INSPECTOR_PORT = process.env.BENCH_INSPECTOR_PORT === 'off' ? null : envNumber('BENCH_INSPECTOR_PORT', PORT + 1000);

const GUEST_SLUG = 'artisan-bar';

/** The budgets (docs/scale.md); `check` says whether a measured figure holds it. */
const BUDGETS = {
  live_p50_ms: 15,
  live_p99_ms: 60,
  /** The bar screen reads nothing per live order event in steady state (docs/decisions/154). */
  staff_screen_requests_per_order: 0,
  menu_p99_over_healthz_p99: 1.5,
  menu_rps_over_healthz_rps: 0.5,
  knee_over_ceiling: 0.5,
  /** Placement's knee against the HTTP write floor's, measured side by side (docs/scale.md). */
  knee_over_floor: 0.8,
  /** A placement's server CPU against the floor's (one guest request and the same write batch). */
  placement_cpu_over_floor_cpu: 1.15,
  /** A guest's first load: own code per route, and the menu's page load (bench/first-load.ts, docs/decisions/268). */
  ...FIRST_LOAD_BUDGETS,
  /** docs/scale.md "Budgets": what an order keeps in its venue's database after a day (bench/storage.ts). */
  kept_bytes_per_order: 2500,
};

// ---- 3. read path -------------------------------------------------------------------------------

type CannonResult = {
  duration: number;
  requests: { total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
};
type Cannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<CannonResult>;

async function readPathPhase(baseUrl: string, venue: Venue) {
  const autocannon = (await import('autocannon')).default as unknown as Cannon;
  const menuUrl = `${baseUrl}/api/venues/${GUEST_SLUG}/drinks`;
  const menuEtag = (await fetch(menuUrl)).headers.get('ETag');
  if (!menuEtag) throw new Error('the menu has no ETag');
  const targets: Record<string, { url: string; headers?: Record<string, string>; expect: number }> = {
    healthz: { url: `${baseUrl}/api/healthz`, expect: 200 },
    healthz_db: { url: `${baseUrl}/api/healthz/db`, expect: 200 },
    menu: { url: menuUrl, expect: 200 },
    menu_304: { url: menuUrl, headers: { 'If-None-Match': menuEtag }, expect: 304 },
    venue: { url: `${baseUrl}/api/venues/${GUEST_SLUG}`, expect: 200 },
    drink: { url: `${baseUrl}/api/drinks/${venue.drinks[0]}?slug=${GUEST_SLUG}`, expect: 200 },
  };
  const rounds = envNumber('BENCH_READ_ROUNDS', 3);
  const seconds = envNumber('BENCH_READ_SECONDS', 5);
  const connections = envNumber('BENCH_READ_CONNECTIONS', 10);
  const samples: Record<string, CannonResult[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  // Interleaved rounds, so a burst of load from elsewhere on the machine hits every target alike.
  for (let round = 0; round < rounds; round++) {
    for (const [name, target] of Object.entries(targets)) {
      samples[name]!.push(await autocannon({ url: target.url, headers: target.headers, connections, duration: seconds }));
    }
  }
  const figures = Object.fromEntries(Object.entries(samples).map(([name, results]) => {
    const total = results.reduce((n, r) => n + r.requests.total, 0);
    const secondsRun = results.reduce((n, r) => n + r.duration, 0);
    const expected = results.reduce((n, r) => n + (r.statusCodeStats?.[String(targets[name]!.expect)]?.count ?? 0), 0);
    return [name, {
      requests: total,
      expected_status: targets[name]!.expect,
      expected_status_share: round2(expected / Math.max(total, 1)),
      errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
      rps: round1(total / secondsRun),
      // autocannon's per-round percentiles; the figure is their mean over the interleaved rounds.
      p50_ms: round2(results.reduce((n, r) => n + r.latency.p50, 0) / results.length),
      p99_ms: round2(results.reduce((n, r) => n + r.latency.p99, 0) / results.length),
    }];
  })) as Record<string, { requests: number; expected_status_share: number; errors: number; rps: number; p50_ms: number; p99_ms: number }>;
  const vs = (name: string, floor: string) => ({
    p99_ratio: round2(figures[name]!.p99_ms / figures[floor]!.p99_ms),
    rps_ratio: round2(figures[name]!.rps / figures[floor]!.rps),
  });
  return {
    connections,
    seconds_per_round: seconds,
    rounds,
    figures,
    vs_healthz: { menu: vs('menu', 'healthz'), menu_304: vs('menu_304', 'healthz'), venue: vs('venue', 'healthz'), drink: vs('drink', 'healthz'), healthz_db: vs('healthz_db', 'healthz') },
    /** Against a bare D1 query: what a read costs beyond the database round trip it cannot skip. */
    vs_healthz_db: { menu: vs('menu', 'healthz_db'), venue: vs('venue', 'healthz_db'), drink: vs('drink', 'healthz_db') },
  };
}

// ---- 5b. placement over shards ------------------------------------------------------------------

/**
 * Placement at its knee over 30 venues on one shard, then over the same number spread over three
 * (docs/decisions/150): the two layouts alternate level by level, so load from elsewhere hits both alike.
 * The load average is taken beside each step.
 */
async function shardPhase(baseUrl: string) {
  const venueCount = envNumber('BENCH_SHARD_VENUES', 30);
  const levels = (process.env.BENCH_SHARD_LEVELS ?? '4,8,16,32').split(',').map(Number);
  const stepMs = envNumber('BENCH_SHARD_STEP_SECONDS', 5) * 1000;
  const layouts = [
    { name: 'one shard', shards: ['DB_SHARD_0'] },
    { name: 'three shards', shards: ['DB_SHARD_0', 'DB_SHARD_1', 'DB_SHARD_2'] },
  ].map((layout, n) => {
    const slugs = Array.from({ length: venueCount }, (_, i) => `bench-s${n}-${String(i + 1).padStart(2, '0')}`);
    createShardedBenchVenues(STATE_DIR, slugs, layout.shards);
    return { ...layout, slugs };
  });
  const runs = await Promise.all(layouts.map(async (layout) => ({ ...layout, venues: await Promise.all(layout.slugs.map((slug) => loadVenue(baseUrl, slug))), steps: [] as Awaited<ReturnType<typeof placementStep>>[] })));
  const guests = await Promise.all(runs.map((run) => returningGuestsFor(STATE_DIR, run.venues, (levels.length * stepMs) / 1000)));
  for (const concurrency of levels) {
    for (const [n, run] of runs.entries()) run.steps.push(await placementStep(baseUrl, run.venues, guests[n]!, concurrency, stepMs));
  }
  const figures = runs.map((run) => {
    const { knee } = kneeOf(run.steps);
    const step = run.steps.find((s) => s.concurrency === knee.concurrency)!;
    return { layout: run.name, shards: run.shards.length, venues: run.venues.length, knee, load_average: step.load_average, steps: run.steps };
  });
  return { step_seconds: stepMs / 1000, layouts: figures, three_over_one: round2(figures[1]!.knee.orders_per_s / figures[0]!.knee.orders_per_s) };
}

// ---- report -------------------------------------------------------------------------------------

type Row = [area: string, figure: string, measured: string, budget: string, verdict: string];

function table(rows: Row[]) {
  const head: Row = ['area', 'figure', 'measured', 'budget', ''];
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => r[i]!.length)));
  const line = (r: Row) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');

/**
 * The phases, in the order they run; `BENCH_PHASES` (a comma list of these names) runs some of them, every one
 * by default. Phase 6 (storage, bench/storage.ts) runs before the shards' venues are added.
 */
const PHASES = ['bundle', 'page-load', 'read-path', 'live', 'bar-screen', 'write-path', 'storage', 'shards'] as const;
type PhaseName = typeof PHASES[number];

function selectedPhases(): Set<PhaseName> {
  const names = (process.env.BENCH_PHASES ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(PHASES as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`BENCH_PHASES: unknown ${unknown.join(', ')}; the phases are ${PHASES.join(', ')}`);
  return new Set(names.length ? names as PhaseName[] : PHASES);
}

/** The phases' results as they finish; a phase not (yet) run is null. */
type Results = {
  bundle: ReturnType<typeof bundlePhase> | null;
  lighthouse: Awaited<ReturnType<typeof pageLoadPhase>> | null;
  reads: Awaited<ReturnType<typeof readPathPhase>> | null;
  live: { one: Awaited<ReturnType<typeof livePhase>>; burst: Awaited<ReturnType<typeof livePhase>> } | null;
  staffScreen: Awaited<ReturnType<typeof staffScreenPhase>> | null;
  writes: Awaited<ReturnType<typeof writePathPhase>> | null;
  storage: Awaited<ReturnType<typeof storagePhase>> | null;
  shards: Awaited<ReturnType<typeof shardPhase>> | null;
};

/** What happened to each selected phase: a phase the watchdog stopped, or that threw, is named with why. */
type PhaseState = 'done' | 'not run' | 'running' | `stopped: ${string}` | `failed: ${string}`;

async function main() {
  const startedAt = Date.now();
  const selected = selectedPhases();
  const timings: Record<string, number> = {};
  const states: Partial<Record<PhaseName, PhaseState>> = Object.fromEntries([...selected].map((name) => [name, 'not run']));
  const results: Results = { bundle: null, lighthouse: null, reads: null, live: null, staffScreen: null, writes: null, storage: null, shards: null };
  let server: BenchServer | null = null;
  let reported = false;
  let setupFailure: string | null = null;

  /** Writes the report of what has run so far and prints its table; once only. */
  const finish = (why: 'done' | 'watchdog') => {
    if (reported) return;
    reported = true;
    if (why === 'watchdog') {
      for (const name of PHASES) {
        if (states[name] === 'running') states[name] = `stopped: the run passed its ${RUN_LIMIT_MS / 60_000} min watchdog`;
      }
    }
    const report = buildReport(results, { startedAt, timings, states, baseUrl: server?.baseUrl ?? null, selected, setupFailure });
    writeResult('latest.json', report.json);
    console.log(report.table);
    const unfinished = Object.entries(states).filter(([, state]) => state !== 'done');
    for (const [name, state] of unfinished) console.log(`phase ${name}: ${state}`);
    console.log(`\nbench/results/latest.json written; ${report.json.seconds.total} s; load average at the end ${report.json.load_average_at_end.join(' ')}`);
    // A phase stopped or failed, or a live delivery missing, fails the run (its figures are not the suite's).
    if (unfinished.length || report.json.checks.live_all_delivered === false || report.json.checks.live_burst_all_delivered === false) process.exitCode = 1;
  };
  const watchdog = setTimeout(() => {
    console.error(`bench: over ${RUN_LIMIT_MS / 60_000} minutes, stopping; the report keeps the phases that finished`);
    finish('watchdog');
    if (server) stopServer(server);
    process.exit(2);
  }, RUN_LIMIT_MS);

  const timed = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
    const t0 = Date.now();
    console.error(`bench: ${name}… (load average ${loadavg().map(round2).join(' ')})`);
    try {
      return await work();
    } finally {
      timings[name] = Math.round((Date.now() - t0) / 100) / 10;
    }
  };
  /** A selected phase's result, or null when BENCH_PHASES leaves it out or it failed (the report says which). */
  const phase = async <T>(name: PhaseName, work: () => Promise<T> | T): Promise<T | null> => {
    if (!selected.has(name)) return null;
    states[name] = 'running';
    try {
      const result = await timed(name, work);
      states[name] = 'done';
      return result;
    } catch (err) {
      console.error(err);
      states[name] = `failed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300) as PhaseState;
      return null;
    }
  };

  try {
    // The bundle phase reads the build's source maps (docs/decisions/268); they are written beside the chunks, unnamed in them.
    process.env.BARHOP_SOURCEMAP ??= 'hidden';
    server = await timed('build and start', () => startServer({ port: PORT, stateDir: STATE_DIR, outDir: OUT_DIR, inspectorPort: INSPECTOR_PORT }));
    const running = server;
    const baseUrl = running.baseUrl;
    // The ten venues of the read, live and write phases.
    const venues = ['read-path', 'live', 'write-path'].some((name) => selected.has(name as PhaseName))
      ? (createBenchVenues(STATE_DIR, [...venueSlugs(10).slice(3), CEILING_SLUG]), await Promise.all(venueSlugs(10).map((slug) => loadVenue(baseUrl, slug))))
      : [];
    const guestVenue = venues[0]!;
    const superadmin = selected.has('live') || selected.has('write-path') ? superadminOf(STATE_DIR) : null;

    results.bundle = await phase('bundle', () => bundlePhase(OUT_DIR));
    results.lighthouse = await phase('page-load', () => pageLoadPhase(baseUrl));
    results.reads = await phase('read-path', () => readPathPhase(baseUrl, guestVenue));
    // The budget's figure: one order at a time, as guests of one bar place them (a busy bar takes a few
    // orders a minute), so the latency is the system's and not the bench's own queue. Then the same
    // venue under a burst, for information. 50 staff sockets, each its own session, as 50 devices.
    results.live = await phase('live', async () => ({
      one: await livePhase(baseUrl, [guestVenue], superadmin!, STATE_DIR, {
        sockets: envNumber('BENCH_SOCKETS', 50),
        orders: envNumber('BENCH_LIVE_ORDERS', 500),
        concurrency: envNumber('BENCH_LIVE_CONCURRENCY', 1),
      }, serverCpuMs(running)),
      burst: await livePhase(baseUrl, [guestVenue], superadmin!, STATE_DIR, {
        sockets: envNumber('BENCH_SOCKETS', 50),
        orders: envNumber('BENCH_LIVE_BURST_ORDERS', 200),
        concurrency: envNumber('BENCH_LIVE_BURST_CONCURRENCY', 8),
      }, serverCpuMs(running)),
    }));
    results.staffScreen = await phase('bar-screen', () => staffScreenPhase(baseUrl, STATE_DIR, envNumber('BENCH_SCREEN_ORDERS', 20)));
    results.writes = await phase('write-path', () => writePathPhase(baseUrl, venues, superadmin!, STATE_DIR, serverCpuMs(running), {
      inspectorPort: INSPECTOR_PORT, bundle: workerBundle(OUT_DIR),
    }));
    results.storage = await phase('storage', () => storagePhase(baseUrl, STATE_DIR, {
      // 600: a whole 4 KB page is ≈ 7 B an order, so page fill moves the figure ± 20 B, not ± 100 as at 200; under the
      // 648 order codes a venue's open orders can hold at once (worker/orders/order-codes.ts).
      orders: envNumber('BENCH_STORAGE_ORDERS', 600),
      concurrency: envNumber('BENCH_STORAGE_CONCURRENCY', 4),
    }));
    results.shards = await phase('shards', () => shardPhase(baseUrl));
  } catch (err) {
    // The server did not come up, or the venues could not be added: no phase ran, and the report says why.
    console.error(err);
    setupFailure = err instanceof Error ? err.message : String(err);
    for (const name of selected) states[name] = `failed: before any phase, ${setupFailure}`.slice(0, 300) as PhaseState;
  } finally {
    clearTimeout(watchdog);
    finish('done');
    if (server) stopServer(server);
  }
}

/** The report (bench/results/latest.json) and its printed table, from the phases that ran. */
function buildReport(results: Results, run: {
  startedAt: number; timings: Record<string, number>; states: Partial<Record<PhaseName, PhaseState>>; baseUrl: string | null;
  selected: Set<PhaseName>; setupFailure: string | null;
}) {
  const { bundle, lighthouse, reads, live, staffScreen, writes, storage, shards } = results;
  // What bounds placement through HTTP on this machine: a request that does nothing, and one that
  // makes one D1 round trip (placement makes three: venue, reads, writes).
  const writeBounds = writes && reads ? {
    knee_over_healthz_rps: round2(writes.knee.orders_per_s / reads.figures.healthz!.rps),
    knee_over_healthz_db_rps: round2(writes.knee.orders_per_s / reads.figures.healthz_db!.rps),
    healthz_over_ceiling: round2(reads.figures.healthz!.rps / writes.ceiling.batches_per_s),
  } : null;
  const allDelivered = (l: Awaited<ReturnType<typeof livePhase>>) =>
    l.deliveries_received === l.deliveries_expected && l.ok === l.orders && l.sockets_closed_early.length === 0;

  const checks = {
    ...(live && {
      live_p50: (live.one.placement_to_receipt_ms.p50 ?? Infinity) <= BUDGETS.live_p50_ms,
      live_p99: (live.one.placement_to_receipt_ms.p99 ?? Infinity) <= BUDGETS.live_p99_ms,
      live_all_delivered: allDelivered(live.one),
      live_burst_all_delivered: allDelivered(live.burst),
    }),
    ...(staffScreen && {
      staff_screen_requests: staffScreen.requests_per_order <= BUDGETS.staff_screen_requests_per_order && staffScreen.shown_placed === staffScreen.orders,
    }),
    ...(reads && {
      menu_p99_ratio: reads.vs_healthz.menu.p99_ratio <= BUDGETS.menu_p99_over_healthz_p99,
      menu_rps_ratio: reads.vs_healthz.menu.rps_ratio >= BUDGETS.menu_rps_over_healthz_rps,
    }),
    ...(writes && {
      knee_over_floor: writes.knee_over_floor >= BUDGETS.knee_over_floor,
      placement_cpu_over_floor: writes.floor_cpu_over_placement_cpu === null ? null : 1 / writes.floor_cpu_over_placement_cpu <= BUDGETS.placement_cpu_over_floor_cpu,
      knee_over_ceiling: writes.knee_over_ceiling >= BUDGETS.knee_over_ceiling,
    }),
    ...(bundle && { bundle: bundle.passes }),
    ...(lighthouse && {
      lcp: lighthouse.holds.lcp,
      cls: lighthouse.holds.cls,
      tbt: lighthouse.holds.tbt,
      installable: lighthouse.installability.manifest_errors.length === 0 && lighthouse.installability.installability_errors.length === 0,
    }),
    ...(storage && { kept_bytes_per_order: storage.kept_bytes_per_order <= BUDGETS.kept_bytes_per_order }),
  };
  const json = {
    at: new Date().toISOString(),
    target: run.baseUrl,
    node: process.version,
    phases: PHASES.filter((name) => run.selected.has(name)),
    /** Each selected phase: done, not run, stopped by the watchdog, or failed (with why). */
    phase_states: run.states,
    /** Why no phase ran (the server did not come up), or null. */
    setup_failure: run.setupFailure,
    load_average_at_end: loadavg().map(round2),
    seconds: { ...run.timings, total: Math.round((Date.now() - run.startedAt) / 1000) },
    watchdog_seconds: RUN_LIMIT_MS / 1000,
    budgets: BUDGETS,
    checks,
    bundle,
    lighthouse,
    reads,
    live: live?.one ?? null,
    live_burst: live?.burst ?? null,
    staff_screen: staffScreen,
    writes: writes && { ...writes, bounds: writeBounds },
    storage,
    shards,
  };

  const ms = (n: number | null) => (n === null ? '—' : `${n} ms`);
  const ok = (check: boolean | null | undefined) => (check === null || check === undefined ? '' : verdict(check));
  const rows: Row[] = [
    ...(live ? [
      ['live', `${live.one.sockets} sockets (${live.one.sessions} staff sessions), ${live.one.orders} orders: send → receipt p50`, ms(live.one.placement_to_receipt_ms.p50), `<= ${BUDGETS.live_p50_ms} ms`, ok(checks.live_p50)],
      ['live', 'send → receipt p99', ms(live.one.placement_to_receipt_ms.p99), `<= ${BUDGETS.live_p99_ms} ms`, ok(checks.live_p99)],
      ['live', 'deliveries received / expected', `${live.one.deliveries_received} / ${live.one.deliveries_expected}`, 'all', ok(checks.live_all_delivered)],
      ['live', `burst: ${live.burst.orders} orders, ${live.burst.concurrency} in flight: p50; p99`, `${ms(live.burst.placement_to_receipt_ms.p50)}; ${ms(live.burst.placement_to_receipt_ms.p99)}`, 'info', ''],
      ['live', 'burst: deliveries received / expected', `${live.burst.deliveries_received} / ${live.burst.deliveries_expected}`, 'all', ok(checks.live_burst_all_delivered)],
      ['live', `burst: the ${live.burst.concurrency} orders sent together at its start: p50; max / the others: p50; p99`, `${ms(live.burst.placement_to_receipt_by_start_ms.sent_together.p50)}; ${ms(live.burst.placement_to_receipt_by_start_ms.sent_together.max)} / ${ms(live.burst.placement_to_receipt_by_start_ms.sent_after.p50)}; ${ms(live.burst.placement_to_receipt_by_start_ms.sent_after.p99)}`, 'info', ''],
      ['live', 'burst: orders/s; CPU per order, server + bench client; cores busy', `${live.burst.orders_per_s}; ${ms(live.burst.cpu_ms_per_order.server)} + ${ms(live.burst.cpu_ms_per_order.bench_client)}; ${live.burst.cpu_ms_per_order.cores_busy ?? '—'}`, 'info', ''],
    ] satisfies Row[] : []),
    ...(staffScreen ? [
      ['live', `bar screen: HTTP requests per placed order (${staffScreen.orders} placed and delivered, ${staffScreen.shown_placed} shown)`, String(staffScreen.requests_per_order), `<= ${BUDGETS.staff_screen_requests_per_order}`, ok(checks.staff_screen_requests)],
    ] satisfies Row[] : []),
    ...(reads ? [
      ['reads', 'menu p99 / healthz p99', `${reads.vs_healthz.menu.p99_ratio} (${reads.figures.menu!.p99_ms} / ${reads.figures.healthz!.p99_ms} ms)`, `<= ${BUDGETS.menu_p99_over_healthz_p99}`, ok(checks.menu_p99_ratio)],
      ['reads', 'menu req/s / healthz req/s', `${reads.vs_healthz.menu.rps_ratio} (${reads.figures.menu!.rps} / ${reads.figures.healthz!.rps})`, `>= ${BUDGETS.menu_rps_over_healthz_rps}`, ok(checks.menu_rps_ratio)],
      ['reads', 'menu 304 p99 / healthz p99; req/s ratio', `${reads.vs_healthz.menu_304.p99_ratio}; ${reads.vs_healthz.menu_304.rps_ratio}`, 'info', ''],
      ['reads', 'venue p99 / healthz p99; req/s ratio', `${reads.vs_healthz.venue.p99_ratio}; ${reads.vs_healthz.venue.rps_ratio}`, 'info', ''],
      ['reads', 'drink p99 / healthz p99; req/s ratio', `${reads.vs_healthz.drink.p99_ratio}; ${reads.vs_healthz.drink.rps_ratio}`, 'info', ''],
      ['reads', 'healthz/db (one D1 query) p99 / healthz p99; req/s', `${reads.vs_healthz.healthz_db.p99_ratio}; ${reads.vs_healthz.healthz_db.rps_ratio}`, 'info', ''],
      ['reads', 'menu p99 / healthz/db p99; req/s ratio', `${reads.vs_healthz_db.menu.p99_ratio}; ${reads.vs_healthz_db.menu.rps_ratio}`, 'info', ''],
    ] satisfies Row[] : []),
    ...(writes ? [
      ['writes', `knee (10 venues): concurrency ${writes.knee.concurrency}`, `${writes.knee.orders_per_s} orders/s, p99 ${ms(writes.knee.p99_ms)}`, 'info', ''],
      ['writes', `HTTP write floor (one guest request + the same batch): knee at ${writes.floor.knee.concurrency}`, `${writes.floor.knee.orders_per_s} req/s, p99 ${ms(writes.floor.knee.p99_ms)}`, 'info', ''],
      ['writes', 'placement knee / floor', String(writes.knee_over_floor), `>= ${BUDGETS.knee_over_floor}`, ok(checks.knee_over_floor)],
      ['writes', 'placement CPU / floor CPU per request (server processes, median of levels)', writes.floor_cpu_over_placement_cpu === null ? '—' : `${round2(1 / writes.floor_cpu_over_placement_cpu)} (floor ÷ placement ${writes.floor_cpu_over_placement_cpu})`, `<= ${BUDGETS.placement_cpu_over_floor_cpu}`, ok(checks.placement_cpu_over_floor)],
      ...profileRows(writes.profile),
      ['writes', 'knee / D1 ceiling (same write batch in the Worker)', `${writes.knee_over_ceiling} (${writes.knee.orders_per_s} / ${writes.ceiling.batches_per_s})`, `>= ${BUDGETS.knee_over_ceiling}`, ok(checks.knee_over_ceiling)],
      ['writes', 'floor / ceiling: the best any HTTP placement can reach here', String(writes.floor_over_ceiling), 'info', ''],
    ] satisfies Row[] : []),
    ...(writeBounds ? [
      ['writes', 'knee / healthz/db req/s (one D1 round trip); healthz req/s / ceiling', `${writeBounds.knee_over_healthz_db_rps}; ${writeBounds.healthz_over_ceiling}`, 'info', ''],
    ] satisfies Row[] : []),
    ...(bundle ? [
      ['bundle', `most own code beyond the fixed stack (${bundle.most_own_code_route})`, `${bundle.most_own_code_kb_gzip} KB gz`, `<= ${BUDGETS.own_code_kb_gzip} KB`, ok(checks.bundle)],
      ...Object.entries(bundle.guest_routes).map(([route, r]): Row => ['bundle', `${route}: own code; fixed stack; whole`, `${r.own}; ${r.fixed_stack}; ${r.total} KB gz`, 'info', '']),
      ['bundle', 'pay screen: its chunks and Stripe\'s loader, after the venue layout', `${bundle.pay_screen_kb_gzip} KB gz`, 'info', ''],
      ['bundle', 'hold screen: its chunks and Stripe\'s loader, after the venue layout', `${bundle.hold_screen_kb_gzip} KB gz`, 'info', ''],
    ] satisfies Row[] : []),
    ...(lighthouse ? [
      ['page', 'Lighthouse mobile LCP (median), English; Spanish', `${ms(lighthouse.mobile.lcp_ms)}; ${ms(lighthouse.mobile_es.lcp_ms)}`, `<= ${BUDGETS.lcp_ms} ms`, ok(checks.lcp)],
      ['page', 'Lighthouse mobile CLS, English; Spanish', `${lighthouse.mobile.cls}; ${lighthouse.mobile_es.cls}`, `<= ${BUDGETS.cls}`, ok(checks.cls)],
      ['page', 'Lighthouse mobile TBT (median), English; Spanish', `${ms(lighthouse.mobile.tbt_ms)}; ${ms(lighthouse.mobile_es.tbt_ms)}`, `<= ${BUDGETS.tbt_ms} ms`, ok(checks.tbt)],
      ['page', 'load average after the English; Spanish runs', `${lighthouse.mobile.load_average.join(' ')}; ${lighthouse.mobile_es.load_average.join(' ')}`, 'info', ''],
      ['page', 'installable (Chromium: manifest and installability errors)', [...lighthouse.installability.manifest_errors, ...lighthouse.installability.installability_errors].join(', ') || 'none', 'none', ok(checks.installable)],
      ['page', 'unthrottled mobile: LCP; TBT', `${ms(lighthouse.mobile_unthrottled.lcp_ms)}; ${ms(lighthouse.mobile_unthrottled.tbt_ms)}`, 'info', ''],
    ] satisfies Row[] : []),
    ...(storage ? storageRows(storage, ok(checks.kept_bytes_per_order)) : []),
    ...(shards ? [
      ...shards.layouts.map((l): Row => ['shards', `placement knee, ${l.venues} venues on ${l.layout} (load ${l.load_average.join(' ')})`, `${l.knee.orders_per_s} orders/s at ${l.knee.concurrency}, p99 ${ms(l.knee.p99_ms)}`, 'info', '']),
      ['shards', 'three shards / one shard', String(shards.three_over_one), 'info', ''],
    ] satisfies Row[] : []),
  ];
  return { json, table: table(rows) };
}

/** The placement profile's rows: a placement's and the floor's JavaScript in workerd, by step (bench/profile.ts). */
function profileRows(profile: Awaited<ReturnType<typeof writePathPhase>>['profile']): Row[] {
  if (!profile) return [];
  const floorSteps = profile.floor.steps;
  return [
    ['writes', `profile: JavaScript per request in workerd, placement / floor (${profile.placement.requests} each)`, `${profile.placement.ms_per_request} / ${profile.floor.ms_per_request} ms`, 'info', ''],
    ...Object.entries(profile.placement.steps).map(([step, figure]): Row => [
      'writes', `  profile: ${step}`, `${figure.ms_per_request} ms (${Math.round(figure.share * 100)} %); floor ${floorSteps[step]?.ms_per_request ?? 0} ms`, 'info', '',
    ]),
  ];
}

/** Phase 6's rows: the file's growth per order after each step, and per table once the record is purged. */
function storageRows(storage: Awaited<ReturnType<typeof storagePhase>>, keptVerdict: string): Row[] {
  const tables = Object.entries(storage.kept.tables)
    .map(([name, t]) => `${name} ${t.rows_per_order} × ${t.bytes_per_order} B`).join('; ');
  return [
    ['storage', `venue database per order placed (${storage.orders} orders, with the idempotency record)`, `${storage.placement.bytes_per_order} B`, 'info', ''],
    ['storage', 'per order delivered the same day (+ 3 events, stock movements)', `${storage.day_one.bytes_per_order} B`, 'info', ''],
    ['storage', `kept after a day (record purged; load ${storage.load_average.join(' ')})`, `${storage.kept_bytes_per_order} B`, `<= ${BUDGETS.kept_bytes_per_order} B`, keptVerdict],
    ['storage', 'kept per table: rows × bytes per order, with indexes', tables, 'info', ''],
    ['storage', 'control database per order (rate limits, audit log of staff writes)', `${storage.control_database.bytes_per_order} B`, 'info', ''],
  ];
}

main().then(() => process.exit(process.exitCode ?? 0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
