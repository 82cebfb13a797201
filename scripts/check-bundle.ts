// Bundle budgets (docs/decisions/268, amending 219). Reads the Vite manifest and source maps of a production build
// and fails when a guest route's own code (what its first download carries beyond the fixed stack: React, the router,
// TanStack Query) passes its budget, when the whole first download passes its cap, or when a back-office area
// (admin, staff, super) is not lazily loaded. Part of `npm run check` (`npm run check:bundle` builds into dist-check
// with hidden source maps and runs this script).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIXED_STACK, gzipShareBySource, type SourceMap } from './bundle-sources';

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The target for a guest route's own code in its first download, gzipped (docs/decisions/268): the bench reports it. */
export const OWN_CODE_TARGET_KB = 10;
/**
 * What check:bundle fails past: the target, held since every icon a first download draws came from the stylesheet, the
 * error screen and the parts nobody waits for stopped being named in the first download, and the back office's
 * constants left the guest's (docs/decisions/277): the menu measures 9.6 KB, every other route under 9.
 */
export const OWN_CODE_BUDGET_KB = OWN_CODE_TARGET_KB;
/**
 * A cap on a route's whole first download, so the fixed stack cannot grow unseen (docs/decisions/268): the fixed stack
 * as measured (92.3 KB, rounded up to 92.5) plus the own-code budget.
 */
export const GUEST_ROUTE_CAP_KB = 102.5;
const VENUE_LAYOUT = 'app/features/guest/venue/VenueLayout.tsx';
/** Guest routes: the pages a guest's browser loads to render them (app/routes.tsx). */
const GUEST_ROUTES: Record<string, string[]> = {
  '/': ['app/features/venues/VenuePickerPage.tsx'],
  '/venue/:slug': [VENUE_LAYOUT, 'app/features/guest/menu/MenuPage.tsx'],
  '/venue/:slug/category/:categorySlug': [VENUE_LAYOUT, 'app/features/guest/menu/CategoryPage.tsx'],
  '/venue/:slug/drink/:drinkId': [VENUE_LAYOUT, 'app/features/guest/drink/DrinkPage.tsx'],
  '/venue/:slug/cart': [VENUE_LAYOUT, 'app/features/guest/cart/CartPage.tsx'],
  '/venue/:slug/order/:orderId': [VENUE_LAYOUT, 'app/features/guest/orders/OrderStatusPage.tsx'],
  '/venue/:slug/order-confirmation': [VENUE_LAYOUT, 'app/features/guest/orders/OrderConfirmationPage.tsx'],
  '/venue/:slug/vibe': [VENUE_LAYOUT, 'app/features/guest/ai/VibeMixerPage.tsx'],
  '/venue/:slug/ai': [VENUE_LAYOUT, 'app/features/guest/ai/ChatPage.tsx'],
  '/venue/:slug/auth': [VENUE_LAYOUT, 'app/features/guest/venue/GuestSignInPage.tsx'],
  '/venue/:slug/me': [VENUE_LAYOUT, 'app/features/guest/profile/ProfilePage.tsx'],
};
const BACK_OFFICE_AREAS = ['app/features/admin/', 'app/features/staff/', 'app/features/super/'];
/**
 * The card screens, the pay screen (docs/decisions/222) and the hold screen (213): Stripe's loader and the card form
 * they share come with them, and with no other guest route.
 */
const PAY_PAGE = 'app/features/tables/PayCardPage.tsx';
const HOLD_PAGE = 'app/features/tables/HoldCardPage.tsx';
/** A solo order paid first (docs/decisions/241): the checkout's pay screen, the third card screen. */
const CHECKOUT_PAY_PAGE = 'app/features/guest/cart/PayFirstPage.tsx';
const CARD_SCREENS = { pay_screen_kb_gzip: PAY_PAGE, hold_screen_kb_gzip: HOLD_PAGE, checkout_pay_screen_kb_gzip: CHECKOUT_PAY_PAGE } as const;
const CARD_CODE = [PAY_PAGE, HOLD_PAGE, CHECKOUT_PAY_PAGE, 'app/features/tables/card-element.tsx'];
/**
 * The card form both screens import is a shared chunk the manifest names by its module, not its path; wherever the
 * bundler puts Stripe's loader, its chunk carries Stripe.js's address.
 */
const STRIPE_LOADER_MARK = 'js.stripe.com';
const isCardCode = (key: string) => CARD_CODE.includes(key) || key.includes('node_modules/@stripe/') || manifest[key]?.name === 'card-element'
  || readFileSync(path.join(clientDir, manifest[key]!.file), 'utf8').includes(STRIPE_LOADER_MARK);

const outDir = process.env.BARHOP_OUT_DIR || 'dist';
const clientDir = path.join(outDir, 'client');
const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** Every chunk statically reachable from the given manifest keys (what the browser fetches up front). */
function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

const gzipBytes = new Map<string, number>();
const gzipKb = (key: string) => {
  const file = manifest[key]!.file;
  if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(path.join(clientDir, file))).length);
  return gzipBytes.get(file)! / 1024;
};
const round = (kb: number) => Math.round(kb * 10) / 10;

const BUNDLER_RUNTIME = /(^|\/)rolldown-runtime-[^/]*\.js$/;
const BUNDLER_RUNTIME_SOURCE = '(bundler runtime)';
const isFixedStack = (source: string) => source === BUNDLER_RUNTIME_SOURCE || FIXED_STACK.test(source);
/** Each source's estimated share of a chunk's gzipped bytes, from the chunk's source map. */
const sharesByChunk = new Map<string, Map<string, number>>();
const gzipShares = (key: string) => {
  const file = manifest[key]!.file;
  if (!sharesByChunk.has(file)) {
    const mapFile = path.join(clientDir, `${file}.map`);
    // The bundler's own runtime (CommonJS interop, which React's modules need) comes with no map.
    if (!existsSync(mapFile) && BUNDLER_RUNTIME.test(file)) {
      sharesByChunk.set(file, new Map([[BUNDLER_RUNTIME_SOURCE, gzipKb(key) * 1024]]));
      return sharesByChunk.get(file)!;
    }
    if (!existsSync(mapFile)) throw new Error(`${mapFile} is missing: build with BARHOP_SOURCEMAP=hidden (npm run check:bundle does)`);
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap;
    sharesByChunk.set(file, gzipShareBySource(readFileSync(path.join(clientDir, file), 'utf8'), map, gzipKb(key) * 1024));
  }
  return sharesByChunk.get(file)!;
};
/** A source's path without the bundle's relative prefix, e.g. app/features/guest/menu/MenuPage.tsx. */
const sourceName = (source: string) => source.replace(/^(\.\.\/)+/, '');

const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
if (!entry) throw new Error('No entry chunk in the Vite manifest');

const failures: string[] = [];
const routes = Object.entries(GUEST_ROUTES).map(([route, pages]) => {
  const missing = pages.filter((p) => !manifest[p]);
  if (missing.length) failures.push(`${route}: ${missing.join(', ')} not in the build`);
  const chunks = staticClosure([entry, ...pages]);
  const kb = [...chunks].reduce((sum, key) => sum + gzipKb(key), 0);
  const own = new Map<string, number>();
  for (const key of chunks) {
    for (const [source, bytes] of gzipShares(key)) {
      if (!isFixedStack(source)) own.set(sourceName(source), (own.get(sourceName(source)) ?? 0) + bytes / 1024);
    }
  }
  const ownKb = [...own.values()].reduce((sum, n) => sum + n, 0);
  const leaked = [...chunks].filter((key) => BACK_OFFICE_AREAS.some((area) => key.startsWith(area)));
  if (ownKb > OWN_CODE_BUDGET_KB) failures.push(`${route} carries ${ownKb.toFixed(1)} KB gzipped of its own code beyond the fixed stack (budget ${OWN_CODE_BUDGET_KB} KB)`);
  if (kb > GUEST_ROUTE_CAP_KB) failures.push(`${route} needs ${kb.toFixed(1)} KB gzipped of JavaScript (cap ${GUEST_ROUTE_CAP_KB} KB)`);
  if (leaked.length) failures.push(`${route} downloads back-office code: ${leaked.join(', ')}`);
  const card = [...chunks].filter(isCardCode);
  if (card.length) failures.push(`${route} downloads the pay screen's card code: ${card.join(', ')}`);
  const largest = [...chunks].sort((a, b) => gzipKb(b) - gzipKb(a)).slice(0, 3).map((key) => `${manifest[key]!.file} ${round(gzipKb(key))}`);
  const largestOwn = [...own].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([source, n]) => `${source} ${round(n)}`);
  return { route, own_code_kb_gzip: round(ownKb), fixed_stack_kb_gzip: round(kb - ownKb), initial_js_kb_gzip: round(kb), chunks: chunks.size, largest, largest_own: largestOwn };
});

// Lazily loaded: no module of a back-office area is in the entry's static closure, and each area's
// modules are reachable only through a dynamic import.
const entryClosure = staticClosure([entry]);
const dynamicTargets = new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []));
const areas = BACK_OFFICE_AREAS.map((area) => {
  const inEntry = [...entryClosure].filter((key) => key.startsWith(area));
  const lazyPages = [...dynamicTargets].filter((key) => key.startsWith(area));
  if (inEntry.length) failures.push(`${area} is in the entry chunk's static imports: ${inEntry.join(', ')}`);
  if (!lazyPages.length) failures.push(`${area} has no lazily loaded page`);
  return { area, lazy: inEntry.length === 0 && lazyPages.length > 0, lazy_pages: lazyPages.length };
});

// Each card screen's own download: what its page adds to the venue's layout a guest already has.
const cardScreens: Record<string, number | null> = {};
for (const [name, page] of Object.entries(CARD_SCREENS)) {
  cardScreens[name] = null;
  if (!manifest[page]) failures.push(`${page} is not in the build`);
  else {
    const before = staticClosure([entry, VENUE_LAYOUT]);
    cardScreens[name] = round([...staticClosure([page])].filter((key) => !before.has(key)).reduce((sum, key) => sum + gzipKb(key), 0));
    if (entryClosure.has(page)) failures.push(`${page} is in the entry chunk's static imports`);
    if (!dynamicTargets.has(page)) failures.push(`${page} is not a lazily loaded page of its own`);
  }
}

// The maps served their measure: the build left behind is shaped like production's (CI serves it to the e2e suite,
// whose security check finds no source map, tests/e2e/security.spec.ts).
for (const file of readdirSync(clientDir, { recursive: true }).map(String)) {
  if (file.endsWith('.map')) rmSync(path.join(clientDir, file));
}

console.log(JSON.stringify({
  own_code_target_kb_gzip: OWN_CODE_TARGET_KB,
  own_code_budget_kb_gzip: OWN_CODE_BUDGET_KB,
  cap_kb_gzip: GUEST_ROUTE_CAP_KB,
  entry_kb_gzip: round(gzipKb(entry)),
  guest_routes: routes,
  back_office: areas,
  ...cardScreens,
}, null, 2));

if (failures.length) {
  console.error(`Bundle budget exceeded:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.error(`Bundle budgets hold: most own code on a guest route ${Math.max(...routes.map((r) => r.own_code_kb_gzip))} KB gzipped of ${OWN_CODE_BUDGET_KB} KB; largest route ${Math.max(...routes.map((r) => r.initial_js_kb_gzip))} KB of ${GUEST_ROUTE_CAP_KB} KB; admin, staff and super load lazily.`);
