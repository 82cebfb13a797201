import type * as types from '@babel/types';
import { cloudflare } from '@cloudflare/vite-plugin';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import compression from 'compression';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Connect, type Plugin, type PluginOption } from 'vite';

const port = Number(process.env.PORT) || 5173;
/**
 * `vite preview` (the e2e, bench and Lighthouse server) gzips text answers the way Cloudflare's edge does in
 * production, so what they measure is what guests download (docs/decisions/176). WebSocket upgrades never pass
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

/**
 * Both local servers read a request's whole body before the Cloudflare plugin forwards it to workerd, and hand
 * it on as one chunk. Streamed chunk by chunk, a body the Worker answers without reading (401 before auth, 413 from
 * Content-Length) was still being written when workerd closed the connection, and the write error replaced the
 * Worker's answer with a false HTML 500 "fetch failed" (docs/decisions/155-local-servers-carry-requests-as-the-edge.md).
 */
const bufferRequestBodies = (): Plugin => {
  const bufferBody: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('error', next);
    req.once('end', () => {
      replayBody(req, Buffer.concat(chunks));
      next();
    });
  };
  return {
    name: 'barhop:buffer-request-bodies',
    enforce: 'pre',
    configureServer(server) { server.middlewares.use(bufferBody); },
    configurePreviewServer(server) { server.middlewares.use(bufferBody); },
  };
};

const BODY_EVENTS = new Set<string | symbol>(['data', 'end', 'error', 'readable']);
/** The request's own stream has ended: its readers get the buffered bytes from a fresh stream instead. */
function replayBody(req: IncomingMessage, body: Buffer) {
  req.removeAllListeners('data');
  const replay = Readable.from(body.length > 0 ? [body] : []);
  type Listen = (event: string | symbol, listener: (...args: unknown[]) => void) => IncomingMessage;
  for (const method of ['on', 'addListener', 'once', 'prependListener', 'off', 'removeListener'] as const) {
    const own = (req[method] as Listen).bind(req);
    const replayed = (replay[method] as unknown as Listen).bind(replay);
    (req[method] as Listen) = (event, listener) => {
      if (BODY_EVENTS.has(event)) replayed(event, listener);
      else own(event, listener);
      return req;
    };
  }
  for (const method of ['pipe', 'read', 'resume', 'pause', Symbol.asyncIterator] as const) {
    Object.assign(req, { [method]: (replay[method] as (...args: unknown[]) => unknown).bind(replay) });
  }
}

/**
 * `vite preview` serves the build as the edge runs it, so the e2e runs, the bench and Lighthouse measure the Worker
 * and not miniflare's local tracing: a tail worker that writes every span (each request, D1 query and Durable
 * Object call) to a SQLite trace store on the workerd thread that serves the requests (docs/decisions/176).
 * `vite dev` (`npm start`) keeps it for the local explorer; X_LOCAL_OBSERVABILITY=true turns it back on here.
 */
const previewWithoutLocalTraces = (): Plugin => ({
  name: 'barhop:preview-without-local-traces',
  config(_config, { isPreview }) {
    if (isPreview) process.env.X_LOCAL_OBSERVABILITY ??= 'false';
  },
});

/**
 * The Worker's DevTools port. Unset: the Cloudflare plugin's default (9229, or the next free port: two servers
 * starting at once can pick the same one and one of them dies with EADDRINUSE). `off`: no inspector, for the
 * servers nobody attaches a debugger to (scripts/e2e-server.sh, tests/servers). A number: that port.
 */
const inspectorPort = (setting = process.env.BARHOP_INSPECTOR_PORT): number | false | undefined =>
  setting === undefined || setting === '' ? undefined : setting === 'off' ? false : Number(setting);

/**
 * The small modules every guest page shares (query hooks, money, the venue's texts, the toast store, the guest-session
 * hook and session state, the header, drink facts, the venue reads main.tsx starts) go into one `guest-core` chunk: a dozen chunks of under 1 KB each cost more gzipped
 * than their sum in one file (docs/decisions/219); each chunk's import and export lines alone are about 0.1 KB
 * (docs/decisions/275).
 * React Query's hooks that only the back office calls (useQueries, useInfiniteQuery and the rest) stay out of it, and
 * with them their observers: a guest never downloads them (2 KB, docs/decisions/217).
 */
const GUEST_CORE = /node_modules[\\/]@tanstack[\\/]react-query(?![\\/]build[\\/]modern[\\/](useQueries|useInfiniteQuery|useSuspense|usePrefetch|useIsFetching|useMutationState|HydrationBoundary))|[\\/]shared[\\/](money|drink-facts|venue-texts)\.ts|[\\/]app[\\/](features[\\/](venues[\\/](api|venue-texts|happy-hour-clock)|orders[\\/]table-number|auth[\\/]hooks|tables[\\/]membership))\.tsx?|GuestHeader|[\\/]app[\\/]ui[\\/]lazy-after-paint/;
/**
 * The orders API and the one-active-order guard: one chunk for the pages that read a cart or an order, out of the
 * venue picker's and the menu's first download (docs/decisions/275). The ids a placement takes load with its sender
 * (docs/decisions/275).
 */
const GUEST_ORDERS = /[\\/]app[\\/]features[\\/](orders[\\/]api|guest[\\/]orders[\\/]active-order)\.ts/;
/**
 * Small modules the same guest pages import together, one chunk per set instead of one per module (each chunk's
 * import and export lines cost about 0.1 KB gzipped, docs/decisions/275): pages the guest opens later (the table's
 * cart, the pay screens, the back office) import them too, so the bundler alone would give each module its own chunk.
 */
const GUEST_PAGE_KITS = Object.entries({
  // lucide's icon renderer (app/ui/lucide-icon.ts), for the parts loaded after a page's first download: the icons a
  // first download draws come from the stylesheet (docs/decisions/277). First, so no kit below takes it in with an icon
  // of its own.
  icons: /[\\/]app[\\/]ui[\\/]lucide-icon\.ts/,
  // The cart page's lines and checkout form.
  'cart-lines': /[\\/]app[\\/](features[\\/]guest[\\/]cart[\\/]checkout-details\.ts|ui[\\/]LineModifiers\.tsx)|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]trash\.mjs/,
  // The cart and the category page: totals and how the venue is paid.
  'cart-totals': /[\\/](app[\\/]features[\\/]guest[\\/]cart[\\/]cart-totals|shared[\\/]payment-methods)\.ts/,
  // The cart and the AI pages: the order note an AI suggestion leaves and the guest's constraint note.
  'order-notes': /[\\/](app[\\/]features[\\/]guest[\\/]orders[\\/]ai-order-note|shared[\\/]guest-constraint-note)\.ts/,
  // The drink page and the cart: the quantity stepper and its icons.
  quantity: /[\\/]app[\\/]ui[\\/]QuantityStepper\.tsx|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](plus|minus)\.mjs/,
  // The menu and a category: the drink cards, their happy-hour prices, categories and words, a drink's language,
  // whether the venue is paid first.
  'drink-cards': /[\\/](app[\\/](features[\\/]guest[\\/](pricing[\\/]happy-hour\.tsx|menu[\\/](content-lang\.ts|DrinkCard\.tsx))|ui[\\/]DrinkImage\.tsx)|shared[\\/](categories|content-words|pays-first)\.ts)/,
  // The vibe mixer and the AI chat: the AI calls, the options, the conversation kept for the tab.
  'ai-pages': /[\\/](app[\\/](features[\\/]guest[\\/]ai[\\/]api|lib[\\/]session-state)|shared[\\/]ai-options)\.ts/,
  // The guest's sign-in: its calls, the flow's steps and the phone number's format.
  'sign-in': /[\\/]app[\\/]features[\\/]auth[\\/](api|sign-in-flow|phone-format)\.ts/,
  // The venue's clock a happy hour is read by: loaded with a venue that has one (docs/decisions/275).
  'happy-hour-now': /[\\/](app[\\/]features[\\/]venues[\\/]happy-hour-now|shared[\\/](happy-hour|zoned-clock))\.ts/,
}).map(([name, test]) => ({ name, test }));
/**
 * lucide-react's icon modules import its `createLucideIcon`; the client build gives them app/ui/lucide-icon.ts, the
 * same <svg> without the parts the app never uses (docs/decisions/217). Their data loses what that renderer never
 * reads (docs/decisions/275): a React key per shape (six random letters gzip cannot shrink; the shapes are passed as
 * arguments, not a list), the default size, and a bare `__iconData.node;` the minifier keeps.
 */
const LUCIDE_ICON_MODULE = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const smallIcons = (): Plugin => ({
  name: 'barhop:small-icons',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client',
  resolveId(source, importer) {
    if (source === '../createLucideIcon.mjs' && importer && LUCIDE_ICON_MODULE.test(importer)) {
      return fileURLToPath(new URL('./app/ui/lucide-icon.ts', import.meta.url));
    }
    return null;
  },
  transform: {
    filter: { id: LUCIDE_ICON_MODULE },
    handler: (code) => ({ code: code.replace(/,\s*key: "[^"]*"/g, '').replace(/\n {2}size: 24,/, '').replace(/^__iconData\.node;$/m, ''), map: null }),
  },
});

/**
 * The API reference page (/api/reference, served by the Worker: docs/decisions/252) runs Swagger UI from files of our
 * own origin, so it works offline and under the app's Content-Security-Policy: the build copies them from
 * swagger-ui-dist into the static assets under /api-reference/ (beside public/api-reference/reference.js) and
 * `vite dev` serves them from node_modules. No app route imports them.
 */
const REFERENCE_FILES = { 'swagger-ui-bundle.js': 'text/javascript', 'swagger-ui.css': 'text/css', 'swagger-ui-bundle.js.LICENSE.txt': 'text/plain' } as const;
const referenceFile = (name: keyof typeof REFERENCE_FILES) =>
  // Their source maps are not shipped: a comment naming one would make the browser's tools ask for a missing file.
  readFileSync(fileURLToPath(new URL(`./node_modules/swagger-ui-dist/${name}`, import.meta.url)), 'utf8').replace(/\n?\/[/*]# sourceMappingURL=\S+?(\*\/)?\s*$/, '\n');
const apiReferenceAssets = (): Plugin[] => [{
  name: 'barhop:api-reference-assets-dev',
  enforce: 'pre',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      const name = req.url?.match(/^\/api-reference\/([^?]+)/)?.[1];
      if (!name || !(name in REFERENCE_FILES)) return next();
      res.setHeader('Content-Type', REFERENCE_FILES[name as keyof typeof REFERENCE_FILES]);
      res.end(referenceFile(name as keyof typeof REFERENCE_FILES));
    });
  },
}, {
  name: 'barhop:api-reference-assets-build',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  generateBundle() {
    for (const name of Object.keys(REFERENCE_FILES) as (keyof typeof REFERENCE_FILES)[]) {
      this.emitFile({ type: 'asset', fileName: `api-reference/${name}`, source: referenceFile(name) });
    }
  },
}];

/**
 * The macros' messages reach our runtime as plain English text in the app's code (docs/decisions/262): a macro's
 * descriptor `{ id, message, values }` becomes `_(message, values)`, as short as the call it replaced. An English
 * reader says the message as written and never needs the id (a six-letter hash per message cost the guest routes
 * 0.9 KB gzipped); a catalog's reader (app/i18n/lingui.ts) hashes the message back into its id, the way Lingui
 * generates it, once Spanish, French or German is loaded.
 */
type ObjectPath = { node: types.ObjectExpression; parent: types.Node; replaceWith: (node: types.Node) => void };
type ProgramPath = { traverse: (visitor: { ObjectExpression: (path: ObjectPath) => void }) => void };

const isI18nMarked = (node: types.Node) => node.leadingComments?.some((c) => /^\*?\s*i18n\s*$/.test(c.value)) ?? false;

/** A Babel plugin, run after Lingui's macro plugin. */
function linguiMessageOnly({ types: t }: { types: typeof types }) {
  const field = (node: types.ObjectExpression, name: string) => node.properties.find((p): p is types.ObjectProperty => t.isObjectProperty(p) && t.isIdentifier(p.key, { name }));
  return {
    name: 'barhop-lingui-message-only',
    visitor: {
      Program: {
        exit(program: ProgramPath) {
          program.traverse({
            ObjectExpression(path) {
              if (!isI18nMarked(path.node)) return;
              const message = field(path.node, 'message');
              const values = field(path.node, 'values');
              if (!message || !t.isStringLiteral(message.value) || field(path.node, 'context')) return;
              const call = path.parent;
              if (t.isCallExpression(call) && call.arguments.length === 1 && call.arguments[0] === path.node) {
                call.arguments = values ? [message.value, values.value as types.Expression] : [message.value];
              } else if (!values) {
                path.replaceWith(message.value);
              } else {
                path.node.properties = [message, values];
              }
            },
          });
        },
      },
    },
  };
}

/**
 * Lingui (docs/decisions/262): Babel turns the macros into calls of our runtime (app/i18n/i18n.ts), keeping each
 * message's English text, which an English reader reads without a catalog; the plugin compiles a .po catalog the app
 * imports (es, fr, de), so no message compiler ships. The native transform would skip Babel, but its binary needs
 * Node 22 at `npm ci` and CI installs with Node 20.
 */
export const linguiPlugins = (): PluginOption[] => {
  process.env.LINGUI_SUPPRESS_BABEL_WARNING ??= '1';
  const macros = linguiTransformerBabelPreset({ descriptorFields: 'message' });
  macros.preset.plugins.push(linguiMessageOnly);
  return [babel({ presets: [macros] }), ...lingui()];
};

/**
 * The files a guest page's first load always has: the entry (index.html's script and stylesheet), the bundler's
 * runtime, guest-core and the venue's layout. A lazy part's list of files to preload with it leaves them out: each
 * name costs every page that lists it bytes (docs/decisions/275).
 */
const ALWAYS_LOADED = /^assets\/((rolldown-runtime|guest-core|VenueLayout)-[\w-]+\.js|index-[\w-]+\.(js|css))$/;
/**
 * Parts nobody waits for: the venue's socket, the active-order banner and the menu's search (fetched when idle or after
 * the paint), a venue's and the app's error screens (on the event). They list no files to preload, so the pages that
 * fetch them carry no names for them; the browser follows their imports (docs/decisions/277).
 */
const UNAWAITED_PART = /^assets\/(VenueLiveChannel|ActiveOrderBanner|VenueUnavailable|RuntimeErrorScreen|menu-search)-[\w-]+\.js$/;
const BACK_OFFICE_PAGE = /\/app\/features\/(admin|staff|super|diagnostics)\/|\/app\/features\/auth\/LoginPage|\/app\/back-office-routes/;
/** A table's screens (docs/decisions/231): loaded only at a table, so like the back office they list no preloads. */
const TABLE_CHUNK = /\/app\/features\/tables\//;

export default defineConfig({
  // A production build (CLOUDFLARE_ENV=production, `npm run deploy`) leaves out demo-only code (docs/decisions/194);
  // only a build of the local configuration (no CLOUDFLARE_ENV) may run with the committed key (docs/decisions/194).
  define: {
    __BARHOP_DEMO_BUILD__: JSON.stringify(process.env.CLOUDFLARE_ENV !== 'production'),
    __BARHOP_LOCAL_BUILD__: JSON.stringify(!process.env.CLOUDFLARE_ENV),
  },
  plugins: [previewWithoutLocalTraces(), compressLikeTheEdge(), bufferRequestBodies(), smallIcons(), ...apiReferenceAssets(), ...linguiPlugins(), react(), cloudflare({ persistState: { path: process.env.BARHOP_STATE_DIR || '.wrangler/state' }, inspectorPort: inspectorPort() })],
  server: { port, strictPort: true, host: '127.0.0.1' },
  preview: { port, strictPort: true, host: '127.0.0.1' },
  // BARHOP_OUT_DIR lets parallel e2e/bench runs build side by side without clobbering dist/.
  // The guest's first download has a 110 KB gzipped budget (scripts/check-bundle.ts, docs/decisions/219):
  // no modulepreload polyfill (every browser we serve has native modulepreload; 1.1 KB), and the entry
  // lists the chunks to preload beside a lazy page only for guest pages (1 KB): back-office pages, named
  // under assets/back-office/, and a table's screens (assets/tables/, loaded only at a table) fetch their
  // imports when they load.
  build: { manifest: true, sourcemap: false, outDir: process.env.BARHOP_OUT_DIR || 'dist' },
  environments: {
    // The Worker ships as one module: the OpenAPI document's schema converters (hono-openapi) load their vendor
    // adapters with dynamic imports, which would otherwise split it into chunks (docs/decisions/252).
    barhop: { build: { rolldownOptions: { output: { codeSplitting: false } } } },
    client: {
      build: {
        // The bundle check attributes each byte of a guest route's first download to its source from the build's
        // source maps (docs/decisions/268): only a build that asks for them (BARHOP_SOURCEMAP=hidden) writes them,
        // beside the chunks and without a comment in them, so the chunks are byte for byte the shipped ones.
        sourcemap: process.env.BARHOP_SOURCEMAP === 'hidden' ? 'hidden' : false,
        modulePreload: {
          polyfill: false,
          // A guest page's lazy part lists no chunk every guest page has already loaded (docs/decisions/275).
          resolveDependencies: (filename, deps) => (filename.startsWith('assets/back-office/') || filename.startsWith('assets/tables/') || UNAWAITED_PART.test(filename) ? []
            : deps.filter((dep) => !ALWAYS_LOADED.test(dep))),
        },
        rolldownOptions: {
          output: {
            chunkFileNames: (chunk) => (BACK_OFFICE_PAGE.test(chunk.facadeModuleId ?? '') ? 'assets/back-office/[name]-[hash].js'
              : TABLE_CHUNK.test(chunk.facadeModuleId ?? '') ? 'assets/tables/[name]-[hash].js' : 'assets/[name]-[hash].js'),
            codeSplitting: { groups: [{ name: 'guest-core', test: GUEST_CORE }, { name: 'guest-orders', test: GUEST_ORDERS }, ...GUEST_PAGE_KITS] },
          },
        },
      },
    },
  },
});
