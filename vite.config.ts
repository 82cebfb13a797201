import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const port = Number(process.env.PORT) || 5173;

export default defineConfig({
  plugins: [react(), cloudflare({ persistState: { path: process.env.BARHOP_STATE_DIR || '.wrangler/state' } })],
  server: { port, strictPort: true, host: '127.0.0.1' },
  preview: { port, strictPort: true, host: '127.0.0.1' },
  // BARHOP_OUT_DIR lets parallel e2e/bench runs build side by side without clobbering dist/.
  // No modulepreload polyfill: every browser we serve has native modulepreload, and the polyfill is
  // 1.1 KB gzipped of the guest menu's 110 KB first-download budget (docs/decisions/080).
  build: { manifest: true, sourcemap: false, outDir: process.env.BARHOP_OUT_DIR || 'dist', modulePreload: { polyfill: false } },
});
