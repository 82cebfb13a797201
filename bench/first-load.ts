// A guest's first load, phases 1 and 2 of `npm run bench` (bench/README.md): what each guest route downloads before it
// renders, split into the fixed stack and the route's own code (scripts/check-bundle.ts, docs/decisions/268), and
// the menu's page load in Lighthouse, in English and in Spanish.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGE_COOKIE } from '../shared/languages';
import { envNumber, repoRoot, round2 } from './harness';
import { installabilityOf } from './installability';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const GUEST_SLUG = 'artisan-bar';

/** The first load's budgets (docs/decisions/268; the page's are docs/scale.md's). */
export const FIRST_LOAD_BUDGETS = {
  /** A guest route's own code beyond the fixed stack; check:bundle keeps a ratchet above it until it holds. */
  own_code_kb_gzip: 10,
  lcp_ms: 800,
  cls: 0.05,
  tbt_ms: 100,
};

// ---- 1. bundle ----------------------------------------------------------------------------------

type GuestRouteReport = { route: string; own_code_kb_gzip: number; fixed_stack_kb_gzip: number; initial_js_kb_gzip: number; largest_own: string[] };

/** scripts/check-bundle.ts over the build in `outDir` (built with hidden source maps: BARHOP_SOURCEMAP=hidden). */
export function bundlePhase(outDir: string) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/check-bundle.ts'], {
    cwd: repoRoot, encoding: 'utf8', env: { ...process.env, BARHOP_OUT_DIR: outDir },
  });
  if (!result.stdout) throw new Error(`scripts/check-bundle.ts printed no report: ${result.stderr.slice(-2000)}`);
  const report = JSON.parse(result.stdout) as {
    entry_kb_gzip: number;
    guest_routes: GuestRouteReport[];
    back_office: { area: string; lazy: boolean }[];
    pay_screen_kb_gzip: number | null;
    hold_screen_kb_gzip: number | null;
  };
  const most = (pick: (r: GuestRouteReport) => number) => report.guest_routes.reduce((a, b) => (pick(b) > pick(a) ? b : a));
  const mostOwn = most((r) => r.own_code_kb_gzip);
  const largest = most((r) => r.initial_js_kb_gzip);
  return {
    // The target, not only check-bundle's ratchet (which its exit status reports).
    passes: result.status === 0 && mostOwn.own_code_kb_gzip <= FIRST_LOAD_BUDGETS.own_code_kb_gzip,
    entry_kb_gzip: report.entry_kb_gzip,
    most_own_code_route: mostOwn.route,
    most_own_code_kb_gzip: mostOwn.own_code_kb_gzip,
    largest_guest_route: largest.route,
    largest_guest_route_kb_gzip: largest.initial_js_kb_gzip,
    /** Per route: its own code, the fixed stack, the whole first download, and the largest own sources (KB gzipped). */
    guest_routes: Object.fromEntries(report.guest_routes.map((r) => [r.route, {
      own: r.own_code_kb_gzip, fixed_stack: r.fixed_stack_kb_gzip, total: r.initial_js_kb_gzip, largest_own: r.largest_own,
    }])),
    back_office_lazy: report.back_office.every((a) => a.lazy),
    /** The pay screen's own chunks with Stripe's loader, on top of the venue layout (docs/decisions/222). */
    pay_screen_kb_gzip: report.pay_screen_kb_gzip,
    /** The same for the hold screen that opens a tab on a card (docs/decisions/222). */
    hold_screen_kb_gzip: report.hold_screen_kb_gzip,
  };
}

// ---- 2. page load (Lighthouse) ------------------------------------------------------------------

type LighthouseRun = {
  lcp_ms: number; cls: number; tbt_ms: number; fcp_ms: number; score: number; lcp_element: string | null;
  /** Lighthouse's LCP breakdown (time to first byte, load delay, load time, render delay), in ms. */
  lcp_subparts: Record<string, number>;
  /** The main thread's tasks over 50 ms after the first contentful paint: start and duration, in ms (docs/decisions/268). */
  long_tasks_after_paint: { start_ms: number; duration_ms: number; url: string }[];
};

async function lighthouseOnce(url: string, throttling: 'simulate' | 'provided', language: string): Promise<LighthouseRun | { error: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'barhop-lh-'));
  const output = path.join(dir, 'report.json');
  const args = [
    path.join(repoRoot, 'node_modules', 'lighthouse', 'cli', 'index.js'), url,
    '--output=json', `--output-path=${output}`, '--only-categories=performance', '--quiet', '--form-factor=mobile',
    `--throttling-method=${throttling}`, '--max-wait-for-load=45000',
    // The guest's language as the app keeps it (shared/languages.ts): the Worker draws the page in it.
    `--extra-headers=${JSON.stringify({ Cookie: `${LANGUAGE_COOKIE}=${language}` })}`,
    '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
  ];
  try {
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH } });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
      const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        if (c !== 0) console.error(stderr.slice(-2000));
        resolve(c ?? 1);
      });
    });
    if (code !== 0) return { error: `lighthouse exited with ${code}` };
    const lhr = JSON.parse(readFileSync(output, 'utf8')) as {
      runtimeError?: { message: string };
      categories: { performance: { score: number } };
      audits: Record<string, { numericValue?: number; details?: { items?: { items?: { node?: { snippet?: string }; subpart?: string; duration?: number }[]; url?: string; startTime?: number; duration?: number }[] } }>;
    };
    if (lhr.runtimeError) return { error: lhr.runtimeError.message };
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      lcp_ms: Math.round(value('largest-contentful-paint')),
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
      tbt_ms: Math.round(value('total-blocking-time')),
      fcp_ms: Math.round(value('first-contentful-paint')),
      score: lhr.categories.performance.score,
      // Not applicable when the largest paint needs no request (the first paint's cover is a data: URI).
      lcp_element: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      long_tasks_after_paint: (lhr.audits['long-tasks']?.details?.items ?? [])
        .filter((task) => (task.startTime ?? 0) >= value('first-contentful-paint') && (task.duration ?? 0) > 50)
        .map((task) => ({ start_ms: Math.round(task.startTime!), duration_ms: Math.round(task.duration!), url: task.url ?? '' })),
      lcp_subparts: Object.fromEntries((lhr.audits['lcp-breakdown-insight']?.details?.items?.[0]?.items ?? [])
        .filter((i) => i.subpart && typeof i.duration === 'number').map((i) => [i.subpart!, Math.round(i.duration!)])),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
};

async function summarise(url: string, throttling: 'simulate' | 'provided', language: string, runs: number) {
  const results: LighthouseRun[] = [];
  const errors: string[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await lighthouseOnce(url, throttling, language);
    if ('error' in run) errors.push(run.error);
    else results.push(run);
  }
  return {
    throttling,
    language,
    runs: results.length,
    errors,
    /** Medians over the runs (Lighthouse's own advice for variance). */
    lcp_ms: median(results.map((r) => r.lcp_ms)),
    cls: median(results.map((r) => r.cls)),
    tbt_ms: median(results.map((r) => r.tbt_ms)),
    fcp_ms: median(results.map((r) => r.fcp_ms)),
    score: median(results.map((r) => r.score)),
    lcp_element: results[0]?.lcp_element ?? null,
    lcp_subparts: results[0]?.lcp_subparts ?? {},
    /** Each run's long tasks after the first paint (none: nothing blocks a first tap). */
    long_tasks_after_paint: results.map((r) => r.long_tasks_after_paint),
    /** Every run, so a median can be read against its spread. */
    lcp_runs_ms: results.map((r) => r.lcp_ms),
    tbt_runs_ms: results.map((r) => r.tbt_ms),
    /** The machine is shared: the load average after the runs, beside their figures. */
    load_average: loadavg().map(round2),
  };
}

/** Lighthouse on the menu (/venue/artisan-bar) in English and in Spanish; `holds` for the budgets in both. */
export async function pageLoadPhase(baseUrl: string) {
  const url = `${baseUrl}/venue/${GUEST_SLUG}`;
  const runs = envNumber('BENCH_LIGHTHOUSE_RUNS', 5);
  // Lighthouse's default mobile run: Moto G Power screen, simulated slow 4G (150 ms RTT, 1.6 Mbps) and 4x CPU slowdown.
  const mobile = await summarise(url, 'simulate', 'en', runs);
  const spanish = await summarise(url, 'simulate', 'es', runs);
  const holds = (m: typeof mobile) => ({
    lcp: m.lcp_ms <= FIRST_LOAD_BUDGETS.lcp_ms, cls: m.cls <= FIRST_LOAD_BUDGETS.cls, tbt: m.tbt_ms <= FIRST_LOAD_BUDGETS.tbt_ms,
  });
  const [en, es] = [holds(mobile), holds(spanish)];
  return {
    url: `/venue/${GUEST_SLUG}`,
    mobile,
    mobile_es: spanish,
    // The same mobile emulation on this machine's own network and CPU: what the code costs without the modelled link.
    mobile_unthrottled: await summarise(url, 'provided', 'en', envNumber('BENCH_LIGHTHOUSE_PROVIDED_RUNS', 2)),
    // Add to Home Screen installs the venue (docs/decisions/253): Chromium's own check, Lighthouse 12 has none.
    installability: await installabilityOf(url),
    /** Each budget, held in English and in Spanish. */
    holds: { lcp: en.lcp && es.lcp, cls: en.cls && es.cls, tbt: en.tbt && es.tbt },
  };
}
