// A CPU profile of the Worker's isolate over the DevTools protocol (workerd's inspector, `BARHOP_INSPECTOR_PORT`),
// split by step: what a placement's JavaScript costs, step by step, so a regression names its step (bench/README.md,
// "The placement profile"). Timers inside workerd stand still while JavaScript runs, so spans timed in the Worker
// would read 0 for pure CPU; V8's sampling profiler reads the thread's own clock instead. The Worker and the venue
// hubs run in the same isolate locally, so one profile holds both. Local D1 runs in its own isolate and is not in it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './harness';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; parent?: number; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; startTime: number; endTime: number };

/** The steps of a placement, each named by the modules (of the bundle) and functions whose frames are its own. */
const STEPS: { step: string; modules?: RegExp; functions?: RegExp }[] = [
  { step: 'request hash (Idempotency-Key)', functions: /^sha256Hex$/ },
  { step: 'auth (token, session)', modules: /^(node_modules\/jose|worker\/auth\/)/ },
  { step: 'validation (zod, write limits)', modules: /^(node_modules\/zod|worker\/lib\/(validate|write-limits)\.ts)/ },
  { step: 'venue read (isolate cache)', modules: /^worker\/(menu\/read-cache|venues\/|shards\/directory)/ },
  { step: 'pricing and options (modifiers, happy hour, totals)', modules: /^shared\/(modifiers|happy-hour|money|drink-facts|line-price)\.ts/ },
  { step: 'D1 batch (drizzle, statement building, results)', modules: /^(node_modules\/drizzle-orm|worker\/db\/|cloudflare-internal:d1)/ },
  { step: 'placement decisions (drinks held, rows, answer)', modules: /^worker\/orders\/(placement|serialize|queue|ai-creations)\.ts/ },
  { step: 'hub queue, first orders, order codes', modules: /^(worker\/lib\/keyed-queue|worker\/orders\/(order-desk|first-orders|order-codes))\.ts/ },
  { step: 'table check (solo guest at a table?)', modules: /^worker\/tables\// },
  { step: 'live log and fan-out (sockets, session checks)', modules: /^worker\/live\/(live-log|live-events|fan-out|sockets)\.ts|^worker\/auth\/live-sessions/ },
  { step: 'rollup days and alarm (analytics)', modules: /^worker\/(live\/(rollup-days|alarm-schedule)|analytics|shards\/rollups)/ },
  { step: 'push and text lookups', modules: /^worker\/push\// },
  { step: 'Stripe and payments', modules: /^(node_modules\/stripe|worker\/payments\/|worker\/orders\/(checkout|order-capture)\.ts)/ },
  { step: 'hub routing (VenueHub)', modules: /^worker\/live\/(venue-hub|hub-client)\.ts/ },
  { step: 'HTTP routing and answer (hono, middleware, the route)', modules: /^(node_modules\/hono|worker\/)/ },
];
const RUNTIME = 'runtime (GC, native code, (program))';
const IDLE = /^\((idle|root)\)$/;
/** 200 µs: a placement of a few ms of JavaScript gets tens of samples, a few hundred placements thousands. */
const SAMPLE_US = 200;

/** Where each module of the built Worker starts: the bundle marks each with a `// path` line. */
function moduleIndex(bundleFile: string): { line: number; module: string }[] {
  const lines = readFileSync(bundleFile, 'utf8').split('\n');
  const marks: { line: number; module: string }[] = [];
  lines.forEach((text, i) => {
    const match = /^\/\/ ((?:worker|shared|node_modules)\/\S+)$/.exec(text);
    if (match) marks.push({ line: i, module: match[1]! });
  });
  return marks;
}

function moduleAt(marks: { line: number; module: string }[], line: number): string | null {
  let lo = 0;
  let hi = marks.length - 1;
  let found: string | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (marks[mid]!.line <= line) { found = marks[mid]!.module; lo = mid + 1; } else hi = mid - 1;
  }
  return found;
}

/** The inspector's DevTools session on the Worker named `worker`. */
export async function openProfiler(inspectorPort: number, worker = 'barhop') {
  // The inspector (miniflare's proxy) takes DevTools connections from a local Origin only.
  const ws = new WebSocket(`ws://127.0.0.1:${inspectorPort}/${worker}`, { headers: { Origin: 'http://localhost' } } as unknown as string[]);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error(`no DevTools inspector for ${worker} on port ${inspectorPort}`));
  });
  let next = 1;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (err: Error) => void }>();
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const caller = message.id === undefined ? undefined : waiting.get(message.id);
    if (!caller) return;
    waiting.delete(message.id!);
    if (message.error) caller.reject(new Error(message.error.message));
    else caller.resolve(message.result);
  };
  const call = <T>(method: string, params: Record<string, unknown> = {}) => new Promise<T>((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve: resolve as (result: unknown) => void, reject });
    ws.send(JSON.stringify({ id, method, params }));
  });
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: SAMPLE_US });
  return {
    /** Profiles the isolate while `work` runs. */
    async profile(work: () => Promise<unknown>): Promise<Profile> {
      await call('Profiler.start');
      const done = await work().then(() => null, (err: unknown) => ({ err }));
      const { profile } = await call<{ profile: Profile }>('Profiler.stop');
      if (done) throw done.err;
      return profile;
    },
    close: () => ws.close(),
  };
}

export type StepSplit = { requests: number; samples: number; sample_us: number; ms_per_request: number; steps: Record<string, { ms_per_request: number; share: number }> };

/**
 * A profile's samples by step, per request: each sample goes to the innermost frame of the stack that a step claims
 * (a frame of JSON.stringify or another built-in belongs to its caller); samples with no such frame are the
 * runtime's, and idle ones are left out. Counted, not timed: each sample stands for the sampling interval
 * (bench/README.md).
 */
export function splitBySteps(profile: Profile, requests: number, bundleFile: string, sampleUs = SAMPLE_US): StepSplit {
  const marks = moduleIndex(bundleFile);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) byId.get(child)!.parent = node.id;
  const stepOf = new Map<number, string | null>();
  const own = (node: ProfileNode): string | null => {
    const { functionName, url, lineNumber } = node.callFrame;
    if (!url) return null;
    const module = url.startsWith('cloudflare-internal:') ? url : moduleAt(marks, lineNumber);
    if (!module) return null;
    return STEPS.find((s) => (s.functions?.test(functionName) ?? false) || (s.modules?.test(module) ?? false))?.step ?? null;
  };
  const classify = (id: number): string | null => {
    if (stepOf.has(id)) return stepOf.get(id)!;
    const node = byId.get(id)!;
    const step = own(node) ?? (node.parent !== undefined ? classify(node.parent) : null);
    stepOf.set(id, step);
    return step;
  };
  const counts = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const node = byId.get(id)!;
    if (IDLE.test(node.callFrame.functionName)) continue;
    busy += 1;
    const step = classify(id) ?? RUNTIME;
    counts.set(step, (counts.get(step) ?? 0) + 1);
  }
  const msPer = (n: number) => Math.round(((n * sampleUs) / 1000 / Math.max(requests, 1)) * 1000) / 1000;
  const steps = Object.fromEntries([...counts.entries()].sort((a, b) => b[1] - a[1])
    .map(([step, n]) => [step, { ms_per_request: msPer(n), share: Math.round((n / Math.max(busy, 1)) * 1000) / 1000 }]));
  return { requests, samples: busy, sample_us: sampleUs, ms_per_request: msPer(busy), steps };
}

/** The built Worker the server runs (its module markers name the steps). */
export const workerBundle = (outDir: string) => path.join(repoRoot, outDir, 'barhop', 'index.js');
