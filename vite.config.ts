import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const port = Number(process.env.PORT) || 5173;
const BACK_OFFICE_PAGE = /\/app\/features\/(admin|staff|super|diagnostics)\/|\/app\/features\/auth\/LoginPage/;

export default defineConfig({
  plugins: [react(), cloudflare({ persistState: { path: process.env.BARHOP_STATE_DIR || '.wrangler/state' } })],
  server: { port, strictPort: true, host: '127.0.0.1' },
  preview: { port, strictPort: true, host: '127.0.0.1' },
  // BARHOP_OUT_DIR lets parallel e2e/bench runs build side by side without clobbering dist/.
  // The guest's first download has a 110 KB gzipped budget (scripts/check-bundle.ts, docs/decisions/080):
  // no modulepreload polyfill (every browser we serve has native modulepreload; 1.1 KB), and the entry
  // lists the chunks to preload beside a lazy page only for guest pages (1 KB): back-office pages, named
  // under assets/back-office/, fetch their imports when they load.
  build: { manifest: true, sourcemap: false, outDir: process.env.BARHOP_OUT_DIR || 'dist' },
  environments: {
    client: {
      build: {
        modulePreload: {
          polyfill: false,
          resolveDependencies: (filename, deps) => (filename.startsWith('assets/back-office/') ? [] : deps),
        },
        rolldownOptions: {
          output: {
            chunkFileNames: (chunk) => (BACK_OFFICE_PAGE.test(chunk.facadeModuleId ?? '') ? 'assets/back-office/[name]-[hash].js' : 'assets/[name]-[hash].js'),
          },
        },
      },
    },
  },
});
