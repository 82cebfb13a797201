// The nightly safety net under Stripe's webhook for orders paid first (docs/payments.md §12.9): an accepted order
// whose capture Stripe did not answer, or whose card's release or refund is planned and not yet made, is asked
// again through its venue's hub, in the order's turn, under the plan's own idempotency key (worker/orders/order-card.ts).
import type { WorkerEnv } from '../env';
import { venueHub } from '../live';
import { DEFAULT_VENUE_SHARD, occupiedShards, type ShardBinding, shardDatabase } from '../shards';

const UNSETTLED_SQL = `
  SELECT o.restaurant_id AS venue, o.id AS id FROM order_payments p JOIN orders o ON o.id = p.order_id
  WHERE p.status IN ('releasing', 'refunding')
     OR (p.status = 'placed' AND ((o.payment_problem = 'unconfirmed' AND o.payment_status = 'unpaid')
                                  OR (o.payment_status = 'captured' AND o.payment_method <> 'card_app')
                                  OR o.status = 'cancelled'))`;

export async function settleOrderCards(env: WorkerEnv): Promise<number> {
  const shards = new Set<ShardBinding>([DEFAULT_VENUE_SHARD, ...(await occupiedShards(env))]);
  let asked = 0;
  for (const shard of shards) {
    const { results } = await shardDatabase(env, shard).prepare(UNSETTLED_SQL).all<{ venue: string; id: string }>();
    for (const { venue, id } of results) {
      await venueHub(env, venue).settleOrderCard({ venueId: venue, orderId: id, said: null });
      asked += 1;
    }
  }
  return asked;
}
