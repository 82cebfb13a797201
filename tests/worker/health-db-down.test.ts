import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { call } from './helpers';

// Its own file: storage is isolated per file, so breaking the database here harms no other test.
it('reports the database as down with 503 when the query fails', async () => {
  await env.DB.exec('PRAGMA foreign_keys = OFF');
  await env.DB.prepare('ALTER TABLE venues RENAME TO venues_gone').run();
  const res = await call('GET', '/api/healthz/db');
  expect(res.status).toBe(503);
  expect(res.json).toEqual({ success: false });
});
