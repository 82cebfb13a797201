// Order placement and live delivery benchmark: `npm run bench:orders` (see bench/README.md). The full
// suite with budgets is `npm run bench` (bench/run.ts), which reuses these phases.
//
// Starts the production build with scripts/e2e-server.sh on its own port, state and out dir (or
// attaches to BENCH_URL), adds bench venues with a copy of a demo menu, then
//   1. places one order per guest across 10 venues with a fixed number in flight (throughput, latency);
//   2. with 50 staff sockets connected (5 per venue), measures placement → receipt of order_created.
// Prints one JSON document and writes it to bench/results/.
import { pathToFileURL } from 'node:url';
import {
  countBy, createBenchVenues, envNumber, loadVenue, openStaffSockets, percentiles, placeOrder, pool, returningGuestTokens, round1, round2,
  serveOpenOrders, serverCpuMs, staffTokens, superadminOf, withBenchTarget, writeResult, type StaffUser, type Venue,
} from './harness';

/** The three active demo venues, then bench venues up to `count`. */
export const venueSlugs = (count: number) =>
  ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room', ...Array.from({ length: Math.max(0, count - 3) }, (_, i) => `bench-venue-${i + 1}`)].slice(0, count);

/** `orders` guests each place one order, `concurrency` in flight, spread over the venues. */
export async function placementPhase(baseUrl: string, stateDir: string, venues: Venue[], orders: number, concurrency: number) {
  const tokens = await returningGuestTokens(stateDir, venues.map((v) => v.id), orders);
  const tasks = tokens.map((token, i) => () => placeOrder(baseUrl, venues[i % venues.length]!, token, i));
  const started = performance.now();
  const results = await pool(tasks, concurrency);
  const durationMs = performance.now() - started;
  const ok = results.filter((r) => r.status === 200);
  return {
    venues: venues.length,
    orders: results.length,
    ok: ok.length,
    errors: countBy(results.filter((r) => r.status !== 200).map((r) => String(r.status))),
    concurrency,
    duration_ms: Math.round(durationMs),
    throughput_per_s: round1((ok.length / durationMs) * 1000),
    latency_ms: percentiles(ok.map((r) => r.ms)),
  };
}

/**
 * `sockets` staff sockets spread over the venues; `orders` orders placed over the same venues,
 * `concurrency` in flight. Latency = from sending the placing request to `order_created` on a socket.
 * With `serverCpu` (the server started here), the CPU the placements and their deliveries cost: the server's
 * processes and this one, which sends the orders and reads every socket.
 */
export async function livePhase(
  baseUrl: string, venues: Venue[], superadmin: StaffUser, stateDir: string,
  options: { sockets: number; orders: number; concurrency: number }, serverCpu: ReturnType<typeof serverCpuMs> = null,
) {
  // One staff session per socket, as that many devices signed in: one session's sockets are capped (docs/decisions/166).
  const live = await openStaffSockets(baseUrl, venues, options.sockets, await staffTokens(superadmin, stateDir, options.sockets));
  const tokens = await returningGuestTokens(stateDir, venues.map((v) => v.id), options.orders);
  serveOpenOrders(stateDir, venues.map((v) => v.id));
  const serverCpuBefore = serverCpu?.() ?? 0;
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  const placed = await pool(tokens.map((t, i) => () => placeOrder(baseUrl, venues[i % venues.length]!, t, i)), options.concurrency);
  const durationMs = performance.now() - started;
  const serverCpuMsUsed = serverCpu ? serverCpu() - serverCpuBefore : null;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const clientCpuMsUsed = (clientCpu.user + clientCpu.system) / 1000;
  // Let the last fan-outs arrive.
  const expectedFor = (i: number) => live.perVenue.get(venues[i % venues.length]!.id) ?? 0;
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && placed.some((p, i) => p.id && (live.receipts.get(p.id)?.length ?? 0) < expectedFor(i))) {
    await new Promise((r) => setTimeout(r, 50));
  }
  live.close();

  const latencies: number[] = [];
  const afterAnswer: number[] = [];
  // The pool sends its first `concurrency` orders in the same instant; the rest follow as earlier ones return.
  const sentTogether: number[] = [];
  const sentAfter: number[] = [];
  let expected = 0;
  for (const [i, order] of placed.entries()) {
    if (order.status !== 200 || !order.id) continue;
    expected += expectedFor(i);
    for (const at of live.receipts.get(order.id) ?? []) {
      latencies.push(at - order.started);
      afterAnswer.push(at - (order.started + order.ms));
      (i < options.concurrency ? sentTogether : sentAfter).push(at - order.started);
    }
  }
  const ok = placed.filter((p) => p.status === 200);
  return {
    sockets: live.sockets.length,
    /** One staff session per socket. */
    sessions: options.sockets,
    /** Sockets the server closed while the bench listened (their close codes): none when every delivery is counted. */
    sockets_closed_early: live.closedEarly,
    venues: venues.length,
    orders: placed.length,
    ok: ok.length,
    errors: countBy(placed.filter((r) => r.status !== 200).map((r) => String(r.status))),
    concurrency: options.concurrency,
    orders_per_s: round1((ok.length / durationMs) * 1000),
    deliveries_expected: expected,
    deliveries_received: latencies.length,
    /** From sending the order request to the order_created message on a staff socket. */
    placement_to_receipt_ms: percentiles(latencies),
    /**
     * The same split by when the order was sent: the first `concurrency` orders leave together and are served side by
     * side, so they come back together (docs/scale.md, "The live burst"); the others leave as earlier ones return.
     */
    placement_to_receipt_by_start_ms: { sent_together: percentiles(sentTogether), sent_after: percentiles(sentAfter) },
    /** The same orders' HTTP answer time, for comparison. */
    placement_answer_ms: percentiles(ok.map((p) => p.ms)),
    /** Receipt minus HTTP answer: negative when the socket heard first. */
    receipt_after_answer_ms: percentiles(afterAnswer),
    /**
     * CPU per order while placing, in ms: the server's processes (null when attached) and the bench's own, and the
     * cores both kept busy on average. What the burst can reach on this machine follows from it (docs/scale.md).
     */
    cpu_ms_per_order: {
      server: serverCpuMsUsed === null ? null : round2(serverCpuMsUsed / placed.length),
      bench_client: round2(clientCpuMsUsed / placed.length),
      cores_busy: serverCpuMsUsed === null ? null : round2((serverCpuMsUsed + clientCpuMsUsed) / durationMs),
    },
  };
}

async function main() {
  const VENUES = envNumber('BENCH_VENUES', 10);
  const stateDir = process.env.BARHOP_STATE_DIR ?? '.wrangler/bench-state';
  await withBenchTarget(4391, stateDir, async (baseUrl, attached, server) => {
    // Attached to someone else's server: only touch its database when told where it is.
    if (!attached || process.env.BARHOP_STATE_DIR) createBenchVenues(stateDir, venueSlugs(VENUES).slice(3));
    const venues = await Promise.all(venueSlugs(VENUES).map((slug) => loadVenue(baseUrl, slug)));
    const superadmin: StaffUser = attached && process.env.BENCH_SUPERADMIN_ID
      ? { id: process.env.BENCH_SUPERADMIN_ID, role: 'superadmin', restaurant_id: null, claims_version: 1 }
      : superadminOf(stateDir);

    const placement = await placementPhase(baseUrl, stateDir, venues, venues.length * envNumber('BENCH_ORDERS_PER_VENUE', 30), envNumber('BENCH_CONCURRENCY', 20));
    const live = await livePhase(baseUrl, venues, superadmin, stateDir, {
      sockets: envNumber('BENCH_SOCKETS', 50),
      orders: venues.length * envNumber('BENCH_LIVE_ORDERS_PER_VENUE', 5),
      concurrency: envNumber('BENCH_CONCURRENCY', 20),
    }, serverCpuMs(server));
    const report = { target: baseUrl, at: new Date().toISOString(), node: process.version, placement, live };
    console.log(writeResult(`orders-${report.at.replace(/[:.]/g, '-')}.json`, report));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
