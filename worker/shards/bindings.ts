// The D1 databases a venue's data may live on (docs/decisions/150). Kept free of Worker-only imports: the
// seed (run in Node too) and the scripts read it.

/** Venue shards declared in wrangler.toml beside the control database `DB`. */
export const VENUE_SHARD_BINDINGS = ['DB_SHARD_0', 'DB_SHARD_1', 'DB_SHARD_2'] as const;

/** Every D1 binding: the control database first. Migrations apply to each (scripts/db-migrate.ts). */
export const ALL_D1_BINDINGS = ['DB', ...VENUE_SHARD_BINDINGS] as const;

export type ShardBinding = (typeof ALL_D1_BINDINGS)[number];

/**
 * Where venues live until every venue-scoped query takes its database from the directory: the control
 * database, which has every table (docs/decisions/150, "single-shard default").
 */
export const DEFAULT_VENUE_SHARD: ShardBinding = 'DB';

export const isShardBinding = (name: string): name is ShardBinding => (ALL_D1_BINDINGS as readonly string[]).includes(name);
