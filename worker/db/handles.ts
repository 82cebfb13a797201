import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';
import type { Db } from '../env';

const handles = new WeakMap<D1Database, Db>();

/**
 * The drizzle handle over one D1 binding, built once per binding and isolate, not per request: drizzle
 * derives its relational config from the whole schema on every construction, which showed as a fixed cost
 * on every request, health checks included (bench/, docs/decisions/082).
 */
export function drizzleFor(d1: D1Database): Db {
  let db = handles.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    handles.set(d1, db);
  }
  return db;
}
