// Runs a deployable build's Worker (scripts/lib/deploy-build.ts) on local workerd with configurations a deploy could
// end up with by mistake, and lists every one it serves instead of refusing (docs/decisions/194). A build for a
// deployed environment must refuse the committed development key and short keys whatever APP_ENV says, and demo
// mode outside staging, even when the request is sent to localhost: local development is only ever the local build.
import path from 'node:path';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { DEVELOPMENT_JWT_SECRET, DEVELOPMENT_STRIPE_KEYS, DEVELOPMENT_VAPID_PRIVATE_KEY, DEVELOPMENT_VAPID_PUBLIC_KEY } from '../../worker/deploy/deployment-guard';
import type { Build } from './deploy-build';

const STRONG_KEY = 'check-deploy-strong-signing-key-0123456789abcdef';
const HOSTS = ['http://localhost', 'http://127.0.0.1:8787', 'https://barhop.example.com'];

type Case = { name: string; vars: Record<string, string | undefined>; serves: boolean };

function casesFor(build: Build): Case[] {
  const own = build.config.vars ?? {};
  const cases: Case[] = [];
  for (const appEnv of [own.APP_ENV, 'development', 'Production', 'prod', undefined]) {
    cases.push({ name: `APP_ENV ${JSON.stringify(appEnv ?? null)} with the committed key`, vars: { ...own, APP_ENV: appEnv, JWT_SECRET: DEVELOPMENT_JWT_SECRET }, serves: false });
    cases.push({ name: `APP_ENV ${JSON.stringify(appEnv ?? null)} with a 31-character key`, vars: { ...own, APP_ENV: appEnv, JWT_SECRET: 'k'.repeat(31) }, serves: false });
  }
  for (const appEnv of ['development', 'Production', 'prod', undefined]) {
    cases.push({ name: `APP_ENV ${JSON.stringify(appEnv ?? null)}, demo mode and a strong key`, vars: { ...own, APP_ENV: appEnv, DEMO_MODE: 'true', JWT_SECRET: STRONG_KEY }, serves: false });
  }
  // Card payments on without a webhook secret, with a malformed one, or with local development's keys (docs/decisions/222).
  cases.push({ name: 'STRIPE_SECRET_KEY without STRIPE_WEBHOOK_SECRET', vars: { ...own, JWT_SECRET: STRONG_KEY, STRIPE_SECRET_KEY: 'sk_live_check_deploy_0123456789' }, serves: false });
  cases.push({ name: 'a webhook secret that is not whsec_…', vars: { ...own, JWT_SECRET: STRONG_KEY, STRIPE_SECRET_KEY: 'sk_live_check_deploy_0123456789', STRIPE_WEBHOOK_SECRET: 'secret' }, serves: false });
  cases.push({ name: "local development's Stripe keys", vars: { ...own, JWT_SECRET: STRONG_KEY, STRIPE_SECRET_KEY: DEVELOPMENT_STRIPE_KEYS[0], STRIPE_WEBHOOK_SECRET: DEVELOPMENT_STRIPE_KEYS[1] }, serves: false });
  cases.push({ name: 'card payments with both secrets of its own', vars: { ...own, JWT_SECRET: STRONG_KEY, STRIPE_SECRET_KEY: 'sk_live_check_deploy_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_check_deploy_0123456789' }, serves: true });
  // Web Push with local development's committed VAPID key pair (docs/decisions/227).
  cases.push({ name: "local development's VAPID keys", vars: { ...own, JWT_SECRET: STRONG_KEY, VAPID_PUBLIC_KEY: DEVELOPMENT_VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: DEVELOPMENT_VAPID_PRIVATE_KEY }, serves: false });
  // The control: the build's own vars and a strong key of its own serve, so the refusals above are the guard's.
  cases.push({ name: "the build's own vars with a strong key", vars: { ...own, JWT_SECRET: STRONG_KEY }, serves: true });
  return cases;
}

/** Every configuration the built Worker answered wrongly (served when it must refuse, or the reverse). */
export async function deployRefusalProblems(build: Build): Promise<string[]> {
  const cases = casesFor(build);
  const scriptPath = path.join(path.dirname(build.configPath), 'index.js');
  // One workerd, one Worker per configuration.
  const mf = new Miniflare(convertV4MiniflareOptions({
    // The Worker logs each refusal's reason; here the answers are what is checked.
    handleStructuredLogs: () => {},
    workers: cases.map((testCase, index) => ({
      name: `case-${index}`,
      modules: true,
      scriptPath,
      compatibilityDate: build.config.compatibility_date,
      compatibilityFlags: build.config.compatibility_flags,
      bindings: { ...definedOnly(testCase.vars), LOG_REQUESTS: 'false' },
      // The guard answers before any binding is touched; the databases are there for the control's health check.
      d1Databases: (build.config.d1_databases ?? []).map((d) => d.binding),
    })),
  }));
  const problems: string[] = [];
  try {
    for (const [index, testCase] of cases.entries()) {
      // Typed by hand: miniflare's own Fetcher type is declared against workerd's Request.
      const worker = await mf.getWorker(`case-${index}`) as unknown as { fetch(url: string): Promise<{ status: number; text(): Promise<string> }> };
      for (const host of HOSTS) {
        const res = await worker.fetch(`${host}/api/healthz`);
        const body = await res.text();
        const refused = res.status === 503 && body.includes('service_misconfigured');
        if (testCase.serves && res.status !== 200) problems.push(`${testCase.name}: ${host} answered ${res.status}, expected 200`);
        if (!testCase.serves && !refused) problems.push(`${testCase.name}: ${host} answered ${res.status}, expected 503 service_misconfigured`);
      }
    }
  } finally {
    await mf.dispose();
  }
  return problems;
}

const definedOnly = (vars: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(vars).filter((entry): entry is [string, string] => entry[1] !== undefined));
