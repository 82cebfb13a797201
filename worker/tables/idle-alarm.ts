// When the venue's hub next checks for idle tabs (docs/decisions/231): a due time kept in the hub's own storage with
// the venue's id (a restarted hub learns its venue from it), and the hub's one alarm set no later than it, through
// its schedule of named jobs (worker/live/alarm-schedule.ts), which the rollups share (docs/decisions/203).

const TABLE = 'table_alarm';

/** Records `at` as the idle check's due time unless an earlier one is recorded; the alarm fires by then. */
export async function wakeBy(storage: DurableObjectStorage, venueId: string, at: number, wake: (at: number) => Promise<void>) {
  storage.sql.exec(`create table if not exists ${TABLE} (venue_id text primary key, due integer not null)`);
  const due = storage.sql.exec<{ due: number }>(`select due from ${TABLE}`).toArray()[0]?.due;
  if (due === undefined || due > at) {
    storage.sql.exec(`insert into ${TABLE} (venue_id, due) values (?, ?) on conflict (venue_id) do update set due = excluded.due`, venueId, at);
  }
  await wake(at);
}

/**
 * The venue whose idle check is due now (its record taken off: the check records the next one), or null, with the
 * alarm set again for a check still to come.
 */
export async function dueIdleCheck(storage: DurableObjectStorage, wake: (at: number) => Promise<void>, now = Date.now()): Promise<string | null> {
  const exists = storage.sql.exec<{ n: number }>(`select count(*) as n from sqlite_master where type = 'table' and name = '${TABLE}'`).toArray()[0]!.n > 0;
  const row = exists ? storage.sql.exec<{ venue_id: string; due: number }>(`select venue_id, due from ${TABLE}`).toArray()[0] : undefined;
  if (!row) return null;
  if (row.due <= now) {
    storage.sql.exec(`delete from ${TABLE}`);
    return row.venue_id;
  }
  await wake(row.due);
  return null;
}

/** How the hub runs the idle-tab job: opens the venue it names and closes its idle tabs. */
export type IdleTabsHost = { storage: DurableObjectStorage; wake(at: number): Promise<void>; closeIdle(venueId: string): Promise<unknown> };

/**
 * The hub's alarm job for idle tabs: closes them when their check is due; a failure is logged and the check asked
 * for again `retryMs` later, so one bad run does not leave tabs open until the next day's housekeeping.
 */
export async function closeIdleTabsWhenDue(host: IdleTabsHost, retryMs: number): Promise<void> {
  const venueId = await dueIdleCheck(host.storage, host.wake);
  if (!venueId) return;
  try {
    await host.closeIdle(venueId);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', message: 'closing idle tabs failed', error: String(err) }));
    await wakeBy(host.storage, venueId, Date.now() + retryMs, host.wake);
  }
}
