import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import compression from 'compression';
import { defineConfig, type Connect, type Plugin } from 'vite';

const port = Number(process.env.PORT) || 5173;
/**
 * `vite preview` (the e2e, bench and Lighthouse server) gzips text answers the way Cloudflare's edge does in
 * production, so what they measure is what guests download (docs/decisions/095). WebSocket upgrades never pass
 * through connect middleware, so /api/live is untouched.
 */
const compressLikeTheEdge = (): Plugin => ({
  name: 'barhop:compress-preview',
  enforce: 'pre',
  configurePreviewServer(server) {
    // Typed for express; it only touches Node's own request and response, which connect hands it.
    server.middlewares.use(compression() as unknown as Connect.NextHandleFunction);
  },
});
const BACK_OFFICE_PAGE = /\/app\/features\/(admin|staff|super|diagnostics)\/|\/app\/features\/auth\/LoginPage/;

export default defineConfig({
  // A production build (CLOUDFLARE_ENV=production, `npm run deploy`) leaves out demo-only code (docs/decisions/120).
  define: { __BARHOP_DEMO_BUILD__: JSON.stringify(process.env.CLOUDFLARE_ENV !== 'production') },
  plugins: [compressLikeTheEdge(), react(), cloudflare({ persistState: { path: process.env.BARHOP_STATE_DIR || '.wrangler/state' } })],
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
