// `npm run bench`: the performance suite with its budgets (docs/scale.md "Budgets"; bench/README.md). One run over one
// server — the production build on local workerd over a fresh seeded database, started here — measures:
//   1. bundle budgets (scripts/check-bundle.ts over this run's build): each guest route's own code (bench/first-load.ts),
//   2. guest page load with Lighthouse (mobile) on /venue/{slug}, in English and in Spanish (bench/first-load.ts),
//   3. the read path (menu, venue, drink, 304 repeat) against GET /api/healthz, side by side,
//   4. live order latency: 50 staff sockets on one venue, 500 orders, and the HTTP requests the bar
//      screen (Chromium) makes per placed order while its live socket is up (bench/staff-screen.ts),
//   5. the write path: placement across 10 venues at rising concurrency, its knee, and the same D1
//      write batch run directly inside the Worker as the ceiling,
//   6. what an order keeps in its venue's database a day later, per table (bench/storage.ts),
//   5b. placement over one shard against three.
// BENCH_PHASES (a comma list of phase names, below) runs some of them.
// Every figure is a percentile or a ratio from this run: the machines are shared and noisy. Writes
// bench/results/latest.json (ignored by git) and prints a table. Bounded: well under 10 minutes.
import { loadavg } from 'node:os';
import { bundlePhase, FIRST_LOAD_BUDGETS, pageLoadPhase } from './first-load';
import { livePhase, venueSlugs } from './orders';
import { staffScreenPhase } from './staff-screen';
import { storagePhase } from './storage';
import { CEILING_SLUG, kneeOf, placementStep, returningGuestsFor, writePathPhase } from './write-path';
import {
  createBenchVenues, createShardedBenchVenues, envNumber, loadVenue, round1, round2,
  serverCpuMs, startServer, stopServer, superadminOf, writeResult, type BenchServer, type Venue,
} from './harness';

const PORT = envNumber('BENCH_PORT', 4401);
const STATE_DIR = process.env.BARHOP_STATE_DIR ?? '.wrangler/bench-state';
const OUT_DIR = process.env.BARHOP_OUT_DIR ?? 'dist-bench';
const RUN_LIMIT_MS = 10 * 60_000;

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
  /** A guest's first load: own code per route, and the menu's page load (bench/first-load.ts, docs/decisions/258). */
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

async function main() {
  const startedAt = Date.now();
  const selected = selectedPhases();
  const watchdog = setTimeout(() => {
    console.error(`bench: over ${RUN_LIMIT_MS / 60_000} minutes, giving up`);
    process.exit(2);
  }, RUN_LIMIT_MS);
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
    const t0 = Date.now();
    console.error(`bench: ${name}…`);
    try {
      return await work();
    } finally {
      timings[name] = Math.round((Date.now() - t0) / 100) / 10;
    }
  };
  /** A selected phase's result, or null when BENCH_PHASES leaves it out. */
  const phase = <T>(name: PhaseName, work: () => Promise<T> | T): Promise<T | null> =>
    (selected.has(name) ? timed(name, work) : Promise.resolve(null));

  let server: BenchServer | null = null;
  try {
    // The bundle phase reads the build's source maps (docs/decisions/258); they are written beside the chunks, unnamed in them.
    process.env.BARHOP_SOURCEMAP ??= 'hidden';
    server = await timed('build and start', () => startServer({ port: PORT, stateDir: STATE_DIR, outDir: OUT_DIR }));
    const baseUrl = server.baseUrl;
    // The ten venues of the read, live and write phases.
    const venues = ['read-path', 'live', 'write-path'].some((name) => selected.has(name as PhaseName))
      ? (createBenchVenues(STATE_DIR, [...venueSlugs(10).slice(3), CEILING_SLUG]), await Promise.all(venueSlugs(10).map((slug) => loadVenue(baseUrl, slug))))
      : [];
    const guestVenue = venues[0]!;
    const superadmin = selected.has('live') || selected.has('write-path') ? superadminOf(STATE_DIR) : null;

    const bundle = await phase('bundle', () => bundlePhase(OUT_DIR));
    const lighthouse = await phase('page-load', () => pageLoadPhase(baseUrl));
    const reads = await phase('read-path', () => readPathPhase(baseUrl, guestVenue));
    // The budget's figure: one order at a time, as guests of one bar place them (a busy bar takes a few
    // orders a minute), so the latency is the system's and not the bench's own queue. Then the same
    // venue under a burst, for information.
    const live = await phase('live', async () => ({
      one: await livePhase(baseUrl, [guestVenue], superadmin!, STATE_DIR, {
        sockets: envNumber('BENCH_SOCKETS', 50),
        orders: envNumber('BENCH_LIVE_ORDERS', 500),
        concurrency: envNumber('BENCH_LIVE_CONCURRENCY', 1),
      }, serverCpuMs(server)),
      burst: await livePhase(baseUrl, [guestVenue], superadmin!, STATE_DIR, {
        sockets: envNumber('BENCH_SOCKETS', 50),
        orders: envNumber('BENCH_LIVE_BURST_ORDERS', 200),
        concurrency: envNumber('BENCH_LIVE_BURST_CONCURRENCY', 8),
      }, serverCpuMs(server)),
    }));
    const staffScreen = await phase('bar-screen', () => staffScreenPhase(baseUrl, STATE_DIR, envNumber('BENCH_SCREEN_ORDERS', 20)));
    const writes = await phase('write-path', () => writePathPhase(baseUrl, venues, superadmin!, STATE_DIR, serverCpuMs(server)));
    const storage = await phase('storage', () => storagePhase(baseUrl, STATE_DIR, {
      orders: envNumber('BENCH_STORAGE_ORDERS', 200),
      concurrency: envNumber('BENCH_STORAGE_CONCURRENCY', 4),
    }));
    const shards = await phase('shards', () => shardPhase(baseUrl));
    if (shards) console.error(`bench: shards ${JSON.stringify(shards.layouts.map((l) => [l.layout, l.knee, l.load_average]))}`);
    // What bounds placement through HTTP on this machine: a request that does nothing, and one that
    // makes one D1 round trip (placement makes three: venue, reads, writes).
    const writeBounds = writes && reads ? {
      knee_over_healthz_rps: round2(writes.knee.orders_per_s / reads.figures.healthz!.rps),
      knee_over_healthz_db_rps: round2(writes.knee.orders_per_s / reads.figures.healthz_db!.rps),
      healthz_over_ceiling: round2(reads.figures.healthz!.rps / writes.ceiling.batches_per_s),
    } : null;

    const checks = {
      ...(live && {
        live_p50: (live.one.placement_to_receipt_ms.p50 ?? Infinity) <= BUDGETS.live_p50_ms,
        live_p99: (live.one.placement_to_receipt_ms.p99 ?? Infinity) <= BUDGETS.live_p99_ms,
        live_all_delivered: live.one.deliveries_received === live.one.deliveries_expected && live.one.ok === live.one.orders,
      }),
      ...(staffScreen && {
        staff_screen_requests: staffScreen.requests_per_order <= BUDGETS.staff_screen_requests_per_order && staffScreen.shown_placed === staffScreen.orders,
      }),
      ...(reads && {
        menu_p99_ratio: reads.vs_healthz.menu.p99_ratio <= BUDGETS.menu_p99_over_healthz_p99,
        menu_rps_ratio: reads.vs_healthz.menu.rps_ratio >= BUDGETS.menu_rps_over_healthz_rps,
      }),
      ...(writes && { knee_over_ceiling: writes.knee_over_ceiling >= BUDGETS.knee_over_ceiling }),
      ...(bundle && { bundle: bundle.passes }),
      ...(lighthouse && {
        lcp: lighthouse.holds.lcp,
        cls: lighthouse.holds.cls,
        tbt: lighthouse.holds.tbt,
      }),
      ...(storage && { kept_bytes_per_order: storage.kept_bytes_per_order <= BUDGETS.kept_bytes_per_order }),
    };
    const report = {
      at: new Date().toISOString(),
      target: baseUrl,
      node: process.version,
      phases: PHASES.filter((name) => selected.has(name)),
      load_average_at_end: loadavg().map(round2),
      seconds: { ...timings, total: Math.round((Date.now() - startedAt) / 1000) },
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
    writeResult('latest.json', report);

    const ms = (n: number | null) => (n === null ? '—' : `${n} ms`);
    const rows: Row[] = [
      ...(live ? [
        ['live', `${live.one.sockets} sockets, ${live.one.orders} orders: send → receipt p50`, ms(live.one.placement_to_receipt_ms.p50), `<= ${BUDGETS.live_p50_ms} ms`, verdict(checks.live_p50!)],
        ['live', 'send → receipt p99', ms(live.one.placement_to_receipt_ms.p99), `<= ${BUDGETS.live_p99_ms} ms`, verdict(checks.live_p99!)],
        ['live', 'deliveries received / expected', `${live.one.deliveries_received} / ${live.one.deliveries_expected}`, 'all', verdict(checks.live_all_delivered!)],
        ['live', `burst: ${live.burst.orders} orders, ${live.burst.concurrency} in flight: p50; p99`, `${ms(live.burst.placement_to_receipt_ms.p50)}; ${ms(live.burst.placement_to_receipt_ms.p99)}`, 'info', ''],
        ['live', `burst: the ${live.burst.concurrency} orders sent together at its start: p50; max / the others: p50; p99`, `${ms(live.burst.placement_to_receipt_by_start_ms.sent_together.p50)}; ${ms(live.burst.placement_to_receipt_by_start_ms.sent_together.max)} / ${ms(live.burst.placement_to_receipt_by_start_ms.sent_after.p50)}; ${ms(live.burst.placement_to_receipt_by_start_ms.sent_after.p99)}`, 'info', ''],
        ['live', 'burst: orders/s; CPU per order, server + bench client; cores busy', `${live.burst.orders_per_s}; ${ms(live.burst.cpu_ms_per_order.server)} + ${ms(live.burst.cpu_ms_per_order.bench_client)}; ${live.burst.cpu_ms_per_order.cores_busy ?? '—'}`, 'info', ''],
      ] satisfies Row[] : []),
      ...(staffScreen ? [
        ['live', `bar screen: HTTP requests per placed order (${staffScreen.orders} placed and delivered, ${staffScreen.shown_placed} shown)`, String(staffScreen.requests_per_order), `<= ${BUDGETS.staff_screen_requests_per_order}`, verdict(checks.staff_screen_requests!)],
      ] satisfies Row[] : []),
      ...(reads ? [
        ['reads', 'menu p99 / healthz p99', `${reads.vs_healthz.menu.p99_ratio} (${reads.figures.menu!.p99_ms} / ${reads.figures.healthz!.p99_ms} ms)`, `<= ${BUDGETS.menu_p99_over_healthz_p99}`, verdict(checks.menu_p99_ratio!)],
        ['reads', 'menu req/s / healthz req/s', `${reads.vs_healthz.menu.rps_ratio} (${reads.figures.menu!.rps} / ${reads.figures.healthz!.rps})`, `>= ${BUDGETS.menu_rps_over_healthz_rps}`, verdict(checks.menu_rps_ratio!)],
        ['reads', 'menu 304 p99 / healthz p99; req/s ratio', `${reads.vs_healthz.menu_304.p99_ratio}; ${reads.vs_healthz.menu_304.rps_ratio}`, 'info', ''],
        ['reads', 'venue p99 / healthz p99; req/s ratio', `${reads.vs_healthz.venue.p99_ratio}; ${reads.vs_healthz.venue.rps_ratio}`, 'info', ''],
        ['reads', 'drink p99 / healthz p99; req/s ratio', `${reads.vs_healthz.drink.p99_ratio}; ${reads.vs_healthz.drink.rps_ratio}`, 'info', ''],
        ['reads', 'healthz/db (one D1 query) p99 / healthz p99; req/s', `${reads.vs_healthz.healthz_db.p99_ratio}; ${reads.vs_healthz.healthz_db.rps_ratio}`, 'info', ''],
        ['reads', 'menu p99 / healthz/db p99; req/s ratio', `${reads.vs_healthz_db.menu.p99_ratio}; ${reads.vs_healthz_db.menu.rps_ratio}`, 'info', ''],
      ] satisfies Row[] : []),
      ...(writes ? [
        ['writes', `knee (10 venues): concurrency ${writes.knee.concurrency}`, `${writes.knee.orders_per_s} orders/s, p99 ${ms(writes.knee.p99_ms)}`, 'info', ''],
        ['writes', 'knee / D1 ceiling (same write batch in the Worker)', `${writes.knee_over_ceiling} (${writes.knee.orders_per_s} / ${writes.ceiling.batches_per_s})`, `>= ${BUDGETS.knee_over_ceiling}`, verdict(checks.knee_over_ceiling!)],
        ['writes', `HTTP write floor (one guest request + the same batch): knee at ${writes.floor.knee.concurrency}`, `${writes.floor.knee.orders_per_s} req/s, p99 ${ms(writes.floor.knee.p99_ms)}`, 'info', ''],
        ['writes', 'floor / ceiling: the best any HTTP placement can reach here', String(writes.floor_over_ceiling), 'info', ''],
        ['writes', 'placement knee / floor', String(writes.knee_over_floor), 'info', ''],
        ['writes', 'floor CPU / placement CPU per request (server processes, median of levels)', String(writes.floor_cpu_over_placement_cpu), 'info', ''],
      ] satisfies Row[] : []),
      ...(writeBounds ? [
        ['writes', 'knee / healthz/db req/s (one D1 round trip); healthz req/s / ceiling', `${writeBounds.knee_over_healthz_db_rps}; ${writeBounds.healthz_over_ceiling}`, 'info', ''],
      ] satisfies Row[] : []),
      ...(bundle ? [
        ['bundle', `most own code beyond the fixed stack (${bundle.most_own_code_route})`, `${bundle.most_own_code_kb_gzip} KB gz`, `<= ${BUDGETS.own_code_kb_gzip} KB`, verdict(checks.bundle!)],
        ...Object.entries(bundle.guest_routes).map(([route, r]): Row => ['bundle', `${route}: own code; fixed stack; whole`, `${r.own}; ${r.fixed_stack}; ${r.total} KB gz`, 'info', '']),
        ['bundle', 'pay screen: its chunks and Stripe\'s loader, after the venue layout', `${bundle.pay_screen_kb_gzip} KB gz`, 'info', ''],
        ['bundle', 'hold screen: its chunks and Stripe\'s loader, after the venue layout', `${bundle.hold_screen_kb_gzip} KB gz`, 'info', ''],
      ] satisfies Row[] : []),
      ...(lighthouse ? [
        ['page', 'Lighthouse mobile LCP (median), English; Spanish', `${ms(lighthouse.mobile.lcp_ms)}; ${ms(lighthouse.mobile_es.lcp_ms)}`, `<= ${BUDGETS.lcp_ms} ms`, verdict(checks.lcp!)],
        ['page', 'Lighthouse mobile CLS, English; Spanish', `${lighthouse.mobile.cls}; ${lighthouse.mobile_es.cls}`, `<= ${BUDGETS.cls}`, verdict(checks.cls!)],
        ['page', 'Lighthouse mobile TBT (median), English; Spanish', `${ms(lighthouse.mobile.tbt_ms)}; ${ms(lighthouse.mobile_es.tbt_ms)}`, `<= ${BUDGETS.tbt_ms} ms`, verdict(checks.tbt!)],
        ['page', 'load average after the English; Spanish runs', `${lighthouse.mobile.load_average.join(' ')}; ${lighthouse.mobile_es.load_average.join(' ')}`, 'info', ''],
        ['page', 'unthrottled mobile: LCP; TBT', `${ms(lighthouse.mobile_unthrottled.lcp_ms)}; ${ms(lighthouse.mobile_unthrottled.tbt_ms)}`, 'info', ''],
      ] satisfies Row[] : []),
      ...(storage ? storageRows(storage, verdict(checks.kept_bytes_per_order!)) : []),
      ...(shards ? [
        ...shards.layouts.map((l): Row => ['shards', `placement knee, ${l.venues} venues on ${l.layout} (load ${l.load_average.join(' ')})`, `${l.knee.orders_per_s} orders/s at ${l.knee.concurrency}, p99 ${ms(l.knee.p99_ms)}`, 'info', '']),
        ['shards', 'three shards / one shard', String(shards.three_over_one), 'info', ''],
      ] satisfies Row[] : []),
    ];
    console.log(table(rows));
    console.log(`\nbench/results/latest.json written; ${report.seconds.total} s; load average at the end ${report.load_average_at_end.join(' ')}`);
  } finally {
    clearTimeout(watchdog);
    if (server) stopServer(server);
  }
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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
