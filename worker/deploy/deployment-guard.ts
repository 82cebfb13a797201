// A deployed Worker that would run with demo accounts, on-screen codes or a published signing key refuses to serve
// instead (docs/decisions/194). Whether it runs under local development is read from what a deploy cannot set
// by accident — the build and the host the request was sent to — never from APP_ENV alone.
import '../lib/build-flags';

/** The signing key committed in wrangler.toml for local development; never valid once deployed. */
export const DEVELOPMENT_JWT_SECRET = 'barhop-local-development-secret-change-me-in-production';
export const MIN_JWT_SECRET_LENGTH = 32;
/** The APP_ENV values of the deployed environments (wrangler.toml [env.production], [env.staging]). */
const DEPLOYED_APP_ENVS = new Set(['production', 'staging']);

/** The vars the guard reads (wrangler.toml [vars] and secrets). */
type GuardedEnv = {
  APP_ENV?: string; DEMO_MODE?: string; JWT_SECRET?: string; STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string;
  VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string;
};

/** Local development's VAPID key pair (wrangler.toml [vars], worker/push/vapid.ts): never valid once deployed. */
export const DEVELOPMENT_VAPID_PUBLIC_KEY = 'BDyo557S-88rrWUTfhs7ZweXq1J2MAZ2yjdgDt8XOo-VUDBHbyIacFsEwlUpklOUWHgdv5jlWVh17v6CXrIi_9k';
export const DEVELOPMENT_VAPID_PRIVATE_KEY = '-TWBGSp00-670CKY_u6-biDp9YQPGmiP_QG_pCBax1M';

/** Local development's Stripe keys (wrangler.toml [vars], worker/payments/local-stripe.ts): never valid once deployed. */
export const DEVELOPMENT_STRIPE_KEYS = ['sk_test_barhop_local_development', 'whsec_barhop_local_development'];

/** Where the Worker runs: `localDevelopment` only for a local build answering a request sent to a local host. */
export type Runtime = { localDevelopment: boolean };

/**
 * Names only a server on this machine answers to. Cloudflare reaches a deployed Worker through a hostname of its own
 * (a route or workers.dev), never `localhost` or a loopback address.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Local development: a local build (`__BARHOP_LOCAL_BUILD__`) serving a request sent to a local host. Without a
 * request (the cron's housekeeping) the build alone says it.
 */
export function runtimeOf(request?: Request): Runtime {
  return { localDevelopment: __BARHOP_LOCAL_BUILD__ && (!request || isLocalHost(new URL(request.url).hostname)) };
}

/**
 * Why this configuration must not serve, or null when it may. Only local development with APP_ENV "development"
 * may use the committed key and demo mode; everywhere else the key must be a strong one of its own, and demo mode is
 * for staging alone.
 */
export function deploymentProblem(env: GuardedEnv, runtime: Runtime): string | null {
  if (runtime.localDevelopment && env.APP_ENV === 'development') return null;
  const problem = configurationProblem(env, runtime);
  if (!problem) return null;
  return `${runtime.localDevelopment ? 'local build' : 'deployed'}, APP_ENV ${JSON.stringify(env.APP_ENV ?? null)}: ${problem}`;
}

function configurationProblem(env: GuardedEnv, runtime: Runtime): string | null {
  if (!runtime.localDevelopment && !DEPLOYED_APP_ENVS.has(env.APP_ENV ?? '')) return 'APP_ENV is neither "production" nor "staging"';
  if (!env.JWT_SECRET) return 'JWT_SECRET is not set (wrangler secret put JWT_SECRET)';
  if (env.JWT_SECRET.length < MIN_JWT_SECRET_LENGTH) return `JWT_SECRET is shorter than ${MIN_JWT_SECRET_LENGTH} characters`;
  if (env.JWT_SECRET === DEVELOPMENT_JWT_SECRET) return 'JWT_SECRET is the development key committed in wrangler.toml';
  if (env.DEMO_MODE === 'true' && env.APP_ENV !== 'staging') return 'DEMO_MODE is "true" outside staging';
  return paymentsProblem(env) ?? pushProblem(env);
}

/**
 * Web Push (docs/decisions/227): the VAPID key pair committed in wrangler.toml is public, so anyone could sign pushes
 * as a Worker that used it; a key pair needs both halves.
 */
function pushProblem(env: GuardedEnv): string | null {
  if (env.VAPID_PRIVATE_KEY === DEVELOPMENT_VAPID_PRIVATE_KEY || env.VAPID_PUBLIC_KEY === DEVELOPMENT_VAPID_PUBLIC_KEY) {
    return "the VAPID key pair is local development's, committed in wrangler.toml";
  }
  if (Boolean(env.VAPID_PRIVATE_KEY) !== Boolean(env.VAPID_PUBLIC_KEY)) return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together';
  return null;
}

/**
 * Card payments (docs/decisions/222): on with STRIPE_SECRET_KEY, and then only with a webhook signing secret, or a
 * card would be charged and its share never marked paid; never with local development's keys.
 */
function paymentsProblem(env: GuardedEnv): string | null {
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) return 'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET (wrangler secret put STRIPE_WEBHOOK_SECRET)';
  if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_WEBHOOK_SECRET.startsWith('whsec_')) return 'STRIPE_WEBHOOK_SECRET is not a Stripe webhook signing secret (whsec_…)';
  if (DEVELOPMENT_STRIPE_KEYS.includes(env.STRIPE_SECRET_KEY ?? '') || DEVELOPMENT_STRIPE_KEYS.includes(env.STRIPE_WEBHOOK_SECRET ?? '')) {
    return "a Stripe key is local development's, committed in wrangler.toml";
  }
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
