/**
 * Set at build time by vite.config.ts (and the vitest configs), never read from the environment at run time
 * (docs/decisions/194).
 */
declare global {
  /**
   * False only in a production build (`CLOUDFLARE_ENV=production`). Demo-only code — the bench routes, on-screen
   * one-time codes, the demo account list — is written behind it so that a production bundle does not contain it.
   */
  const __BARHOP_DEMO_BUILD__: boolean;
  /**
   * True only in a build of the local configuration: `vite dev` (`npm start`), `vite build` without
   * `CLOUDFLARE_ENV` (served by `vite preview` for the e2e runs, the bench and the soak), and the vitest projects.
   * Every build for a deployed environment has it false, so it can never let a deployed Worker use the committed
   * development key.
   */
  const __BARHOP_LOCAL_BUILD__: boolean;
}

export {};
