/**
 * Set by vite.config.ts (and vitest.config.ts) at build time: false only in a production build
 * (`CLOUDFLARE_ENV=production`). Demo-only code — the bench routes, on-screen one-time codes, the demo
 * account list — is written behind it so that a production bundle does not contain it at all
 * (docs/decisions/120-production-build-and-guard.md).
 */
declare global {
  const __BARHOP_DEMO_BUILD__: boolean;
}

export {};
