// The days whose rollups the venue's hub recomputes (docs/decisions/203): recorded in the hub's own storage when a
// change touches them, recomputed together by the hub's alarm ROLLUP_DELAY_MS later (worker/live/alarm-schedule.ts).
import { addDays } from '../analytics';
import { businessDaysAround, rollUp, type ShardBinding, venueClocks } from '../shards';
import type { Db } from '../env';
import { pruneLiveEvents } from './live-log';

/**
 * How long after a change to the venue's orders the hub recomputes their rollups (docs/decisions/203). Changes
 * within it share one recompute, so the control database takes at most one rollup batch per venue per 5 s, and
 * never more batches than changes; the platform views are that much behind at most.
 */
export const ROLLUP_DELAY_MS = 5_000;
/** After a recompute (or an idle-tab check) failed, a database unreachable: the next try. */
export const ALARM_RETRY_MS = 60_000;

/** What the recompute needs of its hub. */
export type RollupHost = {
  /** The venue's shard, and the live log's last number once the hub is open for the venue. */
  shard(venueId: string): Promise<{ shard: ShardBinding; d1: D1Database; db: Db; latestSeq: number }>;
  control: D1Database;
  wakeBy(at: number): Promise<void>;
};

export class RollupDays {
  /**
   * The days recorded in `rollup_days`, mirrored in memory once read: every write to the table goes through
   * record or run, so a placement whose day is recorded already reads no storage at all.
   */
  private days: Set<string> | null = null;

  constructor(private readonly sql: SqlStorage, private readonly host: RollupHost) {
    sql.exec(`create table if not exists rollup_days (day text primary key, venue_id text not null, mark integer not null);`);
  }

  /**
   * Records the UTC days a change to the venue's orders or AI interactions touched. One alarm is pending at most:
   * the first day recorded asks for it. A day already recorded is not written again, so the changes of a busy
   * evening add no storage commit of their own to the hub's (docs/decisions/154).
   */
  async touch(venueId: string, days: readonly string[]): Promise<void> {
    const recorded = this.recorded();
    const fresh = [...new Set(days)].filter((day) => !recorded.has(day));
    if (fresh.length === 0) return;
    const idle = recorded.size === 0;
    this.record(venueId, fresh);
    if (idle) await this.host.wakeBy(Date.now() + ROLLUP_DELAY_MS);
  }

  /** Recomputes the recorded days' rollups on the venue's shard, with one batch of reads and one of writes per run of days. */
  async run(): Promise<void> {
    const days = this.sql.exec<{ day: string; venue_id: string }>('select day, venue_id from rollup_days order by day').toArray();
    if (days.length === 0) return;
    // Taken off before the recompute reads: a change meanwhile records its day again and asks for the next alarm.
    this.sql.exec('delete from rollup_days');
    this.days = new Set();
    const venueId = days[0]!.venue_id;
    try {
      const shard = await this.host.shard(venueId);
      // The live log keeps its last EVENT_LOG_LIMIT events: trimmed here, off the write path.
      await pruneLiveEvents(shard.db, venueId, shard.latestSeq);
      // The UTC days recorded become the venue's business days they can fall in (docs/decisions/203).
      const venues = await venueClocks(this.host.control, { venueId });
      for (const run of consecutiveDays(businessDaysAround(days.map((d) => d.day)))) {
        await rollUp(shard.d1, this.host.control, { shard: shard.shard, venueId, ...run, venues });
      }
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', message: 'rollup recompute failed', error: String(err) }));
      // Recorded again, all of them, for a later try.
      const waiting = this.recorded().size > 0;
      this.record(venueId, days.map((d) => d.day));
      if (!waiting) await this.host.wakeBy(Date.now() + ALARM_RETRY_MS);
    }
  }

  private recorded(): Set<string> {
    this.days ??= new Set(this.sql.exec<{ day: string }>('select day from rollup_days').toArray().map((r) => r.day));
    return this.days;
  }

  private record(venueId: string, days: readonly string[]) {
    const recorded = this.recorded();
    for (const day of days) {
      this.sql.exec('insert into rollup_days (day, venue_id, mark) values (?, ?, 0) on conflict (day) do nothing', day, venueId);
      recorded.add(day);
    }
  }
}

/** Sorted days as runs of consecutive days, each [from, to). */
function consecutiveDays(sortedDays: readonly string[]): { from: string; to: string }[] {
  const runs: { from: string; to: string }[] = [];
  for (const day of sortedDays) {
    const last = runs.at(-1);
    if (last && last.to === day) last.to = addDays(day, 1);
    else runs.push({ from: day, to: addDays(day, 1) });
  }
  return runs;
}
