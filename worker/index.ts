import { app } from './app';
import type { WorkerEnv } from './env';
import { runHousekeeping } from './jobs/housekeeping';
import { isVenuePagePath, venuePageApp } from './pages/venue-page';

export { VenueHub } from './live/venue-hub';

export default {
  // Venue pages are HTML with the asset server's own headers, not API answers (docs/decisions/096).
  fetch: (request, env, ctx) => (isVenuePagePath(new URL(request.url).pathname) ? venuePageApp : app).fetch(request, env, ctx),
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(runHousekeeping(env));
  },
} satisfies ExportedHandler<WorkerEnv>;
