// Tenancy by id probing (docs/reliability.md §4). The role × route matrix (role-matrix.test.ts) proves who
// may call what; this suite proves what they can reach with it. Ids of rooftop-lounge's orders,
// drinks, inventory items, staff account, uploaded image and guests' AI interactions, and of
// another guest's order, go through EVERY route that takes a path parameter (read from
// app.routes), as each artisan-bar caller allowed on that route: staff, admin, a super admin
// impersonating the admin, a signed-in guest and a device. Expected for every probe:
//   - never a 2xx, and 403/404 unless the same request with the caller's own id is refused the
//     same way (then validation, not the id, refused it);
//   - none of the foreign object's data in the answer;
//   - the foreign rows and the foreign image unchanged afterwards.
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../shared/ids';
import { DEMO_EMAILS, mintToken, userRow, venueId } from './auth-helpers';
import { call } from './helpers';
import { arbitraryFromJsonSchema, jsonSchemaOf } from './reliability/arbitraries';
import { fillPath, loadCatalogue, type RouteInfo } from './reliability/catalogue';
import { callerTokens, type CallerKind } from './reliability/world';

vi.mock('../../worker/lib/validate', async (importOriginal) =>
  (await import('./reliability/catalogue')).recordingValidate(importOriginal as never));

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));
const PROBING: readonly CallerKind[] = ['staff', 'admin', 'impersonating', 'guest', 'device'];
const GUEST_CALLERS = new Set<CallerKind>(['guest', 'device']);

type Kind = 'order' | 'drink' | 'inventory' | 'staffUser' | 'image' | 'aiInteraction' | 'otherGuestOrder';
type Ids = Record<Kind, string>;

let routes: RouteInfo[] = [];
let foreign: Ids;
let own: Ids;
/** Text that only the foreign objects contain: none of it may appear in an answer. */
let foreignSecrets: string[] = [];
const stats = { probes: 0, routes: 0, statuses: {} as Record<string, number>, publicRoutesSkipped: [] as string[] };

async function upload(token: string) {
  const res = await call('POST', '/api/admin/images?kind=drink', { token, rawBody: PNG, headers: { 'Content-Type': 'image/png' } });
  expect(res.status, res.text).toBe(201);
  return { key: res.json.key as string };
}

async function idsOf(slug: string, adminEmail: string): Promise<Ids> {
  const venue = await venueId(slug);
  const one = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(venue, ...binds).first<{ id: string }>())!.id;
  const image = await upload(await mintToken(adminEmail));
  return {
    order: await one('SELECT id FROM orders WHERE restaurant_id = ? ORDER BY created_at DESC LIMIT 1'),
    drink: await one('SELECT id FROM menu_drinks WHERE restaurant_id = ? LIMIT 1'),
    inventory: await one('SELECT id FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL LIMIT 1'),
    staffUser: await one("SELECT id FROM users WHERE restaurant_id = ? AND role = 'staff' LIMIT 1"),
    image: image.key,
    aiInteraction: await one('SELECT id FROM ai_interactions WHERE restaurant_id = ? LIMIT 1'),
    otherGuestOrder: await one("SELECT id FROM orders WHERE restaurant_id = ? AND status IN ('pending', 'preparing') ORDER BY created_at LIMIT 1"),
  };
}

/** Everything stored about the foreign objects, to compare before and after the probes. */
async function foreignState() {
  const rows = await env.DB.batch([
    env.DB.prepare('SELECT * FROM orders WHERE id IN (?, ?)').bind(foreign.order, foreign.otherGuestOrder),
    env.DB.prepare('SELECT * FROM order_items WHERE order_id IN (?, ?) ORDER BY id').bind(foreign.order, foreign.otherGuestOrder),
    env.DB.prepare('SELECT * FROM menu_drinks WHERE id = ?').bind(foreign.drink),
    env.DB.prepare('SELECT * FROM inventory_items WHERE id = ?').bind(foreign.inventory),
    env.DB.prepare('SELECT * FROM stock_movements WHERE inventory_item_id = ? ORDER BY id').bind(foreign.inventory),
    env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(foreign.staffUser),
    env.DB.prepare('SELECT * FROM ai_interactions WHERE id = ?').bind(foreign.aiInteraction),
  ]);
  const image = await env.IMAGES.head(foreign.image);
  return JSON.stringify({ rows: rows.map((r) => r.results), image: image?.size ?? null });
}

/** A body the route's schema accepts (so a refusal is about the id), or {} when there is none. */
function validBody(route: RouteInfo, seed: number): string | undefined {
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) return undefined;
  const schema = route.schemas.json;
  if (!schema) return '{}';
  const candidates = fc.sample(arbitraryFromJsonSchema(jsonSchemaOf(schema)), { numRuns: 50, seed });
  return JSON.stringify(candidates.find((c) => schema.safeParse(c).success) ?? candidates[0] ?? {});
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  routes = (await loadCatalogue('/api/')).filter((r) => r.params.length > 0 && !r.path.startsWith('/api/live/'));
  foreign = await idsOf('rooftop-lounge', DEMO_EMAILS.admin2);
  own = await idsOf('artisan-bar', DEMO_EMAILS.admin);
  // The other guest's order lives at the caller's own venue (guests are per account, not per venue).
  foreign.otherGuestOrder = own.otherGuestOrder;
  const texts = await env.DB.batch([
    env.DB.prepare('SELECT name AS t FROM menu_drinks WHERE id = ?').bind(foreign.drink),
    env.DB.prepare('SELECT name AS t FROM inventory_items WHERE id = ?').bind(foreign.inventory),
    env.DB.prepare('SELECT email AS t FROM users WHERE id = ?').bind(foreign.staffUser),
    env.DB.prepare('SELECT coalesce(customer_name, display_name, total_cents) AS t FROM orders WHERE id = ?').bind(foreign.order),
  ]);
  foreignSecrets = texts.map((r) => String((r.results[0] as { t: unknown } | undefined)?.t ?? '')).filter((t) => t.length > 3);
}, 60_000);

afterAll(() => {
  vi.restoreAllMocks();
  console.log(`RELIABILITY tenancy ${JSON.stringify(stats)}`);
});

describe('another venue\'s ids through every route that takes an id', () => {
  it('finds the routes with path parameters in app.routes', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(foreignSecrets.length).toBeGreaterThanOrEqual(3);
  });

  it('answers 404/403 and leaks and changes nothing, for every caller and every kind of id', async () => {
    const before = await foreignState();
    const failures: string[] = [];
    let seed = 1;
    for (const route of routes) {
      // Public routes (a drink's page, a venue's menu) show any venue's public data by design.
      const anonymous = await call(route.method, fillPath(route.path, Object.fromEntries(route.params.map((p) => [p, foreign.drink]))));
      if (anonymous.status !== 401 && anonymous.status !== 403) { stats.publicRoutesSkipped.push(`${route.method} ${route.path}`); continue; }
      stats.routes += 1;
      const body = validBody(route, seed++);
      const tokens = await callerTokens();
      for (const who of PROBING) {
        for (const kind of Object.keys(foreign) as Kind[]) {
          // Another guest's order is the staff's own venue's order: only guests must not reach it.
          if (kind === 'otherGuestOrder' && !GUEST_CALLERS.has(who)) continue;
          const probe = await call(route.method, fillPath(route.path, Object.fromEntries(route.params.map((p) => [p, foreign[kind]]))), {
            token: tokens[who], rawBody: body, headers: body ? { 'Content-Type': 'application/json' } : {},
          });
          if (probe.status === 401 || probe.status === 403) {
            // Not this caller's route at all (the role matrix covers that); counted, not compared.
            stats.statuses[probe.status] = (stats.statuses[probe.status] ?? 0) + 1;
            stats.probes += 1;
            continue;
          }
          stats.probes += 1;
          stats.statuses[probe.status] = (stats.statuses[probe.status] ?? 0) + 1;
          const where = `${who} ${route.method} ${route.path} with ${kind}`;
          if (probe.status < 300) failures.push(`${where}: reached it (${probe.status}) ${probe.text.slice(0, 160)}`);
          const leaked = foreignSecrets.filter((s) => probe.text.includes(s));
          if (leaked.length) failures.push(`${where}: answer contains ${leaked.join(', ')}`);
          if (probe.status >= 300 && probe.status !== 404 && probe.status !== 403) {
            const control = await call(route.method, fillPath(route.path, Object.fromEntries(route.params.map((p) => [p, kind === 'otherGuestOrder' ? newId() : own[kind]]))), {
              token: tokens[who], rawBody: body, headers: body ? { 'Content-Type': 'application/json' } : {},
            });
            if (control.status !== probe.status) failures.push(`${where}: ${probe.status} (own id: ${control.status}) — the answer tells the id exists elsewhere`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await foreignState()).toBe(before);
    expect(stats.probes).toBeGreaterThan(300);
  }, 300_000);

  it('the probes could fail: the same routes with the caller\'s own ids do reach the objects', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const staff = await mintToken(DEMO_EMAILS.staff);
    expect((await call('GET', `/api/admin/menu-drinks/${own.drink}`, { token: admin })).status).toBe(200);
    expect((await call('GET', `/api/staff/inventory/${own.inventory}/movements`, { token: staff })).status).toBe(200);
    expect((await call('GET', `/api/admin/menu-drinks/${foreign.drink}`, { token: admin })).status).toBe(404);
    // A super admin (not impersonating) may reach any venue's object: the one exception.
    const superadmin = await mintToken(DEMO_EMAILS.superadmin);
    const rooftop = await venueId('rooftop-lounge');
    expect((await call('GET', `/api/admin/menu-drinks/${foreign.drink}?restaurant_id=${rooftop}`, { token: superadmin })).status).toBe(200);
    // The foreign image is still served, and its owner can still delete it.
    expect((await call('GET', `/images/${foreign.image}`)).status).toBe(200);
    expect((await call('DELETE', `/api/admin/images/${foreign.image}`, { token: await mintToken(DEMO_EMAILS.admin2) })).status).toBe(200);
    expect(await userRow(DEMO_EMAILS.staff2)).toBeTruthy();
  });
});
