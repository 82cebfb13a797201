// Bundle budgets (issue: performance). Reads the Vite manifest of a production build and fails when the
// JavaScript a guest downloads to open a venue menu grows past its budget, or when a back-office area
// leaks into the guest's initial download.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const GUEST_MENU_BUDGET_KB = 110;
/** The pages a guest loads to see /venue/{slug}: the entry plus the lazily loaded layout and menu. */
const GUEST_MENU_PAGES = ['app/features/guest/venue/VenueLayout.tsx', 'app/features/guest/menu/MenuPage.tsx'];
const BACK_OFFICE_AREAS = ['app/features/admin/', 'app/features/staff/', 'app/features/super/'];

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

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(clientDir, file))).length / 1024;

const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
if (!entry) throw new Error('No entry chunk in the Vite manifest');
const guestChunks = staticClosure([entry, ...GUEST_MENU_PAGES.filter((p) => manifest[p])]);
const guestKb = [...guestChunks].reduce((sum, key) => sum + gzipKb(manifest[key]!.file), 0);

const leaked = [...guestChunks].filter((key) => BACK_OFFICE_AREAS.some((area) => key.startsWith(area)));
const areasLazy = BACK_OFFICE_AREAS.every((area) => !staticClosure([entry]).has(area));

const report = {
  guest_menu_initial_js_kb_gzip: Number(guestKb.toFixed(1)),
  budget_kb_gzip: GUEST_MENU_BUDGET_KB,
  chunks: guestChunks.size,
  back_office_in_guest_download: leaked,
};
console.log(JSON.stringify(report));

if (guestKb > GUEST_MENU_BUDGET_KB || leaked.length > 0 || !areasLazy) {
  console.error(`Bundle budget exceeded: guest menu needs ${guestKb.toFixed(1)} KB gzipped (budget ${GUEST_MENU_BUDGET_KB} KB)` +
    (leaked.length ? `; back-office code in the guest download: ${leaked.join(', ')}` : ''));
  process.exit(1);
}
