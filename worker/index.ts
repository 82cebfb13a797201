import { app } from './app';
import type { WorkerEnv } from './env';
import { runHousekeeping } from './jobs/housekeeping';

export { VenueHub } from './live/venue-hub';

export default {
  fetch: app.fetch,
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(runHousekeeping(env));
  },
} satisfies ExportedHandler<WorkerEnv>;
