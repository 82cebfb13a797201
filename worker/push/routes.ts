// "Tell me when it's ready" (docs/decisions/227): the VAPID key to subscribe with. An order's subscription is
// worker/orders/push.routes.ts, a table member's worker/tables/ready.routes.ts.
import { Hono } from 'hono';
import type { PushKeyResponse } from '../../shared/schemas/push';
import type { AppContext } from '../env';
import { readyTextsConfigured, vapidKeysOf } from './send';

/** GET /api/push/key: public, like the key it answers. */
export const pushKeyRoutes = new Hono<AppContext>()
  .get('/key', (c) => c.json({ public_key: vapidKeysOf(c.env)?.publicKey ?? null, ready_texts: readyTextsConfigured(c.env) } satisfies PushKeyResponse));

