// D1 runs a batch as one transaction: every statement in it is written, or none is. Writes that must not land half
// (a form save with its recipe lines, a whole CSV import, docs/decisions/212) gather their statements and run them here.
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../env';

/** One statement of a D1 batch. */
export type Statement = BatchItem<'sqlite'>;

/** Runs the statements as one D1 batch; nothing to run is no call. */
export async function runBatch(db: Db, statements: Statement[]) {
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
