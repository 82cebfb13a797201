import { app } from './app';
import { deploymentProblem, refuseToServe, runtimeOf } from './deploy';
import type { WorkerEnv } from './env';
import { runHousekeeping } from './jobs';
import { isVenuePagePath, venuePageApp } from './pages';

export { VenueHub } from './live/venue-hub';

export default {
  fetch(request, env, ctx) {
    const problem = deploymentProblem(env, runtimeOf(request));
    if (problem) return refuseToServe(problem);
    // Venue pages are HTML with the asset server's own headers, not API answers (docs/decisions/219).
    return (isVenuePagePath(new URL(request.url).pathname) ? venuePageApp : app).fetch(request, env, ctx);
  },
  scheduled(_controller, env, ctx) {
    const problem = deploymentProblem(env, runtimeOf());
    if (problem) {
      console.error(JSON.stringify({ level: 'error', message: `housekeeping skipped: ${problem}` }));
      return;
    }
    ctx.waitUntil(runHousekeeping(env));
  },
} satisfies ExportedHandler<WorkerEnv>;
