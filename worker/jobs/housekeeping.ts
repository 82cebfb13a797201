import type { WorkerEnv } from '../env';
import { occupiedShards, pruneDrinkRollups, rollUpShards, shardDatabase } from '../shards';
import { archiveOldOrders } from './archive-orders';
import { idempotencyCutoff, PURGE_IDEMPOTENCY_SQL } from './idempotency-purge';
import { liveEventsCutoff, PURGE_LIVE_EVENTS_SQL } from './live-log-purge';
import { closeIdleTabs } from './idle-tabs';
import { settleOrderCards } from './order-cards';

const DAY_MS = 86_400_000;

/**
 * Daily cron: honour the error-log retention setting, drop expired secrets, old idempotency keys and old live-log
 * events (on every shard that holds venues), close idle tabs, ask Stripe again about orders paid first whose card is
 * unsettled, and move orders past the hot window to the archive (worker/jobs/archive-orders.ts),
 * then recompute the per-shard sales rollups (worker/shards/rollups.ts) as a safety net under the venues' hubs, which
 * keep them current through the day (docs/decisions/203).
 */
export async function runHousekeeping(env: WorkerEnv, now = new Date()) {
  const setting = await env.DB.prepare(`SELECT value FROM platform_settings WHERE key = 'error_log_retention_days'`).first<{ value: string }>();
  const retentionDays = Number(setting ? JSON.parse(setting.value) : 30) || 30;
  const errorCutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const nowIso = now.toISOString();
  const keysBefore = idempotencyCutoff(now);
  const eventsBefore = liveEventsCutoff(now);
  const results = await env.DB.batch([
    env.DB.prepare('DELETE FROM error_logs WHERE created_at < ?').bind(errorCutoff),
    env.DB.prepare('DELETE FROM otp_codes WHERE expires_at < ?').bind(nowIso),
    env.DB.prepare('DELETE FROM refresh_tokens WHERE expires_at < ?').bind(nowIso),
    env.DB.prepare('DELETE FROM rate_limits WHERE window_start < ?').bind(new Date(now.getTime() - DAY_MS).toISOString()),
    env.DB.prepare(PURGE_IDEMPOTENCY_SQL).bind(keysBefore),
    env.DB.prepare(PURGE_LIVE_EVENTS_SQL).bind(eventsBefore),
  ]);
  // Idempotency keys and live events are written with their venue's orders, on its shard (docs/decisions/150,
  // 154): every other shard that holds venues drops its own old ones too.
  for (const shard of await occupiedShards(env)) {
    if (shard === 'DB') continue;
    const d1 = shardDatabase(env, shard);
    await d1.batch([d1.prepare(PURGE_IDEMPOTENCY_SQL).bind(keysBefore), d1.prepare(PURGE_LIVE_EVENTS_SQL).bind(eventsBefore)]);
  }
  // Tabs idle past their venue's tab_auto_close_hours close through their venue's hub (docs/product.md §12.7).
  const tabsClosed = await closeIdleTabs(env, now);
  // Orders paid first whose card Stripe has not settled yet, before any leaves for the archive (worker/jobs/order-cards.ts).
  const orderCardsAsked = await settleOrderCards(env);
  const archive = await archiveOldOrders(env, now);
  const rollup = await rollUpShards(env, now);
  await pruneDrinkRollups(env.DB, now);
  return { errorLogsDeleted: results[0]?.meta.changes ?? 0, ordersArchived: archive.orders, rollupRows: rollup.rows, tabsClosed, orderCardsAsked };
}
