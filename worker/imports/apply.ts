// Writing an imported file (docs/decisions/212): every row's statements in one D1 batch, which D1 runs as one
// transaction, so a row the database refuses leaves the menu or inventory exactly as it was.
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
