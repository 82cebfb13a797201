import type { WorkerEnv } from '../env';
import { occupiedShards, shardDatabase } from '../shards/directory';
import { pruneDrinkRollups, rollUpShards } from '../shards/rollups';
import { archiveOldOrders } from './archive-orders';
import { idempotencyCutoff, PURGE_IDEMPOTENCY_SQL } from './idempotency-purge';

const DAY_MS = 86_400_000;

/**
 * Daily cron: honour the error-log retention setting, drop expired secrets and old idempotency keys (on every
 * shard that holds venues), and move orders past the hot window to the archive (worker/jobs/archive-orders.ts),
 * then recompute the per-shard sales rollups (worker/shards/rollups.ts) as a safety net under the venues' hubs, which
 * keep them current through the day (docs/decisions/151).
 */
export async function runHousekeeping(env: WorkerEnv, now = new Date()) {
  const setting = await env.DB.prepare(`SELECT value FROM platform_settings WHERE key = 'error_log_retention_days'`).first<{ value: string }>();
  const retentionDays = Number(setting ? JSON.parse(setting.value) : 30) || 30;
  const errorCutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const nowIso = now.toISOString();
  const keysBefore = idempotencyCutoff(now);
  const results = await env.DB.batch([
    env.DB.prepare('DELETE FROM error_logs WHERE created_at < ?').bind(errorCutoff),
    env.DB.prepare('DELETE FROM otp_codes WHERE expires_at < ?').bind(nowIso),
    env.DB.prepare('DELETE FROM refresh_tokens WHERE expires_at < ?').bind(nowIso),
    env.DB.prepare('DELETE FROM rate_limits WHERE window_start < ?').bind(new Date(now.getTime() - DAY_MS).toISOString()),
    env.DB.prepare(PURGE_IDEMPOTENCY_SQL).bind(keysBefore),
  ]);
  // Idempotency keys are written with their venue's orders, on its shard (docs/decisions/140): every other
  // shard that holds venues drops its own old ones too.
  for (const shard of await occupiedShards(env)) {
    if (shard === 'DB') continue;
    await shardDatabase(env, shard).prepare(PURGE_IDEMPOTENCY_SQL).bind(keysBefore).run();
  }
  const archive = await archiveOldOrders(env, now);
  const rollup = await rollUpShards(env, now);
  await pruneDrinkRollups(env.DB, now);
  return { errorLogsDeleted: results[0]?.meta.changes ?? 0, ordersArchived: archive.orders, rollupRows: rollup.rows };
}
