// The venue directory (docs/decisions/150): venue id or slug → the D1 binding that holds the venue's data.
// It lives in the control database and is read through an isolate cache, so a venue-scoped request pays one
// directory read per isolate and minute at most.
import { eq, or, sql } from 'drizzle-orm';
import { drizzleFor } from '../db/handles';
import { venueDirectory } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { DEFAULT_VENUE_SHARD, isShardBinding, VENUE_SHARD_BINDINGS, type ShardBinding } from './bindings';

export type VenueShard = { venueId: string; slug: string; shard: ShardBinding; d1: D1Database; db: Db };

/** A venue's shard changes only when it is moved and its slug when renamed: a minute's staleness at most. */
export const DIRECTORY_TTL_MS = 60_000;

type Entry = { expires: number; venueId: string; slug: string; shard: ShardBinding } | { expires: number; missing: true };
/** An unknown venue ref is remembered briefly, so a stream of requests for it reads the directory once. */
const MISSING_TTL_MS = 5_000;
/** One cache per control binding: worker tests give each file its own databases. */
const caches = new WeakMap<D1Database, Map<string, Entry>>();
const occupied = new WeakMap<D1Database, { expires: number; shards: ShardBinding[] }>();

function cacheOf(env: WorkerEnv) {
  let cache = caches.get(env.DB);
  if (!cache) {
    cache = new Map();
    caches.set(env.DB, cache);
  }
  return cache;
}

/** The D1 binding of that name in this Worker's environment. */
export function shardDatabase(env: WorkerEnv, shard: ShardBinding): D1Database {
  return env[shard];
}

function shardOf(env: WorkerEnv, entry: Exclude<Entry, { missing: true }>): VenueShard {
  const d1 = shardDatabase(env, entry.shard);
  return { venueId: entry.venueId, slug: entry.slug, shard: entry.shard, d1, db: drizzleFor(d1) };
}

/**
 * The shard of the venue named by id or slug, or null for a venue the directory does not know. The one
 * function every venue-scoped read and write takes its database from.
 */
export async function resolveVenueShard(env: WorkerEnv, venueRef: string, now = Date.now()): Promise<VenueShard | null> {
  const cache = cacheOf(env);
  const hit = cache.get(venueRef);
  if (hit && hit.expires > now) return 'missing' in hit ? null : shardOf(env, hit);
  const row = await drizzleFor(env.DB).query.venueDirectory.findFirst({
    where: or(eq(venueDirectory.venueId, venueRef), eq(venueDirectory.slug, venueRef)),
  });
  if (!row) {
    cache.set(venueRef, { expires: now + MISSING_TTL_MS, missing: true });
    return null;
  }
  const shard = isShardBinding(row.shard) ? row.shard : DEFAULT_VENUE_SHARD;
  const entry = { expires: now + DIRECTORY_TTL_MS, venueId: row.venueId, slug: row.slug, shard };
  cache.set(row.venueId, entry);
  cache.set(row.slug, entry);
  return shardOf(env, entry);
}

export type VenueDatabase = { shard: ShardBinding; d1: D1Database; db: Db };

export const databaseOf = (env: WorkerEnv, shard: ShardBinding): VenueDatabase => {
  const d1 = shardDatabase(env, shard);
  return { shard, d1, db: drizzleFor(d1) };
};

/**
 * The database a venue-scoped request reads and writes. A venue the directory does not name is looked for
 * on the default shard, where venues made before the directory (and unknown ones, which answer 404 there) are.
 */
export async function venueDatabase(env: WorkerEnv, venueRef: string): Promise<VenueDatabase> {
  const located = await resolveVenueShard(env, venueRef);
  return located ?? databaseOf(env, DEFAULT_VENUE_SHARD);
}

/**
 * Every database that holds venues (the default shard always), for the few reads that are not scoped to one
 * venue: a guest's own orders across venues. Cached like the directory.
 */
export async function everyVenueDatabase(env: WorkerEnv, now = Date.now()): Promise<VenueDatabase[]> {
  let hit = occupied.get(env.DB);
  if (!hit || hit.expires <= now) {
    const shards = new Set<ShardBinding>([DEFAULT_VENUE_SHARD, ...(await occupiedShards(env))]);
    hit = { expires: now + DIRECTORY_TTL_MS, shards: [...shards] };
    occupied.set(env.DB, hit);
  }
  return hit.shards.map((shard) => databaseOf(env, shard));
}

/**
 * The database holding a row named only by its id (a drink, an AI interaction): every database that holds venues
 * is asked in parallel, with no extra query while only one does. When none holds it, the default shard is
 * answered, where the caller's own lookup then finds nothing (its usual 404).
 */
export async function databaseHolding(env: WorkerEnv, holds: (database: VenueDatabase) => Promise<boolean>): Promise<VenueDatabase> {
  const databases = await everyVenueDatabase(env);
  if (databases.length === 1) return databases[0]!;
  const found = await Promise.all(databases.map(async (database) => ((await holds(database)) ? database : null)));
  return found.find((database) => database !== null) ?? databases[0]!;
}

/** After a venue's slug or shard changes: this isolate reads the directory again. */
export function forgetVenueShard(env: WorkerEnv, ...venueRefs: string[]) {
  const cache = cacheOf(env);
  for (const ref of venueRefs) {
    const entry = cache.get(ref);
    if (entry && !('missing' in entry)) {
      cache.delete(entry.venueId);
      cache.delete(entry.slug);
    }
    cache.delete(ref);
  }
  occupied.delete(env.DB);
}

/**
 * The shards a new venue may be placed on: VENUE_SHARDS (comma-separated binding names) when set, else the
 * single-shard default (docs/decisions/150).
 */
export function placementShards(env: WorkerEnv): ShardBinding[] {
  const listed = (env.VENUE_SHARDS ?? '').split(',').map((name) => name.trim()).filter(isShardBinding);
  return listed.length > 0 ? listed : [DEFAULT_VENUE_SHARD];
}

/** The least-loaded of the placement shards, by venues in the directory; ties go to the first listed. */
export async function pickShardForNewVenue(env: WorkerEnv): Promise<ShardBinding> {
  const candidates = placementShards(env);
  const rows = await drizzleFor(env.DB)
    .select({ shard: venueDirectory.shard, venues: sql<number>`count(*)` })
    .from(venueDirectory)
    .groupBy(venueDirectory.shard);
  const load = new Map(rows.map((row) => [row.shard, row.venues]));
  return candidates.reduce((best, shard) => ((load.get(shard) ?? 0) < (load.get(best) ?? 0) ? shard : best), candidates[0]!);
}

/** Every shard binding that holds at least one venue, for jobs that visit each shard once (rollups, archive). */
export async function occupiedShards(env: WorkerEnv): Promise<ShardBinding[]> {
  const rows = await drizzleFor(env.DB).selectDistinct({ shard: venueDirectory.shard }).from(venueDirectory);
  return rows.map((row) => row.shard).filter(isShardBinding);
}

export { VENUE_SHARD_BINDINGS };
