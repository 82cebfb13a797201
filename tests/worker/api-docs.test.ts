import { expect, it } from 'vitest';
import apiDoc from '../../docs/api.md?raw';
import { app } from '../../worker/app';

// docs/api.md is the public contract: every route the Worker mounts must be documented there.
it('documents every mounted /api route in docs/api.md', () => {
  const mounted = new Set(
    app.routes
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`),
  );
  const missing = [...mounted].filter((route) => !apiDoc.includes(`\`${route}\``));
  expect(missing).toEqual([]);
  expect(mounted.size).toBeGreaterThan(3);
});
