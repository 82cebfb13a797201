import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';
import type { Db } from '../env';

const handles = new WeakMap<D1Database, Db>();

/**
 * The drizzle handle over one D1 binding, built once per binding and isolate, not per request: drizzle
 * derives its relational config from the whole schema on every construction, which showed as a fixed cost
 * on every request, health checks included (bench/, docs/decisions/085).
 */
export function drizzleFor(d1: D1Database): Db {
  let db = handles.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    handles.set(d1, db);
  }
  return db;
}

const dialect = new SQLiteAsyncDialect();

/** A drizzle query or SQL fragment as a plain D1 statement, for a `d1.batch` of D1 statements. */
export function d1Statement(d1: D1Database, query: SQL | { getSQL(): SQL }): D1PreparedStatement {
  const { sql, params } = dialect.sqlToQuery('getSQL' in query ? query.getSQL() : query);
  return d1.prepare(sql).bind(...params);
}

/** The D1 binding (or session) a drizzle handle runs over: drizzle keeps it as `$client`, which `Db` does not type. */
export const d1Of = (db: Db): D1Database => (db as Db & { $client: D1Database }).$client;
