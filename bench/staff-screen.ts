// HTTP requests the bar screen makes per placed order: `npm run bench:staff-screen` (bench/README.md,
// docs/decisions/154). Also run as a phase of `npm run bench`.
//
// Starts the production build (or attaches to BENCH_URL), signs the demo bartender in on Chromium and opens
// the Active Orders screen of The Artisan Bar. Once its live socket says Live and its first reads are done,
// BENCH_SCREEN_ORDERS orders are placed through the API, one at a time, each waited for on screen (the
// Undelivered tile counts it), then the same orders are delivered by another staff session. Every request
// the page makes to /api meanwhile is counted: in steady state the live events are the screen's only input.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { envNumber, guestToken, loadVenue, queryLocal, round2, staffToken, withBenchTarget, writeResult, type StaffUser } from './harness';

const SLUG = 'artisan-bar';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function undelivered(page: Page) {
  return Number(await page.getByTestId('undelivered-count').textContent());
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

export async function staffScreenPhase(baseUrl: string, stateDir: string, orders: number) {
  const venue = await loadVenue(baseUrl, SLUG);
  const [bartender] = queryLocal<StaffUser>(stateDir, `select id, role, restaurant_id, claims_version from users where email = 'staff@barhop.dev'`);
  const otherStaff = await staffToken(bartender!, stateDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill('staff@barhop.dev');
    await page.getByLabel('Password').fill('barhop-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/staff/);
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    await page.getByTestId('undelivered-count').waitFor();
    // The first reads (queue, menu) are over before counting starts.
    await page.waitForLoadState('networkidle');

    const requests: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) requests.push(`${req.method()} ${url.pathname}`);
    });
    const placed: string[] = [];
    let shownPlaced = 0;
    for (let i = 0; i < orders; i++) {
      const before = await undelivered(page);
      const res = await fetch(`${baseUrl}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await guestToken()}`, 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({ slug: SLUG, items: [{ menu_drink_id: venue.drinks[i % venue.drinks.length], quantity: 1 }] }),
      });
      const body = await res.json() as { id?: string };
      if (!res.ok || !body.id) throw new Error(`placement answered ${res.status}`);
      placed.push(body.id);
      if (await waitFor(async () => (await undelivered(page)) === before + 1, 5_000)) shownPlaced++;
    }
    const afterPlacing = requests.length;
    let shownDelivered = 0;
    for (const id of placed) {
      const before = await undelivered(page);
      const res = await fetch(`${baseUrl}/api/staff/orders/${id}/status`, {
        method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${otherStaff}` }, body: JSON.stringify({ status: 'delivered' }),
      });
      if (!res.ok) throw new Error(`delivery answered ${res.status}`);
      if (await waitFor(async () => (await undelivered(page)) === before - 1, 5_000)) shownDelivered++;
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const byPath = new Map<string, number>();
    for (const r of requests) byPath.set(r, (byPath.get(r) ?? 0) + 1);
    return {
      orders,
      /** Placements the screen showed (its Undelivered tile moved) within 5 s each. */
      shown_placed: shownPlaced,
      shown_delivered: shownDelivered,
      requests_while_placing: afterPlacing,
      requests_while_delivering: requests.length - afterPlacing,
      /** The figure: HTTP requests the staff screen made per placed order (placement and delivery events). */
      requests_per_order: round2(requests.length / orders),
      requests_by_path: Object.fromEntries(byPath),
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  const stateDir = process.env.BARHOP_STATE_DIR ?? '.wrangler/bench-staff-screen-state';
  await withBenchTarget(4393, stateDir, async (baseUrl) => {
    const result = await staffScreenPhase(baseUrl, stateDir, envNumber('BENCH_SCREEN_ORDERS', 20));
    const report = { target: baseUrl, at: new Date().toISOString(), node: process.version, staff_screen: result };
    console.log(JSON.stringify(result, null, 2));
    console.log(writeResult(`staff-screen-${report.at.replace(/[:.]/g, '-')}.json`, report));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
