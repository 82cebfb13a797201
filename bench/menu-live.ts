// Menu change → open guest menu: `npm run bench:menu-live` (see bench/README.md, docs/decisions/154).
//
// Starts the production build with scripts/e2e-server.sh on its own port, state and out dir (or attaches
// to BENCH_URL), opens BENCH_MENUS guest menus on The Artisan Bar (a guest WebSocket each, as a venue page
// holds), then an admin switches one drink off and on BENCH_CHANGES times. Each open menu does what the app
// does on `menu_changed`: reads the menu again. Measured per menu and change: from sending the admin's write
// to (a) the `menu_changed` message and (b) the menu read that no longer (or again) lists the drink.
import { pathToFileURL } from 'node:url';
import {
  envNumber, guestToken, loadVenue, percentiles, queryLocal, staffToken, withBenchTarget, writeResult, type StaffUser,
} from './harness';

const SLUG = 'artisan-bar';

type OpenMenu = { ws: WebSocket; onChange: (() => void) | null };

async function openMenus(baseUrl: string, venueId: string, count: number): Promise<OpenMenu[]> {
  return Promise.all(Array.from({ length: count }, async (_, i) => {
    const token = await guestToken();
    return new Promise<OpenMenu>((resolve, reject) => {
      const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live/venues/${venueId}?token=${encodeURIComponent(token)}`);
      const menu: OpenMenu = { ws, onChange: null };
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { type: string };
        if (message.type === 'hello') resolve(menu);
        if (message.type === 'menu_changed') menu.onChange?.();
      };
      ws.onerror = () => reject(new Error(`menu socket ${i} failed`));
    });
  }));
}

const lists = async (baseUrl: string, drinkId: string) =>
  ((await (await fetch(`${baseUrl}/api/venues/${SLUG}/drinks`)).json()) as { drinks: { id: string }[] }).drinks.some((d) => d.id === drinkId);

export async function menuLivePhase(baseUrl: string, stateDir: string, admin: StaffUser, menus: number, changes: number) {
  const venue = await loadVenue(baseUrl, SLUG);
  const drinkId = venue.drinks.at(-1)!;
  const token = await staffToken(admin, stateDir);
  const open = await openMenus(baseUrl, venue.id, menus);
  const toEvent: number[] = [];
  const toMenu: number[] = [];
  let stale = 0;
  for (let i = 0; i < changes; i++) {
    const available = i % 2 === 1;
    const started = performance.now();
    const seen = open.map((menu) => new Promise<void>((resolve) => {
      menu.onChange = () => {
        menu.onChange = null;
        toEvent.push(performance.now() - started);
        void lists(baseUrl, drinkId).then((listed) => {
          if (listed === available) toMenu.push(performance.now() - started);
          else stale++;
          resolve();
        });
      };
    }));
    const res = await fetch(`${baseUrl}/api/admin/menu-drinks/${drinkId}/availability`, {
      method: 'PATCH', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ enabled: available }),
    });
    if (!res.ok) throw new Error(`availability change answered ${res.status}`);
    await Promise.race([Promise.all(seen), new Promise((r) => setTimeout(r, 5_000))]);
  }
  for (const menu of open) menu.ws.close();
  return {
    open_menus: open.length,
    changes,
    /** Admin write sent → menu_changed on an open menu's socket. */
    change_to_event_ms: percentiles(toEvent),
    /** Admin write sent → that menu's next read shows the change (what the guest sees). */
    change_to_menu_ms: percentiles(toMenu),
    /** Reads after the event that still showed the old menu (0 expected with one isolate). */
    stale_reads: stale,
  };
}

async function main() {
  const stateDir = process.env.BARHOP_STATE_DIR ?? '.wrangler/bench-menu-live-state';
  await withBenchTarget(4392, stateDir, async (baseUrl) => {
    const [admin] = queryLocal<StaffUser>(stateDir, `select id, role, restaurant_id, claims_version from users where email = 'admin@barhop.dev'`);
    const result = await menuLivePhase(baseUrl, stateDir, admin!, envNumber('BENCH_MENUS', 50), envNumber('BENCH_CHANGES', 40));
    const report = { target: baseUrl, at: new Date().toISOString(), node: process.version, menu_live: result };
    console.log(writeResult(`menu-live-${report.at.replace(/[:.]/g, '-')}.json`, report));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
