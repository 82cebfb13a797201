// `npm run test:mutants` (docs/decisions/119): breaks each core rule on purpose, one
// realistic bug at a time (the table in tests/mutants/mutants.ts), runs only the test files that
// should notice, restores the file, and prints caught/total. Exits non-zero when a mutant survives,
// when its search text is no longer in the code ("mutation not applicable": the code moved on and
// the table must follow), or when the related tests fail without any mutation.
// Slow lane / nightly only, never part of `npm test`.
// Options: --only id1,id2  --list  --no-baseline  --verbose  --timeout <seconds per mutant, 600>
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { MUTANTS, editsOf, type Edit, type Mutant } from '../tests/mutants/mutants';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestEntry = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
/** Originals of the files currently mutated: survives a SIGKILL so the next run puts them back. */
const pendingFile = path.join(repoRoot, 'node_modules', '.cache', 'barhop-mutants', 'pending.json');

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : undefined; };
const only = option('only')?.split(',').map((s) => s.trim()).filter(Boolean);
const verbose = flag('verbose');
const timeoutMs = Number(option('timeout') ?? 600) * 1000;

// ---- restoring: always, whatever ends the run --------------------------------------------------

const originals = new Map<string, string>();
let child: ChildProcess | null = null;

function savePending() {
  mkdirSync(path.dirname(pendingFile), { recursive: true });
  writeFileSync(pendingFile, JSON.stringify(Object.fromEntries(originals)));
}

function restoreAll() {
  for (const [file, text] of originals) writeFileSync(path.join(repoRoot, file), text);
  originals.clear();
  rmSync(pendingFile, { force: true });
}

/** A run cut off by SIGKILL left its mutation in place: put the originals back first. */
function recoverFromEarlierRun() {
  if (!existsSync(pendingFile)) return;
  const left = JSON.parse(readFileSync(pendingFile, 'utf8')) as Record<string, string>;
  for (const [file, text] of Object.entries(left)) {
    writeFileSync(path.join(repoRoot, file), text);
    console.warn(`restored ${file}, left mutated by an interrupted run`);
  }
  rmSync(pendingFile, { force: true });
}

function killChild() {
  if (child?.pid && child.exitCode === null) {
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    killChild();
    restoreAll();
    console.error(`\n${signal}: mutated files restored, stopping`);
    process.exit(130);
  });
}
process.on('exit', () => { killChild(); restoreAll(); });

// ---- applying one mutant ------------------------------------------------------------------------

const occurrences = (text: string, search: string) => text.split(search).length - 1;

/** Why the mutant cannot be applied to the code as it is now, or null. */
function notApplicable(mutant: Mutant): string | null {
  for (const edit of editsOf(mutant)) {
    const file = path.join(repoRoot, edit.file);
    if (!existsSync(file)) return `${edit.file} does not exist`;
    const n = occurrences(readFileSync(file, 'utf8'), edit.search);
    if (n !== 1) return `${edit.file}: search text found ${n} times (must be exactly once): ${JSON.stringify(edit.search.slice(0, 80))}`;
    if (edit.search === edit.replace) return `${edit.file}: replace equals search`;
  }
  for (const test of mutant.tests) if (!existsSync(path.join(repoRoot, test))) return `test file ${test} does not exist`;
  return null;
}

/** A mutant that does not even parse would be "caught" by any test: refuse it instead. */
function syntaxErrors(file: string, text: string): string[] {
  if (!/\.(ts|tsx)$/.test(file)) return [];
  const out = ts.transpileModule(text, { fileName: file, reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX } });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

function apply(edits: Edit[]): string[] {
  const problems: string[] = [];
  const byFile = new Map<string, string>();
  for (const edit of edits) {
    const current = byFile.get(edit.file) ?? readFileSync(path.join(repoRoot, edit.file), 'utf8');
    byFile.set(edit.file, current.replace(edit.search, () => edit.replace));
  }
  for (const file of byFile.keys()) if (!originals.has(file)) originals.set(file, readFileSync(path.join(repoRoot, file), 'utf8'));
  savePending();
  for (const [file, text] of byFile) {
    problems.push(...syntaxErrors(file, text).map((e) => `${file}: ${e}`));
    writeFileSync(path.join(repoRoot, file), text);
  }
  return problems;
}

// ---- running the related tests ------------------------------------------------------------------

type RunResult = { passed: boolean; timedOut: boolean; output: string; seconds: number };

function runTests(files: string[]): Promise<RunResult> {
  const projects = [...new Set(files.map((f) => (f.startsWith('tests/app/') ? 'app' : 'worker')))];
  const args = [vitestEntry, 'run', ...projects.flatMap((p) => ['--project', p]), ...files];
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    let timedOut = false;
    child = spawn(process.execPath, args, { cwd: repoRoot, detached: true, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: 'true' } });
    child.stdout!.on('data', (d: Buffer) => { output += d; });
    child.stderr!.on('data', (d: Buffer) => { output += d; });
    const timer = setTimeout(() => { timedOut = true; killChild(); }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      child = null;
      resolve({ passed: code === 0 && !timedOut, timedOut, output, seconds: (Date.now() - started) / 1000 });
    });
  });
}

// eslint-disable-next-line no-control-regex -- colour codes start with ESC, even with NO_COLOR some tools emit them
const ANSI = /\x1b\[[0-9;]*m/g;

/** The failed tests (or test files that failed to load) from vitest's default reporter. */
const failedTests = (output: string) => [...new Set(output.replace(ANSI, '').split('\n')
  .map((line) => /^\s*FAIL\s+(?:\|?(?:worker|app)\|?\s+)?(tests\/.+)$/.exec(line)?.[1]?.trim())
  .filter((name): name is string => Boolean(name)))];

/** 'tests/worker/x.test.ts > describe > name' → 'x > name'. */
function shortName(failed: string): string {
  const parts = failed.split(' > ');
  const file = parts[0]!.replace(/^tests\/(worker|app)\//, '').replace(/\.test\.tsx?$/, '');
  return parts.length > 1 ? `${file} > ${parts.at(-1)}` : file;
}

// ---- main ---------------------------------------------------------------------------------------

async function main() {
  recoverFromEarlierRun();
  const unknown = (only ?? []).filter((id) => !MUTANTS.some((m) => m.id === id));
  if (unknown.length) throw new Error(`unknown mutant id(s): ${unknown.join(', ')}`);
  const ids = new Set(MUTANTS.map((m) => m.id));
  if (ids.size !== MUTANTS.length) throw new Error('mutant ids must be unique');
  const selected = MUTANTS.filter((m) => !only || only.includes(m.id));

  if (flag('list')) {
    for (const m of selected) console.log(`${m.id.padEnd(34)} ${m.rule}\n${' '.repeat(35)}${m.tests.join(' ')}`);
    return 0;
  }

  const inapplicable = selected.map((m) => ({ m, why: notApplicable(m) })).filter((x) => x.why);
  for (const { m, why } of inapplicable) console.log(`!! mutation not applicable  ${m.id}: ${why}`);
  const runnable = selected.filter((m) => !inapplicable.some((x) => x.m === m));

  if (!flag('no-baseline')) {
    const files = [...new Set(runnable.flatMap((m) => m.tests))].sort();
    console.log(`baseline: the ${files.length} related test files without any mutation…`);
    const base = await runTests(files);
    if (!base.passed) {
      console.log(base.output);
      console.log(`baseline FAILED (${failedTests(base.output).join('; ')}): fix the suite before judging mutants`);
      return 1;
    }
    console.log(`baseline passed (${base.seconds.toFixed(0)} s)`);
  }

  const survived: string[] = [];
  let caught = 0;
  for (const [i, mutant] of runnable.entries()) {
    const label = `[${i + 1}/${runnable.length}] ${mutant.id}`;
    let result: RunResult;
    try {
      const broken = apply(editsOf(mutant));
      if (broken.length) {
        console.log(`!! ${label}: the mutation does not parse, fix the table: ${broken.join('; ')}`);
        survived.push(`${mutant.id} (does not parse)`);
        continue;
      }
      result = await runTests(mutant.tests);
    } finally {
      restoreAll();
    }
    const failed = failedTests(result.output);
    if (!result.passed && (failed.length > 0 || result.timedOut)) {
      caught += 1;
      const how = result.timedOut ? 'timed out' : `${failed.length} failing: ${failed.slice(0, 2).map(shortName).join(' | ')}${failed.length > 2 ? ' …' : ''}`;
      console.log(`✓ caught   ${label} (${result.seconds.toFixed(0)} s) — ${how}`);
    } else if (!result.passed) {
      // vitest itself failed (config, crash) without naming a test: not evidence that a test noticed.
      survived.push(`${mutant.id} (vitest failed without a failing test)`);
      console.log(`!! ${label}: vitest failed without naming a failing test; rerun with --only ${mutant.id} --verbose`);
    } else {
      survived.push(mutant.id);
      console.log(`✗ SURVIVED ${label} (${result.seconds.toFixed(0)} s): ${mutant.rule}`);
    }
    if (verbose) console.log(result.output);
  }

  const total = selected.length;
  console.log(`\nmutants: ${caught}/${total} caught${survived.length ? `; survived: ${survived.join(', ')}` : ''}${inapplicable.length ? `; not applicable: ${inapplicable.map((x) => x.m.id).join(', ')}` : ''}`);
  return caught === total ? 0 : 1;
}

main().then((code) => { restoreAll(); process.exit(code); }, (err: unknown) => {
  restoreAll();
  console.error(err);
  process.exit(2);
});
