import { Hono } from 'hono';
import type { AppContext } from '../env';

export const healthRoutes = new Hono<AppContext>()
  .get('/', (c) => c.json({ success: true }))
  .get('/db', async (c) => {
    try {
      await c.env.DB.prepare('SELECT 1 AS ok FROM venues LIMIT 1').all();
      return c.json({ success: true });
    } catch (err) {
      console.error(JSON.stringify({ request_id: c.get('requestId'), level: 'error', message: `db health: ${(err as Error).message}` }));
      return c.json({ success: false }, 503);
    }
  });
