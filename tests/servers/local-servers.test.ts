// The two local servers a developer and the e2e/bench runs use — `vite dev` (what `npm start` serves) and
// `vite preview` (scripts/e2e-server.sh) — must hand back the Worker's own answer. Writes the Worker answers
// without reading their body (401 before the body is looked at, 413 from the Content-Length alone) used to turn
// into a false HTML 500 "fetch failed" for themselves or for the next request on the same connection, other
// clients' reads included (docs/decisions/155-local-servers-carry-requests-as-the-edge.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePrebuilt } from '../../scripts/lib/prebuilt';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const bin = (...parts: string[]) => path.join(repoRoot, 'node_modules', ...parts);
const WRITES = 200;
const READS_BESIDE = 50;
const IN_FLIGHT = 8;

/** The environment a developer's shell has: nothing of vitest's own (NODE_ENV=test would change the build). */
function developerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'NODE_ENV' || key === 'TEST') delete env[key];
  return env;
}

function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env: developerEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk; });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk; });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

type LocalServer = { origin: string; child: ChildProcess };
/** Every server spawned, stopped in afterAll even when another one failed to start. */
const spawned: ChildProcess[] = [];

/**
 * Starts `vite dev` or `vite preview` on a free port; resolves once Vite says it listens there. The probed port is
 * free only until Vite binds it: workerd, started by the Cloudflare plugin before Vite listens, and the other
 * suites' sockets take ephemeral ports too, so a port taken in between is probed afresh (strictPort refuses it).
 */
async function startVite(mode: 'dev' | 'preview', env: Record<string, string>, attemptsLeft = 3): Promise<LocalServer> {
  try {
    return await startViteOnce(mode, env);
  } catch (error) {
    if (attemptsLeft > 1 && String(error).includes('is already in use')) return startVite(mode, env, attemptsLeft - 1);
    throw error;
  }
}

async function startViteOnce(mode: 'dev' | 'preview', env: Record<string, string>): Promise<LocalServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Its own process group, so stopping it also stops the workerd it spawned.
  const child = spawn(process.execPath, [bin('vite', 'bin', 'vite.js'), mode], {
    cwd: repoRoot, env: developerEnv({ ...env, PORT: String(port), BARHOP_INSPECTOR_PORT: 'off' }), stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  spawned.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      // Vite colours its URL line when CI is set (picocolors), splitting host and port with escape codes.
      if (stripVTControlCharacters(output).includes(`${origin}/`)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`vite ${mode} exited ${code} before listening:\n${output}`)));
  });
  return { origin, child };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

type Write = { method: 'POST' | 'PUT'; path: string; contentType: string; bytes: number; status: number; code: string };
/** What a signed-out client or a client over the size limit sends; none of these bodies is ever read by the Worker. */
const WRITE_KINDS: Write[] = [
  { method: 'POST', path: '/api/orders', contentType: 'application/json', bytes: 60, status: 401, code: 'unauthorized' },
  { method: 'PUT', path: '/api/admin/venue', contentType: 'application/json', bytes: 200_000, status: 401, code: 'unauthorized' },
  { method: 'POST', path: '/api/orders', contentType: 'application/json', bytes: 300_000, status: 413, code: 'payload_too_large' },
  { method: 'POST', path: '/api/admin/images?kind=drink', contentType: 'image/jpeg', bytes: 1_000_000, status: 401, code: 'unauthorized' },
  { method: 'POST', path: '/api/cart', contentType: 'application/json', bytes: 80, status: 401, code: 'unauthorized' },
];

/** `count` requests, `IN_FLIGHT` at a time; each answer is tallied as "what → status code". */
async function tally(count: number, send: (index: number) => Promise<string>): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const outcome = await send(next++);
      seen[outcome] = (seen[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return seen;
}

async function sendWrite(origin: string, index: number): Promise<string> {
  const kind = WRITE_KINDS[index % WRITE_KINDS.length];
  const body = kind.contentType === 'application/json' ? `{"pad":"${'x'.repeat(kind.bytes - 10)}"}` : new Uint8Array(kind.bytes);
  const response = await fetch(origin + kind.path, { method: kind.method, headers: { 'content-type': kind.contentType }, body });
  const text = await response.text();
  const code = response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : 'not JSON';
  return `${kind.method} ${kind.path} ${kind.bytes} B → ${response.status} ${code}`;
}

async function sendRead(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/venues/artisan-bar`);
  await response.arrayBuffer();
  return `GET /api/venues/artisan-bar → ${response.status}`;
}

const expectedWrites = (): Record<string, number> => Object.fromEntries(WRITE_KINDS.map((kind) => [
  `${kind.method} ${kind.path} ${kind.bytes} B → ${kind.status} ${kind.code}`, WRITES / WRITE_KINDS.length,
]));

async function expectTheWorkersOwnAnswers(origin: string) {
  const [writes, reads] = await Promise.all([
    tally(WRITES, (index) => sendWrite(origin, index)),
    tally(READS_BESIDE, () => sendRead(origin)),
  ]);
  // The whole tally in one comparison, so a failure shows how many false 500s there were and where.
  expect({ writes, reads }).toEqual({ writes: expectedWrites(), reads: { 'GET /api/venues/artisan-bar → 200': READS_BESIDE } });
}

/** A body the Worker does read still arrives whole: the demo admin signs in. */
async function expectASignInToArrive(origin: string) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@barhop.dev', password: 'barhop-demo' }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { user: { email: string } }).user.email).toBe('admin@barhop.dev');
}

let workDir: string;
let devState: string;
let previewState: string;
let dev: LocalServer | undefined;
let preview: LocalServer | undefined;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'barhop-local-servers-'));
  devState = path.join(workDir, 'dev-state');
  previewState = path.join(workDir, 'preview-state');
  // A build made already when BARHOP_PREBUILT names one (CI: `npm run check` built the same app into dist-check), else
  // one of its own in the temp directory (docs/decisions/221). Either way .wrangler/deploy/config.json names it, as
  // `vite preview` needs; scripts/e2e-server.sh names the e2e servers' build again after this.
  const prebuilt = process.env.BARHOP_PREBUILT;
  const outDir = prebuilt ? servePrebuilt(prebuilt) : path.join(workDir, 'dist');
  // A migrated, seeded database like `npm start` makes, built beside the production build the preview serves; a copy
  // of one seeded already when BARHOP_SEEDED_STATE names it (CI seeds one while `npm run check` runs, .ci/run).
  const seeded = process.env.BARHOP_SEEDED_STATE;
  const database = (async () => {
    if (seeded) cpSync(seeded, devState, { recursive: true });
    else {
      // Every database, the control one and each venue shard, as `npm run db:migrate` does (docs/decisions/150).
      await run([bin('tsx', 'dist', 'cli.mjs'), 'scripts/db-migrate.ts', '--persist-to', devState], { CI: 'true' });
      await run([bin('tsx', 'dist', 'cli.mjs'), 'scripts/seed.ts', '--persist-to', devState], {});
    }
    cpSync(devState, previewState, { recursive: true });
  })();
  const build = prebuilt ? Promise.resolve() : run([bin('vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { BARHOP_OUT_DIR: outDir, BARHOP_STATE_DIR: previewState });
  await database;
  [dev, preview] = await Promise.all([
    startVite('dev', { BARHOP_STATE_DIR: devState }),
    build.then(() => startVite('preview', { BARHOP_OUT_DIR: outDir, BARHOP_STATE_DIR: previewState })),
  ]);
  // Each step above waits for its own end (a process's exit, a server's first answer); this bound only stops a hung
  // one. A build, a seed and two servers take 2 minutes alone and over 7 on a machine running other suites beside it.
}, 1_200_000);

afterAll(async () => {
  await Promise.all(spawned.map(stop));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('local servers pass the Worker’s answer through', () => {
  it(`vite dev (npm start): ${WRITES} signed-out and oversized writes get their 401/413, reads beside them 200, a sign-in its 200`, async () => {
    await expectTheWorkersOwnAnswers(dev!.origin);
    await expectASignInToArrive(dev!.origin);
  }, 120_000);

  it(`vite preview: ${WRITES} signed-out and oversized writes get their 401/413, reads beside them 200, a sign-in its 200`, async () => {
    await expectTheWorkersOwnAnswers(preview!.origin);
    await expectASignInToArrive(preview!.origin);
  }, 120_000);

  it("vite preview serves without miniflare's local trace store, vite dev keeps it (docs/decisions/176)", () => {
    // Both servers have answered hundreds of requests above: each span of them is in the store where tracing runs.
    const traceStore = (state: string) => existsSync(path.join(state, 'v3', 'observability'));
    expect({ dev: traceStore(devState), preview: traceStore(previewState) }).toEqual({ dev: true, preview: false });
  });
});
