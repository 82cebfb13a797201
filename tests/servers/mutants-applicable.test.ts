// Every mutant of `npm run test:mutants` still applies to the code as it is (docs/decisions/119): its search text
// occurs exactly once in its file (what scripts/mutants.ts requires) and its test files exist. A refactor that moves a
// rule's code then fails `npm test` here, instead of the nightly run reporting "mutation not applicable".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { MUTANTS, editsOf } from '../mutants/mutants';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const occurrences = (text: string, search: string) => text.split(search).length - 1;

it.each(MUTANTS.map((m) => [m.id, m] as const))('mutant %s applies to the code as it is', (_id, mutant) => {
  for (const edit of editsOf(mutant)) {
    const file = path.join(repoRoot, edit.file);
    expect(existsSync(file), `${edit.file} exists`).toBe(true);
    expect(occurrences(readFileSync(file, 'utf8'), edit.search), `occurrences in ${edit.file} of ${JSON.stringify(edit.search)}`).toBe(1);
    expect(edit.replace, `${edit.file}: replace differs from search`).not.toBe(edit.search);
  }
  for (const test of mutant.tests) expect(existsSync(path.join(repoRoot, test)), `test file ${test} exists`).toBe(true);
});
