import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';

let admin: string;
let admin2: string;
let artisan: string;

// A real 1×1 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='), (ch) => ch.charCodeAt(0));

function multipart(bytes: Uint8Array, type = 'image/png', name = 'photo.png') {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return form;
}

async function upload(token: string, body: BodyInit, headers: Record<string, string> = {}, kind = 'drink') {
  return call('POST', `/api/admin/images?kind=${kind}`, { token, rawBody: body, headers });
}

beforeAll(async () => {
  [admin, admin2] = await Promise.all([mintToken(DEMO_EMAILS.admin), mintToken(DEMO_EMAILS.admin2)]);
  artisan = await venueId('artisan-bar');
});

describe('POST /api/admin/images', () => {
  it('stores a PNG under the venue prefix and serves it from /images with long cache headers', async () => {
    const res = await upload(admin, multipart(PNG));
    expect(res.status, res.text).toBe(201);
    expect(res.json.key).toMatch(new RegExp(`^venues/${artisan}/drinks/[A-Za-z0-9]{24}\\.png$`));
    expect(res.json).toMatchObject({ url: `/images/${res.json.key}`, content_type: 'image/png', size: PNG.byteLength });
    const served = await call('GET', res.json.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('Cache-Control')).toContain('max-age=31536000');
  });

  it('accepts a raw body too', async () => {
    const res = await upload(admin, PNG, { 'Content-Type': 'image/png' }, 'logo');
    expect(res.status).toBe(201);
    expect(res.json.key).toContain('/logos/');
  });

  it('rejects a non-image even when it claims to be one (415), and stores nothing', async () => {
    const before = (await env.IMAGES.list({ prefix: `venues/${artisan}/` })).objects.length;
    const fake = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(expectApiError(await upload(admin, multipart(fake, 'image/png', 'evil.png')), 415).message)
      .toBe('Only JPEG, PNG, WebP or GIF images can be uploaded');
    expectApiError(await upload(admin, fake, { 'Content-Type': 'image/jpeg' }), 415);
    expectApiError(await upload(admin, new Uint8Array(), { 'Content-Type': 'image/png' }), 400);
    expect((await env.IMAGES.list({ prefix: `venues/${artisan}/` })).objects.length).toBe(before);
  });

  it('rejects files over 5 MB with 413', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG.slice(0, 8));
    expectApiError(await upload(admin, multipart(big)), 413);
    expectApiError(await upload(admin, big, { 'Content-Type': 'image/png' }), 413);
  });

  it('needs an admin', async () => {
    expectApiError(await upload('', multipart(PNG)), 401);
    expectApiError(await upload(await mintToken(DEMO_EMAILS.staff), multipart(PNG)), 403);
  });

  it("never deletes another venue's image (404), but deletes the venue's own", async () => {
    const mine = await upload(admin, multipart(PNG));
    expectApiError(await call('DELETE', `/api/admin/images/${mine.json.key}`, { token: admin2 }), 404);
    expect(await env.IMAGES.head(mine.json.key)).not.toBeNull();
    expectApiError(await call('DELETE', `/api/admin/images/venues/${artisan}/../x.png`, { token: admin }), 404);
    expect((await call('DELETE', `/api/admin/images/${mine.json.key}`, { token: admin })).status).toBe(200);
    expect(await env.IMAGES.head(mine.json.key)).toBeNull();
  });

  it("removes a drink's old photo when it is replaced", async () => {
    const first = await upload(admin, multipart(PNG));
    const second = await upload(admin, multipart(PNG));
    const created = await call('POST', '/api/admin/menu-drinks', { token: admin, body: { name: 'Photo Sour', price_cents: 1000, image_url: first.json.url } });
    expect(created.status).toBe(201);
    const updated = await call('PUT', `/api/admin/menu-drinks/${created.json.drink.id}`, {
      token: admin, body: { name: 'Photo Sour', price_cents: 1000, image_url: second.json.url },
    });
    expect(updated.json.drink.image_url).toBe(second.json.url);
    expect(await env.IMAGES.head(first.json.key)).toBeNull();
    expect(await env.IMAGES.head(second.json.key)).not.toBeNull();
  });

  it("cannot attach another venue's photo key for deletion through a drink", async () => {
    const theirs = await upload(admin, multipart(PNG));
    const created = await call('POST', '/api/admin/menu-drinks', { token: admin2, body: { name: 'Borrowed', price_cents: 900, image_url: theirs.json.url } });
    await call('PUT', `/api/admin/menu-drinks/${created.json.drink.id}`, { token: admin2, body: { name: 'Borrowed', price_cents: 900, image_url: null } });
    expect(await env.IMAGES.head(theirs.json.key)).not.toBeNull();
  });
});

describe('/api/admin/venue', () => {
  const profile = {
    name: 'The Artisan Bar', description: 'Craft cocktails', address: '1 Main St', phone: '+1 555 0100',
    opening_hours: 'Mon-Sun 17:00-01:00', timezone: 'America/New_York',
    theme_colors: { primary: '#112233', secondary: '#445566', background: '#ffffff', text: '#000000' }, tax_rate_bp: 900,
  };

  it('reads and saves the profile; guests see the change', async () => {
    const read = await call('GET', '/api/admin/venue', { token: admin });
    expect(read.json.venue.id).toBe(artisan);
    const saved = await call('PUT', '/api/admin/venue', { token: admin, body: profile });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.venue).toMatchObject({ name: 'The Artisan Bar', timezone: 'America/New_York', tax_rate_bp: 900, theme_colors: profile.theme_colors });
    const guest = await call('GET', '/api/venues/artisan-bar');
    expect(guest.json.venue).toMatchObject({ name: 'The Artisan Bar', theme_colors: profile.theme_colors });
  });

  it('rejects bad colours, unknown time zones, tax over 30% and a blank name, changing nothing', async () => {
    const before = await env.DB.prepare('SELECT name, timezone, tax_rate_bp FROM venues WHERE id = ?').bind(artisan).first();
    const res = await call('PUT', '/api/admin/venue', {
      token: admin, body: { ...profile, name: ' ', timezone: 'Mars/Base', tax_rate_bp: 5000, theme_colors: { ...profile.theme_colors, primary: 'red' } },
    });
    const paths = (expectApiError(res, 400).details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['name', 'tax_rate_bp', 'theme_colors.primary', 'timezone']);
    expect(await env.DB.prepare('SELECT name, timezone, tax_rate_bp FROM venues WHERE id = ?').bind(artisan).first()).toEqual(before);
  });

  it("only ever touches the caller's own venue", async () => {
    const res = await call('PUT', '/api/admin/venue', { token: admin2, body: { ...profile, name: 'Rooftop Renamed' } });
    expect(res.json.venue.slug).toBe('rooftop-lounge');
    expect((await env.DB.prepare('SELECT name FROM venues WHERE id = ?').bind(artisan).first())!.name).not.toBe('Rooftop Renamed');
  });
});

describe('GET /api/admin/analytics', () => {
  it('validates the window', async () => {
    expectApiError(await call('GET', '/api/admin/analytics?window=365d', { token: admin }), 400);
    expectApiError(await call('GET', '/api/admin/analytics'), 401);
  });

  it('equals direct SQL counts on the seeded data', async () => {
    for (const window of ['7d', '30d', '90d'] as const) {
      const res = await call('GET', `/api/admin/analytics?window=${window}`, { token: admin });
      expect(res.status).toBe(200);
      const since = res.json.since as string;
      const direct = (await env.DB.prepare(
        `SELECT count(*) AS orders, coalesce(sum(total_cents), 0) AS revenue, coalesce(sum(referred_by_ai), 0) AS ai
         FROM orders WHERE restaurant_id = ? AND created_at >= ? AND status != 'cancelled' AND payment_status NOT IN ('refunded', 'void')`,
      ).bind(artisan, since).first<{ orders: number; revenue: number; ai: number }>())!;
      expect(direct.orders).toBeGreaterThan(0);
      expect(res.json.totals).toMatchObject({ orders: direct.orders, revenue_cents: direct.revenue, ai_orders: direct.ai });
      expect(res.json.totals.ai_share).toBeCloseTo(direct.ai / direct.orders, 10);
      const daily = res.json.daily as { orders: number; revenue_cents: number }[];
      expect(daily.reduce((n, d) => n + d.orders, 0)).toBe(direct.orders);
      expect(daily.reduce((n, d) => n + d.revenue_cents, 0)).toBe(direct.revenue);
      expect((res.json.heat as { orders: number }[]).reduce((n, h) => n + h.orders, 0)).toBe(direct.orders);

      const top = (await env.DB.prepare(
        `SELECT sum(i.quantity) AS qty FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.restaurant_id = ? AND o.created_at >= ? AND o.status != 'cancelled' AND o.payment_status NOT IN ('refunded', 'void')
         GROUP BY coalesce(i.menu_drink_id, 'name:' || i.name) ORDER BY qty DESC LIMIT 1`,
      ).bind(artisan, since).first<{ qty: number }>())!;
      expect(res.json.top_drinks[0].qty).toBe(top.qty);
      const interactions = (await env.DB.prepare('SELECT count(*) AS n FROM ai_interactions WHERE restaurant_id = ? AND created_at >= ?')
        .bind(artisan, since).first<{ n: number }>())!.n;
      expect(res.json.totals.ai_interactions).toBe(interactions);
    }
  });

  it("never counts another venue's orders", async () => {
    const mine = await call('GET', '/api/admin/analytics?window=90d', { token: admin2 });
    const rooftop = await venueId('rooftop-lounge');
    const direct = (await env.DB.prepare(`SELECT count(*) AS n FROM orders WHERE restaurant_id = ? AND created_at >= ? AND status != 'cancelled' AND payment_status NOT IN ('refunded', 'void')`)
      .bind(rooftop, mine.json.since).first<{ n: number }>())!.n;
    expect(mine.json.totals.orders).toBe(direct);
  });
});
