// The decision records and the pages a newcomer reads stay true and short (docs/decisions/251): every record is in
// the index and every index row is a record; each record's front matter is valid and its links go both ways; every
// record the repository cites exists; README plus docs/ stay under 40,000 words.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decisionsDir, listOf, mergedInto, numbersIn, PATH_CITATION, readRecords, repoRoot, repoTextFiles, WORD_CITATION,
} from '../../scripts/lib/decision-records';

const records = readRecords();
const byNumber = new Map(records.map((r) => [r.number, r]));
const merged = mergedInto(records);
const STATUSES = ['accepted', 'superseded'];
const FIELDS = ['status', 'date', 'amends', 'supersedes', 'superseded_by', 'merged'];

/** Why a cited or linked number is not a record: merged into another, or never one. */
function missing(n: string) {
  if (byNumber.has(n)) return null;
  return merged.has(n) ? `${n} was merged into ${merged.get(n)} (npx tsx scripts/remap-decision-citations.ts)` : `${n} is no record`;
}

describe('decision records', () => {
  it('every record is in the index, and every index row names a record file with its number', () => {
    const index = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
    const rows = [...index.matchAll(/^\| (\d{3}) \| \[[^\]]*\]\(([^)]+)\) \| ([a-z]+) \|/gm)];
    const indexed = rows.map((row) => row[1]);
    expect(records.map((r) => r.number).filter((n) => !indexed.includes(n))).toEqual([]);
    const problems = rows.flatMap(([, n, file, status]) => {
      const record = byNumber.get(n!);
      if (!record) return [`index row ${n}: no record`];
      if (record.file !== file) return [`index row ${n}: links ${file}, the record is ${record.file}`];
      if (record.front?.status !== status) return [`index row ${n}: says ${status}, the record ${String(record.front?.status)}`];
      return [];
    });
    expect(problems).toEqual([]);
    expect(new Set(indexed).size).toBe(indexed.length);
  });

  it('every record starts with front matter: a valid status, a date, and only known fields', () => {
    const problems = records.flatMap((record) => {
      if (!record.front) return [`${record.file}: no front matter`];
      const out: string[] = [];
      if (!STATUSES.includes(String(record.front.status))) out.push(`${record.file}: status "${String(record.front.status)}"`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(record.front.date))) out.push(`${record.file}: date "${String(record.front.date)}"`);
      for (const field of Object.keys(record.front)) if (!FIELDS.includes(field)) out.push(`${record.file}: unknown field ${field}`);
      if ((record.front.status === 'superseded') !== (record.front.superseded_by !== undefined)) {
        out.push(`${record.file}: superseded exactly when it names superseded_by`);
      }
      if (!record.title.startsWith(`${record.number} — `)) out.push(`${record.file}: title "${record.title}"`);
      return out;
    });
    expect(problems).toEqual([]);
  });

  it('supersedes and superseded_by name each other; amends names a record; merged records are gone', () => {
    const problems: string[] = [];
    for (const record of records) {
      for (const n of listOf(record, 'supersedes')) {
        const why = missing(n);
        if (why) problems.push(`${record.number} supersedes ${why}`);
        else if (!listOf(byNumber.get(n)!, 'superseded_by').includes(record.number)) problems.push(`${n} does not say superseded_by: ${record.number}`);
      }
      for (const n of listOf(record, 'superseded_by')) {
        const why = missing(n);
        if (why) problems.push(`${record.number} superseded_by ${why}`);
        else if (!listOf(byNumber.get(n)!, 'supersedes').includes(record.number)) problems.push(`${n} does not list ${record.number} in supersedes`);
      }
      for (const n of listOf(record, 'amends')) {
        const why = missing(n);
        if (why) problems.push(`${record.number} amends ${why}`);
      }
      for (const n of listOf(record, 'merged')) if (byNumber.has(n)) problems.push(`${record.number} merged ${n}, whose file still exists`);
    }
    expect(problems).toEqual([]);
  });

  it('every decision record cited anywhere in the repository exists', () => {
    const problems: string[] = [];
    for (const file of repoTextFiles()) {
      const text = readFileSync(path.join(repoRoot, file), 'utf8');
      for (const match of text.matchAll(PATH_CITATION)) {
        for (const n of numbersIn(match[1]!, match[3] ?? '')) {
          const why = missing(n);
          if (why) problems.push(`${file}: docs/decisions/${why}`);
        }
        if (match[2] && byNumber.get(match[1]!)?.file !== `${match[1]}${match[2]}`) problems.push(`${file}: ${match[0]} is not the record's file name`);
      }
      for (const match of text.matchAll(WORD_CITATION)) {
        for (const n of numbersIn(match[2]!, match[3] ?? '')) {
          const why = missing(n);
          if (why) problems.push(`${file}: "${match[0]}": ${why}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the pages a newcomer reads', () => {
  /** README.md and every Markdown page under docs/ (the API reference is generated at /api/reference, not a page). */
  function pages(dir = path.join(repoRoot, 'docs')): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return pages(full);
      return name.endsWith('.md') ? [full] : [];
    });
  }

  it('README and docs/ read under 40,000 words in total', () => {
    const files = [path.join(repoRoot, 'README.md'), ...pages()];
    const words = files.reduce((sum, file) => sum + readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).length, 0);
    expect(words).toBeGreaterThan(10_000);
    expect(words).toBeLessThan(40_000);
  });
});
