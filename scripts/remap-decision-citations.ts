// Points every citation of a merged decision record at the record it was merged into (docs/decisions/251).
// Run after merging a branch that still cites old numbers: `npx tsx scripts/remap-decision-citations.ts`.
// It rewrites `docs/decisions/NNN[-slug.md]` (and the numbers listed after it), "decision NNN", and the
// `amends` / `supersedes` lists of the records' front matter; docs/decisions/README.md is the index, rewritten by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mergedInto, numbersIn, PATH_CITATION, readRecords, repoRoot, repoTextFiles, WORD_CITATION } from './lib/decision-records';

const records = readRecords();
const merged = mergedInto(records);
const fileOf = new Map(records.map((r) => [r.number, r.file]));
const target = (n: string) => merged.get(n) ?? n;
const unique = (numbers: string[]) => [...new Set(numbers.map(target))];
const joined = (numbers: string[]) => numbers.length < 2 ? numbers.join('') : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;

let changedFiles = 0;
for (const file of repoTextFiles()) {
  if (file === 'docs/decisions/README.md') continue;
  const full = path.join(repoRoot, file);
  const before = readFileSync(full, 'utf8');
  let text = before.replace(PATH_CITATION, (whole, first: string, slug: string | undefined, rest: string) => {
    const numbers = unique(numbersIn(first, rest));
    if (numbers.length === 1 && slug) return `decisions/${fileOf.get(numbers[0]!) ?? numbers[0]}`;
    const cited = `decisions/${joined(numbers)}`;
    return numbersIn(first, rest).every((n) => !merged.has(n)) && !slug ? whole : cited;
  });
  text = text.replace(WORD_CITATION, (whole, word: string, first: string, rest: string) => {
    const original = numbersIn(first, rest);
    if (original.every((n) => !merged.has(n))) return whole;
    const numbers = unique(original);
    return `${numbers.length > 1 ? word.replace(/s?$/, 's') : word.replace(/s$/, '')} ${joined(numbers)}`;
  });
  if (file.startsWith('docs/decisions/')) {
    const own = file.slice('docs/decisions/'.length, 'docs/decisions/'.length + 3);
    text = text.replace(/^(amends|supersedes): \[(.*)\]$/gm, (_, field: string, list: string) => {
      const numbers = unique(list.split(',').map((n) => n.trim()).filter(Boolean)).filter((n) => n !== own);
      return numbers.length ? `${field}: [${numbers.join(', ')}]` : '';
    });
  }
  if (text !== before) { writeFileSync(full, text); changedFiles += 1; }
}
console.log(`${merged.size} merged records; citations rewritten in ${changedFiles} files`);
