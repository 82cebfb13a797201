// A deployed Worker that would run with demo accounts, on-screen codes or a published signing key
// refuses to serve instead (docs/decisions/120-production-build-and-guard.md).

/** The signing key committed in wrangler.toml for local development; never valid once deployed. */
export const DEVELOPMENT_JWT_SECRET = 'barhop-local-development-secret-change-me-in-production';
export const MIN_JWT_SECRET_LENGTH = 32;

/** The vars the guard reads (wrangler.toml [vars] and secrets). */
type GuardedEnv = { APP_ENV: string; DEMO_MODE: string; JWT_SECRET?: string };

/** Why this configuration must not serve, or null when it may. Local development is never refused. */
export function deploymentProblem(env: GuardedEnv): string | null {
  if (env.APP_ENV === 'development') return null;
  const problem = secretOrModeProblem(env);
  return problem ? `APP_ENV "${env.APP_ENV}": ${problem}` : null;
}

function secretOrModeProblem(env: GuardedEnv): string | null {
  if (env.APP_ENV === 'production' && env.DEMO_MODE === 'true') return 'DEMO_MODE is "true" in production';
  if (!env.JWT_SECRET) return 'JWT_SECRET is not set (wrangler secret put JWT_SECRET)';
  if (env.JWT_SECRET.length < MIN_JWT_SECRET_LENGTH) return `JWT_SECRET is shorter than ${MIN_JWT_SECRET_LENGTH} characters`;
  if (env.JWT_SECRET === DEVELOPMENT_JWT_SECRET) return 'JWT_SECRET is the development key committed in wrangler.toml';
  return null;
}

const loggedProblems = new Set<string>();

/** The 503 every request gets while the configuration is refused; the reason goes to the log, not the caller. */
export function refuseToServe(problem: string): Response {
  if (!loggedProblems.has(problem)) {
    loggedProblems.add(problem);
    console.error(JSON.stringify({ level: 'error', message: `refusing to serve: ${problem}` }));
  }
  return Response.json(
    { error: { code: 'service_misconfigured', message: 'Barhop is not configured correctly for this environment and is not serving requests.' } },
    { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '300' } },
  );
}
