// The decision records' front matter and the citations of them, read the same way by the docs test
// (tests/servers/decision-records.test.ts) and by `npx tsx scripts/remap-decision-citations.ts` (docs/decisions/251).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const decisionsDir = path.join(repoRoot, 'docs', 'decisions');

export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  /** Front matter fields as written; lists as arrays of three-digit numbers. */
  front: Record<string, string | string[]> | null;
}

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;

function parseFrontMatter(text: string): Record<string, string | string[]> | null {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) return null;
  const fields: Record<string, string | string[]> = {};
  for (const line of match[1]!.split('\n')) {
    const field = /^([a-z_]+):\s*(.*)$/.exec(line);
    if (!field) continue;
    const value = field[2]!.trim();
    fields[field[1]!] = value.startsWith('[')
      ? value.replace(/[[\]]/g, '').split(',').map((n) => n.trim()).filter(Boolean)
      : value;
  }
  return fields;
}

export function readRecords(): DecisionRecord[] {
  return readdirSync(decisionsDir).filter((file) => RECORD_FILE.test(file)).sort().map((file) => {
    const text = readFileSync(path.join(decisionsDir, file), 'utf8');
    const title = /^# (.*)$/m.exec(text)?.[1] ?? '';
    return { number: file.slice(0, 3), file, title, front: parseFrontMatter(text) };
  });
}

export function listOf(record: DecisionRecord, field: string): string[] {
  const value = record.front?.[field];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Old record number → the record it was merged into (from each record's `merged` list). */
export function mergedInto(records: DecisionRecord[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const record of records) for (const old of listOf(record, 'merged')) map.set(old, record.number);
  return map;
}

/** A citation: `docs/decisions/NNN[-slug.md]`, with any numbers listed after it ("…/120, 163 and 164"). */
export const PATH_CITATION = /decisions\/(\d{3})(-[a-z0-9-]+\.md)?((?:(?:, ?| and |–)\d{3}(?![\d%])(?:-[a-z0-9-]+\.md)?)*)/g;
/** A citation in words: "decision 085", "decision 203". */
export const WORD_CITATION = /\b([Dd]ecisions?) (\d{3})((?:(?:, | and )\d{3}(?![\d%]))*)\b/g;

export function numbersIn(first: string, rest: string): string[] {
  return [first, ...(rest.match(/\d{3}/g) ?? [])];
}

/** Every text file the repository holds or is about to (tracked and untracked, not ignored). */
export function repoTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  return out.split('\n').filter((file) => /\.(ts|tsx|js|mjs|cjs|md|json|toml|ya?ml|sh|css|html)$/.test(file))
    .filter((file) => !file.startsWith('node_modules/') && file !== 'package-lock.json' && !file.includes('-snapshots/'))
    .filter((file) => { try { readFileSync(path.join(repoRoot, file)); return true; } catch { return false; } });
}
