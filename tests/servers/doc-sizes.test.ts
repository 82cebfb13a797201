// The newcomer's pages stay pages of what is true now (README "Time to green", docs/decisions/221): the README within
// 8,000 bytes, and the pages of method, budgets and latest figures within 12,000 each (bench/README.md, which also says how the placement profile reads, 15,000). A page that grows past its
// size is one collecting a run log; its history belongs in commit messages.
import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const LIMITS: Record<string, number> = { 'README.md': 8_000, 'docs/scale.md': 12_000, 'docs/reliability.md': 12_000, 'bench/README.md': 15_000 };

it.each(Object.entries(LIMITS))('%s is at most %i bytes', (file, limit) => {
  expect(statSync(path.join(repoRoot, file)).size).toBeLessThanOrEqual(limit);
});
