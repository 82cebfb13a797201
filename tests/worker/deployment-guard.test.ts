// A deployed Worker with demo mode on in production, or without a strong signing key of its own, refuses
// every request with a 503 instead of serving (docs/decisions/194-deploys-built-checked-and-guarded.md).
import { createExecutionContext, env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { DEVELOPMENT_JWT_SECRET, DEVELOPMENT_VAPID_PRIVATE_KEY, DEVELOPMENT_VAPID_PUBLIC_KEY, deploymentProblem, isLocalHost } from '../../worker/deploy/deployment-guard';

const STRONG_SECRET = 'k3Yq9vV2rT8pL4mN7xZ1cB6hJ0wE5sU2aD9fG3';

type Vars = Partial<Record<'APP_ENV' | 'DEMO_MODE' | 'JWT_SECRET' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY', string | undefined>>;

/**
 * A deployment that takes no cards and sends no pushes: the local config's Stripe keys (docs/decisions/222) and VAPID
 * key pair (docs/decisions/227) are local development's.
 */
const NO_CARDS = { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined };

/** A request through the Worker's entry point with `vars` patched over the local config, to `origin`. */
async function get(path: string, vars: Vars, origin = 'http://localhost') {
  const patched = { ...env, ...vars } as typeof env;
  const res = await worker.fetch(new Request(`${origin}${path}`), patched, createExecutionContext());
  return { status: res.status, body: await res.json().catch(() => null) as { error?: { code: string; message: string } } | null };
}

afterEach(() => vi.restoreAllMocks());

describe('deployment guard', () => {
  it('the local config signs with the development key, which the guard knows', () => {
    expect(env.JWT_SECRET).toBe(DEVELOPMENT_JWT_SECRET);
    expect(env.APP_ENV).toBe('development');
  });

  it.each([
    ['production with DEMO_MODE on', { APP_ENV: 'production', DEMO_MODE: 'true', JWT_SECRET: STRONG_SECRET }, /DEMO_MODE/],
    ['production without JWT_SECRET', { APP_ENV: 'production', DEMO_MODE: 'false', JWT_SECRET: undefined }, /not set/],
    ['production with a 31-character JWT_SECRET', { APP_ENV: 'production', DEMO_MODE: 'false', JWT_SECRET: 'x'.repeat(31) }, /shorter than 32/],
    ['production with the development key', { APP_ENV: 'production', DEMO_MODE: 'false', JWT_SECRET: DEVELOPMENT_JWT_SECRET }, /development key/],
    ['staging with the development key', { APP_ENV: 'staging', DEMO_MODE: 'true', JWT_SECRET: DEVELOPMENT_JWT_SECRET }, /development key/],
  ])('%s: every request answers 503 and a log line says why', async (_name, vars, reason) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const path of ['/api/healthz', '/api/venues/artisan-bar', '/venue/artisan-bar', '/api/auth/demo']) {
      const res = await get(path, vars);
      expect(res.status, path).toBe(503);
      expect(res.body?.error?.code).toBe('service_misconfigured');
      // The reason is for the operator's log, not for whoever calls.
      expect(res.body?.error?.message).not.toMatch(/JWT|DEMO/);
    }
    expect(deploymentProblem(vars, { localDevelopment: true })).toMatch(reason);
    const logged = log.mock.calls.map((args) => String(args[0])).join('\n');
    expect(logged).toMatch(reason);
  });

  it('serves a well-configured production and staging, and never refuses local development', async () => {
    expect((await get('/api/healthz', { APP_ENV: 'production', DEMO_MODE: 'false', JWT_SECRET: STRONG_SECRET, ...NO_CARDS })).status).toBe(200);
    expect((await get('/api/healthz', { APP_ENV: 'staging', DEMO_MODE: 'true', JWT_SECRET: STRONG_SECRET, ...NO_CARDS })).status).toBe(200);
    expect((await get('/api/healthz', {})).status).toBe(200);
  });

  it('a production configuration shows no demo accounts and no one-time code', async () => {
    const production = { APP_ENV: 'production', DEMO_MODE: 'false', JWT_SECRET: STRONG_SECRET, ...NO_CARDS };
    const demo = await get('/api/auth/demo', production);
    expect(demo.status).toBe(200);
    expect(demo.body).toEqual({ demo_mode: false, password: null, accounts: [] });
  });

  // A deployed Worker is only ever reached through a hostname of its own; loopback names reach only a local server.
  const DEPLOYED = 'https://barhop.example.com';

  const COMMITTED = ['the committed development key', DEVELOPMENT_JWT_SECRET] as const;
  const SHORT = ['a 31-character key', 'x'.repeat(31)] as const;
  it.each([
    ['development', ...COMMITTED], ['Production', ...COMMITTED], ['prod', ...COMMITTED], ['staging', ...COMMITTED],
    [undefined, ...COMMITTED], ['development', ...SHORT], ['prod', ...SHORT],
  ])('a deployed Worker with APP_ENV %j refuses %s', async (appEnv, _key, secret) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const vars = { APP_ENV: appEnv, DEMO_MODE: 'true', JWT_SECRET: secret };
    for (const path of ['/api/healthz', '/api/auth/demo', '/venue/artisan-bar']) {
      const res = await get(path, vars, DEPLOYED);
      expect(res.status, `${path} with APP_ENV ${appEnv}`).toBe(503);
      expect(res.body?.error?.code).toBe('service_misconfigured');
    }
  });

  it.each(['Production', 'prod', 'development', undefined])('a deployed Worker with APP_ENV %j and a strong key still refuses demo mode', async (appEnv) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await get('/api/auth/demo', { APP_ENV: appEnv, DEMO_MODE: 'true', JWT_SECRET: STRONG_SECRET }, DEPLOYED);
    expect(res.status).toBe(503);
    expect(res.body).not.toHaveProperty('accounts');
  });

  it('a deployed production and staging with their own strong key serve', async () => {
    expect((await get('/api/healthz', { APP_ENV: 'production', DEMO_MODE: 'false', JWT_SECRET: STRONG_SECRET, ...NO_CARDS }, DEPLOYED)).status).toBe(200);
    expect((await get('/api/healthz', { APP_ENV: 'staging', DEMO_MODE: 'true', JWT_SECRET: STRONG_SECRET, ...NO_CARDS }, DEPLOYED)).status).toBe(200);
  });

  it.each(['development', 'Production', 'prod', 'staging', 'production', undefined])('a deployed build (not local) with APP_ENV %j refuses the committed key wherever the request goes', (appEnv) => {
    expect(deploymentProblem({ APP_ENV: appEnv, DEMO_MODE: 'false', JWT_SECRET: DEVELOPMENT_JWT_SECRET }, { localDevelopment: false })).toMatch(/development key|neither "production" nor "staging"/);
    expect(deploymentProblem({ APP_ENV: appEnv, DEMO_MODE: 'false', JWT_SECRET: 'k'.repeat(31) }, { localDevelopment: false })).toMatch(/shorter than 32|neither/);
  });

  it("a deployed Worker refuses local development's VAPID key pair, and a half pair (docs/decisions/227)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const production = { APP_ENV: 'production', DEMO_MODE: 'false', JWT_SECRET: STRONG_SECRET, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    const committed = await get('/api/healthz', { ...production, VAPID_PUBLIC_KEY: DEVELOPMENT_VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: DEVELOPMENT_VAPID_PRIVATE_KEY }, DEPLOYED);
    expect(committed.status).toBe(503);
    expect(deploymentProblem({ ...production, VAPID_PUBLIC_KEY: DEVELOPMENT_VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: DEVELOPMENT_VAPID_PRIVATE_KEY }, { localDevelopment: false })).toMatch(/VAPID/);
    expect(deploymentProblem({ ...production, VAPID_PUBLIC_KEY: 'BOwn', VAPID_PRIVATE_KEY: undefined }, { localDevelopment: false })).toMatch(/set together/);
    expect(deploymentProblem({ ...production, VAPID_PUBLIC_KEY: 'BOwn', VAPID_PRIVATE_KEY: 'own' }, { localDevelopment: false })).toBeNull();
  });

  it('only loopback names count as a local host', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) expect(isLocalHost(host), host).toBe(true);
    for (const host of ['barhop.example.com', 'barhop.workers.dev', 'localhost.example.com', '127.0.0.1.nip.io', '10.0.0.7', '192.168.1.20', '0.0.0.0']) expect(isLocalHost(host), host).toBe(false);
  });
});
