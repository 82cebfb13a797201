// The daily safety net under the hubs' own idle-tab alarms (docs/product.md §12.7): every venue with a live tab
// idle for at least an hour (the shortest tab_auto_close_hours) asks its hub to close the ones past its own hours.
// The hub does the writing, in the table's turn, as for every change of a table (docs/decisions/231).
import type { WorkerEnv } from '../env';
import { venueHub } from '../live';
import { DEFAULT_VENUE_SHARD, occupiedShards, type ShardBinding, shardDatabase } from '../shards';

const HOUR_MS = 3_600_000;

export async function closeIdleTabs(env: WorkerEnv, now: Date): Promise<number> {
  const shards = new Set<ShardBinding>([DEFAULT_VENUE_SHARD, ...(await occupiedShards(env))]);
  const idleBefore = new Date(now.getTime() - HOUR_MS).toISOString();
  let closed = 0;
  for (const shard of shards) {
    const { results } = await shardDatabase(env, shard).prepare(
      `SELECT DISTINCT restaurant_id AS venue FROM table_sessions WHERE status IN ('open', 'billing') AND last_activity_at < ?`,
    ).bind(idleBefore).all<{ venue: string }>();
    for (const { venue } of results) closed += await venueHub(env, venue).closeIdleTables(venue, now.getTime());
  }
  return closed;
}
