// Plain-SQL rendering for the seed. The statements carry literal values (no bound parameters)
// so the same text runs through `wrangler d1 execute --file` and through `db.prepare()` in
// workerd, where D1's 100-parameter limit would otherwise force tiny batches.

export type SqlValue = string | number | boolean | null | undefined | readonly unknown[] | { readonly [key: string]: unknown };
export type SqlRow = Record<string, SqlValue>;

/** One value as an SQLite literal: text quoted with '' doubling, booleans 1/0, lists/objects as JSON text. */
export function sqlValue(value: SqlValue): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`sqlValue: not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return sqlValue(JSON.stringify(value));
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * INSERT OR IGNORE statements for `rows`, at most `rowsPerStatement` rows each. Every row must
 * have the same columns in the same order (the first row's keys name them).
 */
export function insertStatements(table: string, rows: readonly SqlRow[], rowsPerStatement = 50): string[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const header = `INSERT OR IGNORE INTO ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')}) VALUES`;
  const tuples = rows.map((row, index) => {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((key, i) => key !== columns[i])) {
      throw new Error(`insertStatements(${table}): row ${index} has columns ${keys.join(',')}, expected ${columns.join(',')}`);
    }
    return `(${columns.map((column) => sqlValue(row[column])).join(', ')})`;
  });
  const statements: string[] = [];
  for (let start = 0; start < tuples.length; start += rowsPerStatement) {
    statements.push(`${header}\n${tuples.slice(start, start + rowsPerStatement).join(',\n')}`);
  }
  return statements;
}
