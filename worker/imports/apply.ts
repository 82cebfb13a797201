// Writing an imported file (docs/decisions/212): every row's statements in one D1 batch, which D1 runs as one
// transaction, so a row the database refuses leaves the menu or inventory exactly as it was.
import type { ImportRowError } from '../../shared/schemas/imports';
import type { Db } from '../env';
import { runBatch, type Statement } from '../lib/batch';
import { ApiError } from '../lib/errors';

export const IMPORT_FAILED = 'The file could not be written, so nothing was imported; import it again';

/** The whole file's statements as one batch; a failure is 500 `import_failed`, the database's error kept as its cause. */
export async function writeWholeFile(db: Db, statements: Statement[]) {
  try {
    await runBatch(db, statements);
  } catch (err) {
    const failed = new ApiError(500, 'import_failed', IMPORT_FAILED);
    failed.cause = err;
    throw failed;
  }
}

/** The CSV column a form field is read from. */
const COLUMN_OF: Record<string, string> = { price_cents: 'price', cost_per_unit_cents: 'cost' };

/**
 * Every row's checks and statements, in file order, before anything is written. A row a form's own check refuses
 * now (a name taken since the dry run, a price below a modifier's discount) refuses the file with its row named.
 */
export async function prepareRows<W>(plans: { row: number; prepare?: () => Promise<W> }[]): Promise<W[]> {
  const writes: W[] = [];
  for (const { row, prepare } of plans) {
    if (!prepare) continue;
    try {
      writes.push(await prepare());
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      const path = Array.isArray(err.details) ? String((err.details[0] as { path?: unknown } | undefined)?.path ?? '') : '';
      const field = path.split('.')[0] || 'name';
      const problem: ImportRowError = { row, column: COLUMN_OF[field] ?? field, message: err.message };
      throw new ApiError(err.status, err.code, `Row ${row}: ${err.message}; nothing was imported`, [problem]);
    }
  }
  return writes;
}
