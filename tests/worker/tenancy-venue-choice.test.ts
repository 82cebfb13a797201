// Tenancy by venue choice (docs/decisions/119). Only a super admin names the venue
// with `restaurant_id`; an admin or staff member of rooftop-lounge who sends artisan-bar's id, in the
// query and in the body, still sees and changes only rooftop-lounge. Every parameterless GET under
// /api/admin, /api/staff and /api/ai/admin is read from app.routes, so a list route added later is
// checked without editing this file; creates and updates are sent with valid bodies.
// reliability-tenancy.test.ts probes foreign ids without restaurant_id; this suite adds the choice.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { DEMO_EMAILS, mintToken, venueId } from './auth-helpers';
import { call } from './helpers';

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));
const SCOPED = /^\/api\/(admin|staff|ai\/admin)\//;
/** Routes that read or write no venue's data (the caller's own account). */
const NOT_VENUE_SCOPED = new Set(['/api/admin/auth/me']);

type Caller = 'admin' | 'staff';
let artisan: string;
let rooftop: string;
const tokens = {} as Record<Caller | 'superadmin', string>;

/** An answer without its clock readings (analytics windows end "now"), for comparing two requests. */
const comparable = (text: string) => text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<instant>');

const withVenue = (path: string, venue: string) => `${path}${path.includes('?') ? '&' : '?'}restaurant_id=${venue}`;

/** Parameterless routes of a method under the venue-scoped prefixes, from app.routes. */
function scopedRoutes(method: string): string[] {
  return [...new Set(app.routes.filter((r) => r.method === method && SCOPED.test(r.path) && !r.path.includes(':') && !NOT_VENUE_SCOPED.has(r.path)).map((r) => r.path))].sort();
}

/** Everything stored for a venue that an admin or staff member can change through these routes. */
async function venueState(venue: string) {
  const rows = await env.DB.batch([
    env.DB.prepare('SELECT * FROM venues WHERE id = ?').bind(venue),
    env.DB.prepare('SELECT * FROM menu_drinks WHERE restaurant_id = ? ORDER BY id').bind(venue),
    env.DB.prepare('SELECT di.* FROM drink_ingredients di JOIN menu_drinks d ON d.id = di.menu_drink_id WHERE d.restaurant_id = ? ORDER BY di.id').bind(venue),
    env.DB.prepare('SELECT * FROM inventory_items WHERE restaurant_id = ? ORDER BY id').bind(venue),
    env.DB.prepare('SELECT m.* FROM stock_movements m JOIN inventory_items i ON i.id = m.inventory_item_id WHERE i.restaurant_id = ? ORDER BY m.id').bind(venue),
    env.DB.prepare('SELECT id, status, payment_status, updated_at FROM orders WHERE restaurant_id = ? ORDER BY id').bind(venue),
    env.DB.prepare('SELECT * FROM ai_settings WHERE restaurant_id = ?').bind(venue),
  ]);
  const images = await env.IMAGES.list({ prefix: `venues/${venue}/` });
  return JSON.stringify({ rows: rows.map((r) => r.results), images: images.objects.map((o) => o.key) });
}

const one = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<T>())!;

beforeAll(async () => {
  artisan = await venueId('artisan-bar');
  rooftop = await venueId('rooftop-lounge');
  tokens.admin = await mintToken(DEMO_EMAILS.admin2);
  tokens.staff = await mintToken(DEMO_EMAILS.staff2);
  tokens.superadmin = await mintToken(DEMO_EMAILS.superadmin);
});

describe("an admin's or staff member's restaurant_id names no venue", () => {
  it('every list route answers exactly what it answers without restaurant_id', async () => {
    const routes = scopedRoutes('GET');
    expect(routes.length).toBeGreaterThan(10);
    const differences: string[] = [];
    const checked: Record<Caller, number> = { admin: 0, staff: 0 };
    for (const path of routes) {
      for (const who of ['admin', 'staff'] as const) {
        const own = await call('GET', path, { token: tokens[who] });
        if (own.status === 401 || own.status === 403) continue; // not this role's route (role-matrix.test.ts)
        expect(own.status, `${who} GET ${path}: ${own.text.slice(0, 200)}`).toBe(200);
        checked[who] += 1;
        const chosen = await call('GET', withVenue(path, artisan), { token: tokens[who] });
        if (chosen.status !== own.status || comparable(chosen.text) !== comparable(own.text)) {
          differences.push(`${who} GET ${path}?restaurant_id=<artisan-bar>: ${chosen.status} ${chosen.text.slice(0, 120)}`);
        }
      }
    }
    expect(differences).toEqual([]);
    expect(checked.admin).toBeGreaterThan(10);
    expect(checked.staff).toBeGreaterThanOrEqual(5);
  });

  it('the comparison has teeth: a super admin choosing artisan-bar gets another answer on the venue lists', async () => {
    const distinct: string[] = [];
    for (const path of scopedRoutes('GET')) {
      const rooftopAnswer = await call('GET', withVenue(path, rooftop), { token: tokens.superadmin });
      const artisanAnswer = await call('GET', withVenue(path, artisan), { token: tokens.superadmin });
      if (rooftopAnswer.status === 200 && artisanAnswer.status === 200 && comparable(rooftopAnswer.text) !== comparable(artisanAnswer.text)) distinct.push(path);
    }
    for (const path of ['/api/admin/menu-drinks', '/api/admin/inventory', '/api/admin/venue', '/api/admin/orders', '/api/staff/orders', '/api/staff/inventory', '/api/staff/menu']) {
      expect(distinct).toContain(path);
    }
  });

  it('creates and updates with restaurant_id in the query and the body land at the caller\'s venue; artisan-bar is untouched', async () => {
    const before = await venueState(artisan);
    const q = (path: string) => withVenue(path, artisan);
    const foreign = { restaurant_id: artisan };

    // Admin: a menu drink, an inventory item, the venue profile, a photo, the AI settings.
    const drink = await call('POST', q('/api/admin/menu-drinks'), { token: tokens.admin, body: { ...foreign, name: 'Tenancy Spritz', price_cents: 1100 } });
    expect(drink.status, drink.text).toBe(201);
    expect(drink.json.drink.restaurant_id).toBe(rooftop);
    const item = await call('POST', q('/api/admin/inventory'), { token: tokens.admin, body: { ...foreign, name: 'Tenancy Gin', quantity: 3 } });
    expect(item.status, item.text).toBe(201);
    expect(item.json.item.restaurant_id).toBe(rooftop);
    const profile = (await call('GET', '/api/admin/venue', { token: tokens.admin })).json.venue;
    const venueUpdate = await call('PUT', q('/api/admin/venue'), {
      token: tokens.admin,
      body: {
        ...foreign, name: profile.name, description: 'Changed through the tenancy suite', address: profile.address ?? '', phone: profile.phone ?? null,
        opening_hours: profile.opening_hours ?? '', timezone: profile.timezone, theme_colors: profile.theme_colors,
        logo_url: profile.logo_url ?? null, cover_image_url: profile.cover_image_url ?? null, tax_rate_bp: profile.tax_rate_bp,
      },
    });
    expect(venueUpdate.status, venueUpdate.text).toBe(200);
    expect(venueUpdate.json.venue.id).toBe(rooftop);
    expect((await one<{ description: string }>('SELECT description FROM venues WHERE id = ?', rooftop)).description).toBe('Changed through the tenancy suite');
    const image = await call('POST', q('/api/admin/images?kind=drink'), { token: tokens.admin, rawBody: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(image.status, image.text).toBe(201);
    expect(image.json.key.startsWith(`venues/${rooftop}/`)).toBe(true);
    const settings = await call('POST', q('/api/ai/admin/settings'), { token: tokens.admin, body: { ...foreign, temperature: 0.3, max_tokens: 300, creativity_level: 'conservative' } });
    expect(settings.status, settings.text).toBe(200);
    expect(await one('SELECT temperature FROM ai_settings WHERE restaurant_id = ?', rooftop)).toEqual({ temperature: 0.3 });

    // Staff: an inventory item for an ingredient neither venue stocks yet.
    const ingredient = await one<{ id: string }>(
      'SELECT id FROM ingredients WHERE id NOT IN (SELECT ingredient_id FROM inventory_items WHERE ingredient_id IS NOT NULL AND restaurant_id IN (?, ?)) ORDER BY name LIMIT 1', artisan, rooftop);
    const staffItem = await call('POST', q('/api/staff/inventory'), { token: tokens.staff, body: { ...foreign, ingredient_id: ingredient.id, on_hand_ml: 750 } });
    expect(staffItem.status, staffItem.text).toBe(201);
    expect(staffItem.json.item.restaurant_id).toBe(rooftop);

    // Any other parameterless write added later: sent with the foreign venue, it must not reach it.
    const covered = new Set(['/api/admin/menu-drinks', '/api/admin/inventory', '/api/admin/venue', '/api/admin/images', '/api/ai/admin/settings', '/api/staff/inventory']);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of scopedRoutes(method).filter((p) => !covered.has(p))) {
        for (const who of ['admin', 'staff'] as const) {
          const res = await call(method, q(path), { token: tokens[who], body: foreign });
          expect(res.status, `${who} ${method} ${path}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        }
      }
    }

    expect(await venueState(artisan)).toBe(before);
  });

  it("artisan-bar's objects stay out of reach even when the request names artisan-bar", async () => {
    const before = await venueState(artisan);
    const drink = await one<{ id: string }>('SELECT id FROM menu_drinks WHERE restaurant_id = ? LIMIT 1', artisan);
    const item = await one<{ id: string }>('SELECT id FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL LIMIT 1', artisan);
    const order = await one<{ id: string }>("SELECT id FROM orders WHERE restaurant_id = ? AND status = 'pending' LIMIT 1", artisan);
    const foreign = { restaurant_id: artisan };
    const probes: [Caller, string, string, unknown][] = [
      ['admin', 'GET', `/api/admin/menu-drinks/${drink.id}`, undefined],
      ['admin', 'PUT', `/api/admin/menu-drinks/${drink.id}`, { ...foreign, name: 'Taken over', price_cents: 100 }],
      ['admin', 'PATCH', `/api/admin/menu-drinks/${drink.id}/availability`, { ...foreign, enabled: false }],
      ['admin', 'DELETE', `/api/admin/menu-drinks/${drink.id}`, undefined],
      ['admin', 'PUT', `/api/admin/inventory/${item.id}`, { ...foreign, name: 'Taken over', quantity: 0 }],
      ['admin', 'DELETE', `/api/admin/inventory/${item.id}`, undefined],
      ['admin', 'PUT', `/api/admin/orders/${order.id}/status`, { ...foreign, status: 'cancelled' }],
      ['staff', 'PUT', `/api/staff/orders/${order.id}/status`, { ...foreign, status: 'cancelled' }],
      ['staff', 'PUT', `/api/staff/inventory/${item.id}`, { ...foreign, on_hand_ml: 0 }],
      ['staff', 'POST', `/api/staff/inventory/${item.id}/movements`, { ...foreign, type: 'adjust_down', quantity_ml: 10, reason: 'tenancy' }],
      ['staff', 'GET', `/api/staff/inventory/${item.id}/movements`, undefined],
      ['staff', 'DELETE', `/api/staff/inventory/${item.id}`, undefined],
    ];
    const reached: string[] = [];
    for (const [who, method, path, body] of probes) {
      const res = await call(method, withVenue(path, artisan), { token: tokens[who], body });
      if (res.status !== 404) reached.push(`${who} ${method} ${path}: ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(reached).toEqual([]);
    expect(await venueState(artisan)).toBe(before);
  });
});

describe("a super admin's restaurant_id may be the venue's slug: the request continues with the venue's id", () => {
  it('creates, photos, the staff queue and the audit entries under the slug are the same as under the id', async () => {
    const bySlug = (path: string) => withVenue(path, 'artisan-bar');
    const superadmin = tokens.superadmin;

    const drink = await call('POST', bySlug('/api/admin/menu-drinks'), { token: superadmin, body: { name: 'Slug Spritz', price_cents: 1200 } });
    expect(drink.status, drink.text).toBe(201);
    expect(drink.json.drink.restaurant_id).toBe(artisan);

    const item = await call('POST', bySlug('/api/admin/inventory'), { token: superadmin, body: { name: 'Slug Gin', quantity: 2 } });
    expect(item.status, item.text).toBe(201);
    expect(item.json.item.restaurant_id).toBe(artisan);

    // The photo is stored where the venue's own admin can delete it.
    const image = await call('POST', bySlug('/api/admin/images?kind=drink'), { token: superadmin, rawBody: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(image.status, image.text).toBe(201);
    expect(image.json.key.startsWith(`venues/${artisan}/`), image.json.key).toBe(true);
    const ownAdmin = await mintToken(DEMO_EMAILS.admin);
    const removed = await call('DELETE', `/api/admin/images/${image.json.key}`, { token: ownAdmin });
    expect(removed.status, removed.text).toBe(200);
    expect(await env.IMAGES.head(image.json.key)).toBeNull();

    // The bar's queue, not an empty one.
    const byId = await call('GET', withVenue('/api/staff/queue', artisan), { token: superadmin });
    expect(byId.status).toBe(200);
    expect(byId.json.orders.length).toBeGreaterThan(0);
    const queue = await call('GET', bySlug('/api/staff/queue'), { token: superadmin });
    expect(queue.status).toBe(200);
    expect(queue.json.orders.map((o: { id: string }) => o.id)).toEqual(byId.json.orders.map((o: { id: string }) => o.id));

    // The venue's admin sees what the super admin did at the venue.
    const log = await call('GET', '/api/admin/audit-log?limit=50', { token: ownAdmin });
    expect(log.status, log.text).toBe(200);
    const paths = log.json.entries.filter((e: { acting_role: string }) => e.acting_role === 'superadmin').map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/admin/menu-drinks', '/api/admin/inventory', '/api/admin/images']));
    const stray = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE restaurant_id = 'artisan-bar'").first<{ n: number }>();
    expect(stray!.n).toBe(0);
  });
});
