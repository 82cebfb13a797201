// A .po catalog imported by the app is compiled by Lingui's Vite plugin (vite.config.ts, docs/decisions/262).
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
