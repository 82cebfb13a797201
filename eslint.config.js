import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// App layers (docs/decisions/177): shared features serve the audiences' screens, never the other way round, and an
// audience never reaches into another's screens; app/lib and app/ui serve every feature.
const SHARED_FEATURES = ['auth', 'orders', 'venues', 'audit', 'diagnostics'].map((name) => `./app/features/${name}`);
const AUDIENCES = ['guest', 'staff', 'admin', 'super'];
const AUDIENCE_FEATURES = AUDIENCES.map((name) => `./app/features/${name}`);
const featureZones = [
  { target: SHARED_FEATURES, from: AUDIENCE_FEATURES, message: 'A shared feature never imports an audience\'s screens: move the piece both need into the shared feature.' },
  ...AUDIENCES.map((name) => ({
    target: `./app/features/${name}`,
    from: AUDIENCE_FEATURES.filter((from) => from !== `./app/features/${name}`),
    message: 'An audience never imports another audience\'s screens: move the piece both need into a shared feature.',
  })),
  { target: ['./app/lib', './app/ui'], from: './app/features', message: 'app/lib and app/ui serve every feature and import none.' },
];

// Worker domains (docs/decisions/259): every folder of worker/ but lib and db, each owning its URL prefixes. Code
// outside a domain, every other domain included, imports it only through its index.ts; worker/app.ts also imports its
// route files to mount them, and the Worker's entry (worker/index.ts) its Durable Object classes to export them. An
// index exports only what other domains use, so entering one never closes an import cycle (no-cycle below). Tests,
// scripts and bench may import inner files (they lint outside worker/).
const WORKER = path.join(import.meta.dirname, 'worker');
const NOT_DOMAINS = new Set(['lib', 'db']);
const DOMAINS = readdirSync(WORKER, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !NOT_DOMAINS.has(entry.name)).map((entry) => entry.name);
const ENTRY_FILES = new Set(['app.ts', 'index.ts']);
const ROOT_FILES = readdirSync(WORKER, { withFileTypes: true }).filter((entry) => entry.isFile() && !ENTRY_FILES.has(entry.name)).map((entry) => `./worker/${entry.name}`);
// The Durable Object classes, by domain: the runtime instantiates them from the Worker's entry, and nothing else does.
const DURABLE_OBJECTS = { live: ['./venue-hub.ts'] };
// worker/db/seed builds the seed in Node: an index would pull Worker-only modules into it, so it keeps its inner imports.
const DB_FILES = readdirSync(path.join(WORKER, 'db'), { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => `./worker/db/${entry.name}`);
const routeFilesOf = (domain) => readdirSync(path.join(WORKER, domain)).filter((name) => /^(routes|[a-z-]+\.routes)\.ts$/.test(name)).map((name) => `./${name}`);
const domainZones = DOMAINS.flatMap((domain) => [
  {
    target: [
      ...DOMAINS.filter((other) => other !== domain).map((other) => `./worker/${other}`),
      './worker/lib', ...DB_FILES, ...ROOT_FILES,
    ],
    from: `./worker/${domain}`,
    except: ['./index.ts'],
    message: `Another domain's inner file: import worker/${domain}/index.ts (docs/decisions/259).`,
  },
  {
    target: './worker/app.ts',
    from: `./worker/${domain}`,
    except: ['./index.ts', ...routeFilesOf(domain)],
    message: `worker/app.ts mounts route files; anything else of worker/${domain} comes through its index.ts (docs/decisions/259).`,
  },
  {
    target: './worker/index.ts',
    from: `./worker/${domain}`,
    except: ['./index.ts', ...(DURABLE_OBJECTS[domain] ?? [])],
    message: `The Worker's entry exports Durable Object classes; anything else of worker/${domain} comes through its index.ts (docs/decisions/259).`,
  },
]);
// The tables call payments (a tab's card money); payments never imports the tables (docs/decisions/259).
const paymentZones = [{ target: './worker/payments', from: './worker/tables', message: 'Payments never imports the tables: the tables call payments through worker/payments/index.ts.' }];

const ROUTE_FILE = '(^|/)(routes|[a-z-]+\\.routes)$';

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', '.wrangler', 'worker-configuration.d.ts', 'playwright-report', 'test-results', 'migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A domain never imports a route file: only worker/app.ts assembles routes (README "Layout"), from one sub-app per
    // mount path; a domain's route file may join its own folder's sub-apps into that one (docs/decisions/259).
    files: ['worker/**/*.ts'],
    ignores: ['worker/app.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: ROUTE_FILE, message: 'Routes are assembled in worker/app.ts only; import the service instead.' }] }],
    },
  },
  {
    files: ['worker/**/routes.ts', 'worker/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^(?!\\./(routes|[a-z-]+\\.routes)$).*${ROUTE_FILE}`, message: 'A route file joins only its own folder\'s sub-apps; worker/app.ts assembles the rest.' }] }],
    },
  },
  {
    // No import cycle anywhere (docs/decisions/177): a module two others need lives where both import it.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }], 'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...domainZones, ...paymentZones] }] },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
