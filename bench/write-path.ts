// The write path of order placement (bench phase 5, bench/README.md): placement across venues at rising
// concurrency and its knee; the HTTP write floor (the same write batch behind one guest request and nothing
// else, docs/decisions/176), level by level beside it; and the D1 ceiling (that batch inside the Worker,
// docs/decisions/176). Part of `npm run bench`; alone, `npm run bench:write-path` serves its own copy.
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { venueSlugs } from './orders';
import {
  countBy, createBenchVenues, envNumber, loadVenue, percentiles, placementRequest, placeOrder, pool, returningGuestPool, round1, round2, serverCpuMs, serveOpenOrders, staffToken,
  superadminOf, withBenchTarget, writeResult, type GuestPool, type Placed, type StaffUser, type Venue,
} from './harness';
import { openProfiler, splitBySteps } from './profile';

/** The bench venue the floor and the ceiling write to (created with the bench venues). */
export const CEILING_SLUG = 'bench-ceiling';

/** What the server's processes have spent in CPU so far (ms), when the bench started the server. */
export type ServerCpu = (() => number) | null;

/**
 * `concurrency` clients sending `request` back to back for `durationMs`: throughput and latency of the 200s, and
 * the server's CPU time per request when known.
 */
async function concurrencyStep(concurrency: number, durationMs: number, request: (i: number) => Promise<Placed>, cpu: ServerCpu = null) {
  const results: Placed[] = [];
  let n = 0;
  const cpuBefore = cpu?.() ?? 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) results.push(await request(n++));
  }));
  const elapsed = performance.now() - started;
  const cpuMs = cpu ? cpu() - cpuBefore : null;
  const ok = results.filter((r) => r.status === 200);
  return {
    concurrency,
    orders: results.length,
    ok: ok.length,
    errors: countBy(results.filter((r) => r.status !== 200).map((r) => String(r.status))),
    orders_per_s: round1((ok.length / elapsed) * 1000),
    latency_ms: percentiles(ok.map((r) => r.ms)),
    server_cpu_ms_per_request: cpuMs === null ? null : round2(cpuMs / Math.max(results.length, 1)),
    /** The machine's load average (1, 5, 15 min) as the step ends: beside each figure (bench/README.md). */
    load_average: loadavg().map(round2),
  };
}

/** Returning guests for `seconds` of placement over `venues` at up to this rate (orders/s): the pool's size. */
const PLACEMENT_RATE_BOUND = 500;
export const returningGuestsFor = (stateDir: string, venues: Venue[], seconds: number) =>
  returningGuestPool(stateDir, venues.map((v) => v.id), Math.ceil((PLACEMENT_RATE_BOUND * seconds) / venues.length));

/** Placement by returning guests (the first-orders ceiling counts only new devices, docs/decisions/167). */
export const placementStep = (baseUrl: string, venues: Venue[], guests: GuestPool, concurrency: number, durationMs: number, cpu: ServerCpu = null) =>
  concurrencyStep(concurrency, durationMs, async (i) => {
    const venue = venues[i % venues.length]!;
    return placeOrder(baseUrl, venue, guests(venue.id), i);
  }, cpu);

/**
 * The HTTP write floor: the ceiling's write batch, one per guest HTTP request, nothing else (decision 176). The
 * request carries the body placement's would, and its answer, read the same way, is the order it wrote in
 * placement's shape (decision 176): what any HTTP placement has to carry.
 */
const floorStep = (baseUrl: string, venues: Venue[], guests: GuestPool, concurrency: number, durationMs: number, cpu: ServerCpu) =>
  concurrencyStep(concurrency, durationMs, (i) => floorRequest(baseUrl, venues, guests, i), cpu);

async function floorRequest(baseUrl: string, venues: Venue[], guests: GuestPool, i: number): Promise<Placed> {
  // A token from a pool too, signed before the step as placement's are: the client's work is the same.
  const token = guests(venues[i % venues.length]!.id);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/dev/bench/d1-write-once?venue=${CEILING_SLUG}`, placementRequest(venues[i % venues.length]!, token, i));
  await res.json().catch(() => null);
  return { status: res.status, started, ms: performance.now() - started };
}

type Step = Awaited<ReturnType<typeof concurrencyStep>>;

/** Of one level's rounds, the one with the median throughput (its latency and CPU with it). */
function medianStep(rounds: Step[]): Step {
  return [...rounds].sort((a, b) => a.orders_per_s - b.orders_per_s)[Math.floor(rounds.length / 2)]!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The lowest concurrency reaching 90% of the best throughput: beyond it, more in flight only adds latency. */
export function kneeOf(steps: Step[]) {
  const best = Math.max(...steps.map((s) => s.orders_per_s));
  const knee = steps.find((s) => s.orders_per_s >= 0.9 * best)!;
  return { best, knee: { concurrency: knee.concurrency, orders_per_s: knee.orders_per_s, p50_ms: knee.latency_ms.p50, p99_ms: knee.latency_ms.p99 } };
}

async function d1Ceiling(baseUrl: string, token: string, parallel: number, batches: number) {
  const res = await fetch(`${baseUrl}/api/dev/bench/d1-insert?venue=${CEILING_SLUG}&n=${batches}&parallel=${parallel}`, {
    method: 'POST', headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`d1-insert answered ${res.status}: ${await res.text()}`);
  return await res.json() as { batches: number; statements_per_batch: number; parallel: number; ms: number; batches_per_s: number };
}

/**
 * A CPU profile of placements, then of as many floor requests, each split by step (bench/profile.ts): after the
 * measured levels, so the profiler's own cost is in none of them.
 */
async function profilePhase(baseUrl: string, venues: Venue[], stateDir: string, options: { inspectorPort: number; bundle: string }) {
  const requests = envNumber('BENCH_PROFILE_REQUESTS', 400);
  const concurrency = envNumber('BENCH_PROFILE_CONCURRENCY', 4);
  const guests = await returningGuestPool(stateDir, venues.map((v) => v.id), Math.ceil(requests / venues.length) + 1);
  const floorGuests = await returningGuestPool(stateDir, venues.map((v) => v.id), Math.ceil(requests / venues.length) + 1);
  serveOpenOrders(stateDir, venues.map((v) => v.id));
  const profiler = await openProfiler(options.inspectorPort);
  try {
    const run = (send: (i: number) => Promise<Placed>) => pool(Array.from({ length: requests }, (_, i) => () => send(i)), concurrency);
    const placed = await profiler.profile(() => run((i) => placeOrder(baseUrl, venues[i % venues.length]!, guests(venues[i % venues.length]!.id), i)));
    const floor = await profiler.profile(() => run((i) => floorRequest(baseUrl, venues, floorGuests, i)));
    return {
      concurrency,
      placement: splitBySteps(placed, requests, options.bundle),
      floor: splitBySteps(floor, requests, options.bundle),
      load_average: loadavg().map(round2),
    };
  } finally {
    profiler.close();
  }
}

export async function writePathPhase(baseUrl: string, venues: Venue[], superadmin: StaffUser, stateDir: string, cpu: ServerCpu = null,
  profiling: { inspectorPort: number | null; bundle: string } | null = null) {
  const levels = (process.env.BENCH_WRITE_LEVELS ?? '1,2,4,8,16,32').split(',').map(Number);
  const stepMs = envNumber('BENCH_WRITE_STEP_SECONDS', 5) * 1000;
  const rounds = envNumber('BENCH_WRITE_ROUNDS', 1);
  const placementRounds: Step[][] = levels.map(() => []);
  const guests = await returningGuestsFor(stateDir, venues, (levels.length * rounds * stepMs) / 1000);
  const floorGuests = await returningGuestsFor(stateDir, venues, (levels.length * rounds * stepMs) / 1000);
  const floorRounds: Step[][] = levels.map(() => []);
  // Placement and the floor alternate level by level, so load from elsewhere on the machine hits both alike;
  // with several rounds, each level's figure is its median round.
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, concurrency] of levels.entries()) {
      serveOpenOrders(stateDir, venues.map((v) => v.id));
      placementRounds[i]!.push(await placementStep(baseUrl, venues, guests, concurrency, stepMs, cpu));
      floorRounds[i]!.push(await floorStep(baseUrl, venues, floorGuests, concurrency, stepMs, cpu));
    }
  }
  const steps = placementRounds.map(medianStep);
  const floorSteps = floorRounds.map(medianStep);
  const { best, knee } = kneeOf(steps);
  const floor = kneeOf(floorSteps);
  // The server's CPU per request, side by side at each level: what placement costs over the floor, read the
  // same way however busy the machine is.
  const cpuRatios = cpu ? levels.map((_, i) => floorRounds[i]!.map((f, r) => f.server_cpu_ms_per_request! / placementRounds[i]![r]!.server_cpu_ms_per_request!)).flat() : [];

  const token = await staffToken(superadmin, stateDir);
  const batches = envNumber('BENCH_CEILING_BATCHES', 400);
  const ceilingRuns = [];
  for (const parallel of [1, 8]) ceilingRuns.push(await d1Ceiling(baseUrl, token, parallel, batches));
  const ceiling = ceilingRuns.reduce((a, b) => (b.batches_per_s > a.batches_per_s ? b : a));
  const profile = profiling?.inspectorPort ? await profilePhase(baseUrl, venues, stateDir, { inspectorPort: profiling.inspectorPort, bundle: profiling.bundle }) : null;
  return {
    venues: venues.length,
    step_seconds: stepMs / 1000,
    steps,
    knee,
    best_orders_per_s: best,
    ceiling: { runs: ceilingRuns, batches_per_s: ceiling.batches_per_s, parallel: ceiling.parallel, statements_per_batch: ceiling.statements_per_batch },
    knee_over_ceiling: round2(knee.orders_per_s / ceiling.batches_per_s),
    /** The same batch behind one HTTP request and nothing else: what any HTTP placement could reach here. */
    floor: { steps: floorSteps, knee: floor.knee, best_per_s: floor.best },
    floor_over_ceiling: round2(floor.knee.orders_per_s / ceiling.batches_per_s),
    knee_over_floor: round2(knee.orders_per_s / floor.knee.orders_per_s),
    rounds,
    /** Floor CPU ÷ placement CPU per request, the median over every level and round (null when attached). */
    floor_cpu_over_placement_cpu: cpu ? round2(median(cpuRatios)) : null,
    /** A placement's JavaScript in workerd by step, beside the floor's (null without the Worker's DevTools port). */
    profile,
  };
}

async function main() {
  const stateDir = process.env.BARHOP_STATE_DIR ?? '.wrangler/bench-write-path-state';
  await withBenchTarget(4411, stateDir, async (baseUrl, _attached, server) => {
    createBenchVenues(stateDir, [...venueSlugs(10).slice(3), CEILING_SLUG]);
    const venues = await Promise.all(venueSlugs(10).map((slug) => loadVenue(baseUrl, slug)));
    const writes = await writePathPhase(baseUrl, venues, superadminOf(stateDir), stateDir, serverCpuMs(server));
    const report = { target: baseUrl, at: new Date().toISOString(), node: process.version, load_average_at_end: loadavg().map(round2), writes };
    console.log(JSON.stringify({
      knee: writes.knee, floor: writes.floor.knee, knee_over_floor: writes.knee_over_floor,
      floor_cpu_over_placement_cpu: writes.floor_cpu_over_placement_cpu,
      ceiling_batches_per_s: writes.ceiling.batches_per_s, knee_over_ceiling: writes.knee_over_ceiling,
      steps: writes.steps.map((s, i) => ({
        in_flight: s.concurrency, placement: [s.orders_per_s, s.latency_ms.p99, s.server_cpu_ms_per_request],
        floor: [writes.floor.steps[i]!.orders_per_s, writes.floor.steps[i]!.latency_ms.p99, writes.floor.steps[i]!.server_cpu_ms_per_request], load: s.load_average,
      })),
      load_average_at_end: report.load_average_at_end,
    }, null, 2));
    console.log(writeResult(`write-path-${report.at.replace(/[:.]/g, '-')}.json`, report));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
