// An owner's first day and every night's close (docs/product.md §11.8–11.12): CSV import with a dry run, the
// business day in the venue's zone, the close-of-night report, happy-hour prices on the server, and the admin's
// order filters and cancel.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayBounds, businessDayOf, lastBusinessDays, shiftDay, wallClock, zonedInstant } from '../../shared/business-day';
import { activeHappyHour, scheduledPriceCents } from '../../shared/happy-hour';
import { NightReport } from '../../shared/schemas/reports';
import { parseCsv, toCsv } from '../../worker/imports/csv';
import { DEMO_EMAILS, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { availableDrinks, countRows, guestToken } from './order-helpers';

let admin: string;
let admin2: string;
let artisan: string;
let ingredientName: string;

beforeAll(async () => {
  [admin, admin2] = await Promise.all([mintToken(DEMO_EMAILS.admin), mintToken(DEMO_EMAILS.admin2)]);
  artisan = await venueId('artisan-bar');
  const catalogue = await call('GET', '/api/admin/ingredients', { token: admin });
  ingredientName = catalogue.json.ingredients[0].name as string;
});

const menuCount = () => countRows('SELECT count(*) AS n FROM menu_drinks WHERE restaurant_id = ?', artisan);

describe('menu CSV import', () => {
  const good = () => [
    'name,price,category,description,enabled,recipe',
    `Import Test Sour,12.50,cocktail,"Sharp, bright",yes,"50 ml ${ingredientName.toUpperCase()}; 20 ml House Cordial No. 9"`,
    'Import Test Lager,7,beer,,yes,',
  ].join('\r\n');

  it('a dry run says what would change and writes nothing', async () => {
    const before = await menuCount();
    const res = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv: good() } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ dry_run: true, applied: false, errors: [], summary: { create: 2, update: 0, invalid: 0 } });
    // Recipe lines are matched as the drink form matches them (case aside), line by line; an unknown one stays text.
    expect(res.json.rows[0].recipe).toEqual([
      { text: `50 ml ${ingredientName.toUpperCase()}`, matched: ingredientName },
      { text: '20 ml House Cordial No. 9', matched: null },
    ]);
    expect(await menuCount()).toBe(before);
  });

  it('imports a good file: drinks with prices and matched recipes', async () => {
    const before = await menuCount();
    const res = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv: good(), dry_run: false } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ applied: true, summary: { create: 2 } });
    expect(await menuCount()).toBe(before + 2);
    const drinks = (await call('GET', '/api/admin/menu-drinks', { token: admin })).json.drinks as { name: string; price_cents: number; recipe: { ingredient_id: string | null; raw_name: string }[] }[];
    const sour = drinks.find((d) => d.name === 'Import Test Sour')!;
    expect(sour.price_cents).toBe(1250);
    expect(sour.recipe.map((l) => l.ingredient_id !== null)).toEqual([true, false]);
    // Importing the same file again changes nothing; a new price is an update that names it.
    const again = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv: good().replace('12.50', '13.00') } });
    expect(again.json.summary).toMatchObject({ create: 0, update: 1, unchanged: 1 });
    expect(again.json.rows[0].changes).toEqual(['price: $12.50 → $13.00']);
  });

  it('bad rows give row-numbered errors and change nothing unless the owner confirms', async () => {
    const csv = [
      'name,price,category,recipe',
      'Row Two Fizz,9.00,cocktail,',
      'Row Three Bad Price,9.999,cocktail,',
      ',8,cocktail,',
      'Row Five Bad Recipe,10,cocktail,Gin',
    ].join('\n');
    const before = await menuCount();
    const dry = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv } });
    expect(dry.status).toBe(200);
    expect(dry.json.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([[3, 'price'], [4, 'name'], [5, 'recipe']]);
    expect(dry.json.errors[0].message).toBe('Price "9.999" must be dollars with at most two decimals, e.g. 12.50');
    expect(dry.json.summary).toMatchObject({ create: 1, invalid: 3 });

    const refused = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv, dry_run: false } });
    const error = expectApiError(refused, 422);
    expect(error.code).toBe('import_has_errors');
    expect((error.details as { row: number }[]).map((d) => d.row)).toEqual([3, 4, 5]);
    expect(await menuCount()).toBe(before);

    const confirmed = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv, dry_run: false, skip_invalid_rows: true } });
    expect(confirmed.json).toMatchObject({ applied: true, summary: { create: 1, invalid: 3 } });
    expect(await menuCount()).toBe(before + 1);
  });

  it('refuses a file without a name column or with unknown columns, as a whole', async () => {
    const res = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv: 'drink,cost\nA,1', dry_run: false, skip_invalid_rows: true } });
    expect(res.status).toBe(422);
    expect(res.json.error.details[0]).toMatchObject({ row: 1, column: 'name' });
  });

  it('imports inventory with a dry run and exports menu and inventory as CSV that imports back unchanged', async () => {
    const csv = `name,quantity,unit,cost,ingredient\nImport Test Rum,3.25,bottle,24.00,${ingredientName}\n`;
    const dry = await call('POST', '/api/admin/imports/inventory', { token: admin, body: { csv } });
    expect(dry.json.summary).toMatchObject({ create: 1 });
    expect(await countRows("SELECT count(*) AS n FROM inventory_items WHERE name = 'Import Test Rum'")).toBe(0);
    await call('POST', '/api/admin/imports/inventory', { token: admin, body: { csv, dry_run: false } });
    const item = await env.DB.prepare("SELECT quantity, cost_per_unit_cents FROM inventory_items WHERE name = 'Import Test Rum'").first();
    expect(item).toEqual({ quantity: 3.25, cost_per_unit_cents: 2400 });

    for (const [kind, path] of [['menu', '/api/admin/exports/menu.csv'], ['inventory', '/api/admin/exports/inventory.csv']] as const) {
      const exported = await call('GET', path, { token: admin });
      expect(exported.headers.get('Content-Type')).toContain('text/csv');
      const back = await call('POST', `/api/admin/imports/${kind}`, { token: admin, body: { csv: exported.text } });
      expect(back.json.errors).toEqual([]);
      expect(back.json.summary).toMatchObject({ create: 0, update: 0 });
    }
  });

  it('bulk edits price, category and availability of a selection', async () => {
    const drinks = (await call('GET', '/api/admin/menu-drinks', { token: admin })).json.drinks.slice(0, 3) as { id: string }[];
    const res = await call('POST', '/api/admin/menu-drinks/bulk', { token: admin, body: { ids: drinks.map((d) => d.id), price_cents: 1100, category: 'house_classic', enabled: false } });
    expect(res.json).toEqual({ updated: 3 });
    const rows = await env.DB.prepare(`SELECT DISTINCT price_cents, category, is_available FROM menu_drinks WHERE id IN (?, ?, ?)`).bind(...drinks.map((d) => d.id)).all();
    expect(rows.results).toEqual([{ price_cents: 1100, category: 'house_classic', is_available: 0 }]);
    const other = (await call('GET', '/api/admin/menu-drinks', { token: admin2 })).json.drinks[0].id as string;
    expect(expectApiError(await call('POST', '/api/admin/menu-drinks/bulk', { token: admin, body: { ids: [drinks[0]!.id, other], enabled: true } }), 404).details)
      .toEqual({ menu_drink_ids: [other] });
    expectApiError(await call('POST', '/api/admin/menu-drinks/bulk', { token: admin, body: { ids: [drinks[0]!.id], price_cents: 10.5 } }), 400);
  });
});

describe('the business day', () => {
  it('a 01:30 order in New York counts for the previous business day', () => {
    // 27 Nov 2026, 01:30 in New York (UTC-5) is 06:30Z: still the 26th's night with a 4 a.m. cut-off.
    expect(businessDayOf('2026-11-27T06:30:00.000Z', 'America/New_York', 240)).toBe('2026-11-26');
    expect(businessDayOf('2026-11-27T09:00:00.000Z', 'America/New_York', 240)).toBe('2026-11-27');
    expect(businessDayBounds('2026-11-26', 'America/New_York', 240)).toEqual({ start: '2026-11-26T09:00:00.000Z', end: '2026-11-27T09:00:00.000Z' });
    // Across the DST change the day still starts at 4 a.m. local.
    expect(businessDayBounds('2026-11-01', 'America/New_York', 240)).toEqual({ start: '2026-11-01T09:00:00.000Z', end: '2026-11-02T09:00:00.000Z' });
    expect(businessDayBounds('2026-10-31', 'America/New_York', 240).start).toBe('2026-10-31T08:00:00.000Z');
  });

  it('"7 days" for a New York venue is 7 bars, the last one today\'s business day', async () => {
    const set = await call('PATCH', '/api/admin/venue', { token: admin2, body: { timezone: 'America/New_York', day_cutoff_minutes: 240 } });
    expect(set.status, set.text).toBe(200);
    expect(set.json.venue).toMatchObject({ timezone: 'America/New_York', day_cutoff_minutes: 240 });
    for (const [window, days] of [['7d', 7], ['30d', 30]] as const) {
      const res = await call('GET', `/api/admin/analytics?window=${window}`, { token: admin2 });
      expect(res.json.daily).toHaveLength(days);
      expect(res.json.daily.map((d: { date: string }) => d.date)).toEqual(lastBusinessDays(days, new Date(), 'America/New_York', 240));
      expect(res.json.since).toBe(businessDayBounds(res.json.daily[0].date, 'America/New_York', 240).start);
    }
    expectApiError(await call('PATCH', '/api/admin/venue', { token: admin2, body: { day_cutoff_minutes: 900 } }), 400);
  });

  it("an order at 01:30 in New York lands in the previous business day's report and analytics bar", async () => {
    const rooftop = await venueId('rooftop-lounge');
    await call('PATCH', '/api/admin/venue', { token: admin2, body: { timezone: 'America/New_York', day_cutoff_minutes: 240 } });
    const days = lastBusinessDays(7, new Date(), 'America/New_York', 240);
    const [friday, saturday] = [days[3]!, days[4]!];
    const before = await Promise.all([friday, saturday].map(async (day) => (await call('GET', `/api/admin/reports/night?day=${day}`, { token: admin2 })).json));
    const bars = (await call('GET', '/api/admin/analytics?window=7d', { token: admin2 })).json.daily as { date: string; orders: number }[];
    // 01:30 on the calendar day after `friday`, New York time.
    const at = zonedInstant(saturday, 90, 'America/New_York').toISOString();
    const id = `late-${Date.now().toString(36)}`;
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO orders (id, restaurant_id, owner_key, status, payment_status, subtotal_cents, tax_cents, total_cents, tax_rate_bp, drink_count, created_at, updated_at)
        VALUES (?, ?, 's:late', 'delivered', 'captured', 1000, 88, 1088, 875, 1, ?, ?)`).bind(id, rooftop, at, at),
      env.DB.prepare(`INSERT INTO order_items (order_id, name, unit_price_cents, quantity, line_total_cents) VALUES (?, 'Last Call Sour', 1000, 1, 1000)`).bind(id),
    ]);
    const [afterFriday, afterSaturday] = await Promise.all([friday, saturday].map(async (day) => (await call('GET', `/api/admin/reports/night?day=${day}`, { token: admin2 })).json));
    expect(afterFriday.gross_sales_cents - before[0].gross_sales_cents).toBe(1000);
    expect(afterFriday.collected.amount_cents - before[0].collected.amount_cents).toBe(1088);
    expect(afterFriday.by_drink).toContainEqual({ name: 'Last Call Sour', qty: 1, sales_cents: 1000 });
    expect(afterSaturday.gross_sales_cents).toBe(before[1].gross_sales_cents);
    const barsAfter = (await call('GET', '/api/admin/analytics?window=7d', { token: admin2 })).json.daily as { date: string; orders: number }[];
    expect(barsAfter.map((b, i) => b.orders - bars[i]!.orders)).toEqual(days.map((d) => (d === friday ? 1 : 0)));
  });
});

/** The orders a business day sold (handed over or paid, not cancelled) as SQL counts them: the report must say the same. */
async function soldOn(venue: string, start: string, end: string) {
  return (await env.DB.prepare(
    `SELECT count(*) AS orders, coalesce(sum(subtotal_cents), 0) AS gross
     FROM orders WHERE restaurant_id = ? AND created_at >= ? AND created_at < ? AND status != 'cancelled' AND payment_status != 'void'
       AND (status = 'delivered' OR payment_status IN ('captured', 'refunded'))`,
  ).bind(venue, start, end).first<{ orders: number; gross: number }>())!;
}

describe('close of night', () => {
  it("the report's lines sum to its totals on every seeded day", async () => {
    const venue = (await call('GET', '/api/admin/venue', { token: admin })).json.venue;
    let days = 0;
    for (let back = 1; back <= 5; back += 1) {
      const day = shiftDay(businessDayOf(new Date(), venue.timezone, venue.day_cutoff_minutes), -back);
      const res = await call('GET', `/api/admin/reports/night?day=${day}`, { token: admin });
      expect(res.status, res.text).toBe(200);
      const r = NightReport.parse(res.json);
      expect({ orders: r.orders, gross: r.gross_sales_cents }).toEqual(await soldOn(artisan, r.starts_at, r.ends_at));
      const sum = (rows: { sales_cents: number }[]) => rows.reduce((n, x) => n + x.sales_cents, 0);
      expect(sum(r.by_drink)).toBe(r.gross_sales_cents);
      expect(sum(r.by_category)).toBe(r.gross_sales_cents);
      expect(sum(r.by_staff)).toBe(r.gross_sales_cents);
      for (const m of [r.collected, ...r.payment_methods]) {
        expect(m.sales_cents + m.service_charge_cents + m.tax_cents + m.tips_cents - m.refunds_cents).toBe(m.amount_cents);
      }
      expect(r.payment_methods.reduce((n, m) => n + m.amount_cents, 0)).toBe(r.collected.amount_cents);
      if (r.orders) days += 1;
    }
    expect(days).toBeGreaterThan(0);
  });

  it('shows a cancel from the admin Orders screen with its reason, and downloads as CSV', async () => {
    const { token } = await guestToken();
    const [drink] = await availableDrinks('artisan-bar');
    const placed = await call('POST', '/api/orders', { token, body: { slug: 'artisan-bar', drink_id: drink!.id, quantity: 1, customer_name: 'Night Owl' } });
    expect(placed.status, placed.text).toBe(200);
    // The Orders screen finds it by guest name and by code, and by status.
    const code = (placed.json.id as string).slice(-8).toUpperCase();
    for (const query of ['q=night%20owl', `q=%23${code}`, 'status=pending&q=owl']) {
      const found = await call('GET', `/api/admin/orders?window=1h&${query}`, { token: admin });
      expect(found.json.orders.map((o: { id: string }) => o.id), query).toEqual([placed.json.id]);
    }
    expect((await call('GET', '/api/admin/orders?window=1h&status=delivered&q=night%20owl', { token: admin })).json.orders).toEqual([]);

    expectApiError(await call('POST', `/api/admin/orders/${placed.json.id}/cancel`, { token: admin, body: {} }), 400);
    expectApiError(await call('POST', `/api/admin/orders/${placed.json.id}/cancel`, { token: admin2, body: { reason: 'Not mine' } }), 404);
    const cancelled = await call('POST', `/api/admin/orders/${placed.json.id}/cancel`, { token: admin, body: { reason: 'Guest left' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.order.status).toBe('cancelled');
    expect(await countRows("SELECT count(*) AS n FROM audit_log WHERE action = 'order.cancel' AND target_id = ?", placed.json.id)).toBe(1);

    const venue = (await call('GET', '/api/admin/venue', { token: admin })).json.venue;
    const today = businessDayOf(new Date(), venue.timezone, venue.day_cutoff_minutes);
    const report = await call('GET', `/api/admin/reports/night?day=${today}`, { token: admin });
    expect(report.json.cancels).toContainEqual(expect.objectContaining({ order_id: placed.json.id, code, reason: 'Guest left', display_name: 'Night Owl' }));
    const csv = await call('GET', `/api/admin/reports/night.csv?day=${today}`, { token: admin });
    expect(csv.headers.get('Content-Disposition')).toBe(`attachment; filename="close-of-night-artisan-bar-${today}.csv"`);
    expect(csv.text).toContain(`cancel,#${code} Night Owl`);
    expect(csv.text).toContain('Guest left');
    expectApiError(await call('GET', '/api/admin/reports/night?day=yesterday', { token: admin }), 400);
    // A day that is not in the calendar is refused, never turned into another day.
    for (const day of ['2026-02-30', '3693-64-74', '2026-13-01']) {
      expectApiError(await call('GET', `/api/admin/reports/night.csv?day=${day}`, { token: admin }), 400);
      expectApiError(await call('GET', `/api/admin/exports/orders.csv?from=${day}`, { token: admin }), 400);
    }
    const orders = await call('GET', `/api/admin/exports/orders.csv?from=${today}&to=${today}`, { token: admin });
    expect(orders.text).toContain(`${code},${today},`);
  });
});

/**
 * One night with every way money comes in (docs/product.md §11.11, docs/decisions/236): solo orders paid in cash, on
 * the card terminal, refunded and left unpaid; a paid tab of three shares (cash, card terminal, card in the app
 * partly refunded) with tips and a 10% service charge; an open tab with one share paid. Tax is 10% throughout so
 * every figure below can be checked by hand.
 */
describe('a night that says what was collected', () => {
  const DAY = '2025-03-14';
  let start = '';
  let serviceChargeBefore = 0;
  const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
  const id = (name: string) => `collected-${name}`;
  const toCents = (text: string) => (text.startsWith('-') ? -1 : 1) * Math.round(Number(text.replace('-', '')) * 100);

  beforeAll(async () => {
    const venue = (await call('GET', '/api/admin/venue', { token: admin })).json.venue;
    start = businessDayBounds(DAY, venue.timezone, venue.day_cutoff_minutes).start;
    serviceChargeBefore = (await env.DB.prepare('SELECT service_charge_bp AS bp FROM venues WHERE id = ?').bind(artisan).first<{ bp: number }>())!.bp;
    const order = (name: string, status: string, payment: string, method: string | null, subtotal: number, minutes: number, session: string | null = null) => [
      env.DB.prepare(`INSERT INTO orders (id, restaurant_id, owner_key, status, payment_status, payment_method, subtotal_cents, tax_cents, total_cents, tax_rate_bp, drink_count, table_session_id, customer_name, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1000, 1, ?, ?, ?, ?)`)
        .bind(id(name), artisan, session ? `t:${id(session)}` : `s:${id(name)}`, status, payment, method, subtotal, subtotal / 10, subtotal + subtotal / 10, session ? id(session) : null, `Guest ${name}`, at(minutes), at(minutes)),
      env.DB.prepare('INSERT INTO order_items (order_id, name, unit_price_cents, quantity, line_total_cents) VALUES (?, ?, ?, 1, ?)').bind(id(name), `Collected ${name}`, subtotal, subtotal),
    ];
    const session = (name: string, table: string, status: string) => env.DB.prepare(
      `INSERT INTO table_sessions (id, restaurant_id, table_number, join_code, status, last_activity_at, opened_at, closed_at, closed_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(id(name), artisan, table, `Q${table}`, status, at(600), at(60), status === 'closed' ? at(600) : null, status === 'closed' ? 'paid' : null);
    const share = (name: string, tab: string, amount: number, subtotal: number, tip: number, method: string, extra: { fee?: number; refunded?: number } = {}) => env.DB.prepare(
      `INSERT INTO tab_shares (id, session_id, payer_member_id, kind, amount_cents, subtotal_cents, tip_cents, payment_status, method, captured_at, refunded_cents, fee_cents, position, created_at)
       VALUES (?, ?, 'member', 'custom', ?, ?, ?, 'captured', ?, ?, ?, ?, 0, ?)`,
    ).bind(id(name), id(tab), amount, subtotal, tip, method, at(500), extra.refunded ?? 0, extra.fee ?? 0, at(500));
    await env.DB.batch([
      env.DB.prepare('UPDATE venues SET service_charge_bp = 1000 WHERE id = ?').bind(artisan),
      ...order('cash', 'delivered', 'captured', 'cash', 1000, 120),
      ...order('terminal', 'delivered', 'captured', 'card_terminal', 1500, 130),
      ...order('unpaid', 'delivered', 'unpaid', null, 1200, 140),
      ...order('making', 'pending', 'unpaid', null, 900, 150),
      ...order('refunded', 'delivered', 'refunded', 'cash', 800, 160),
      ...order('cancelled', 'cancelled', 'void', null, 700, 170),
      session('paid-tab', '71', 'closed'),
      ...order('paid-round', 'delivered', 'captured', null, 3000, 200, 'paid-tab'),
      share('share-cash', 'paid-tab', 1200, 1000, 150, 'cash'),
      share('share-app', 'paid-tab', 1200, 1000, 200, 'card_app', { fee: 42, refunded: 500 }),
      share('share-terminal', 'paid-tab', 1200, 1000, 0, 'card_terminal'),
      env.DB.prepare(`INSERT INTO payment_refunds (id, share_id, session_id, restaurant_id, stripe_refund_id, amount_cents, reason, by_user_id, created_at)
        VALUES (?, ?, ?, ?, ?, 500, 'Spilled', 'admin', ?)`).bind(id('refund'), id('share-app'), id('paid-tab'), artisan, id('re'), at(550)),
      // Two more refunds of that share gave nothing back: Stripe refused one, and has not answered the other yet.
      ...(['failed', 'pending'] as const).map((status, i) => env.DB.prepare(`INSERT INTO payment_refunds (id, share_id, session_id, restaurant_id, stripe_refund_id, amount_cents, reason, by_user_id, status, created_at)
        VALUES (?, ?, ?, ?, ?, 300, 'Spilled again', 'admin', ?, ?)`).bind(id(`refund-${status}`), id('share-app'), id('paid-tab'), artisan, id(`re-${status}`), status, at(560 + i))),
      session('open-tab', '72', 'open'),
      ...order('open-round', 'delivered', 'unpaid', null, 1000, 300, 'open-tab'),
      // The open tab's next round is still being made: not sold yet, so not part of its open check.
      ...order('open-making', 'preparing', 'unpaid', null, 400, 310, 'open-tab'),
      share('share-open', 'open-tab', 600, 500, 0, 'cash'),
    ]);
  });

  afterAll(async () => {
    await env.DB.batch([
      env.DB.prepare('UPDATE venues SET service_charge_bp = ? WHERE id = ?').bind(serviceChargeBefore, artisan),
      env.DB.prepare("UPDATE table_sessions SET status = 'closed' WHERE id = ?").bind(id('open-tab')),
    ]);
  });

  const night = async () => {
    const res = await call('GET', `/api/admin/reports/night?day=${DAY}`, { token: admin });
    expect(res.status, res.text).toBe(200);
    return NightReport.parse(res.json);
  };

  it('lists open checks (delivered, not paid) on their own line, and gross counts only what was sold', async () => {
    const r = await night();
    // Sold: the delivered or paid orders, not the one still being made nor the cancelled one.
    expect({ orders: r.orders, gross: r.gross_sales_cents }).toEqual({ orders: 6, gross: 1000 + 1500 + 1200 + 800 + 3000 + 1000 });
    expect(r.open_checks.checks.map((c) => [c.name, c.amount_cents])).toEqual([['Guest unpaid', 1320], ['Table 72', 600]]);
    expect(r.open_checks).toMatchObject({ count: 2, amount_cents: 1920 });
    expect(r.by_drink.reduce((n, d) => n + d.sales_cents, 0)).toBe(r.gross_sales_cents);
  });

  it('sales, service charge, tax, tips and refunds sum to the takings by method, to the cent', async () => {
    const r = await night();
    const line = (sales: number, service: number, tax: number, tips: number, refunds: number, payments: number) =>
      ({ payments, sales_cents: sales, service_charge_cents: service, tax_cents: tax, tips_cents: tips, refunds_cents: refunds, amount_cents: sales + service + tax + tips - refunds });
    expect(r.payment_methods).toEqual([
      { method: 'Cash', ...line(1000 + 800 + 1000 + 500, 100 + 50, 100 + 80 + 100 + 50, 150, 880, 4) },
      { method: 'Card terminal', ...line(1500 + 1000, 100, 150 + 100, 0, 0, 2) },
      { method: 'Card in the app', ...line(1000, 100, 100, 200, 500, 1) },
    ]);
    const sum = (key: keyof typeof r.collected) => r.payment_methods.reduce((n, m) => n + m[key], 0);
    for (const key of ['payments', 'sales_cents', 'service_charge_cents', 'tax_cents', 'tips_cents', 'refunds_cents', 'amount_cents'] as const) expect(r.collected[key], key).toBe(sum(key));
    const c = r.collected;
    expect(c.sales_cents + c.service_charge_cents + c.tax_cents + c.tips_cents - c.refunds_cents).toBe(c.amount_cents);
    expect(c.amount_cents).toBe(3050 + 2850 + 900);
  });

  it("a tab's open check is what its delivered rounds still owe, never a round still being made", async () => {
    const r = await night();
    // Table 72: its delivered round's $10.00 + 10% service + 10% tax = $12.00, less the $6.00 share paid.
    expect(r.open_checks.checks.find((c) => c.name === 'Table 72')?.amount_cents).toBe(600);
  });

  it('a refund Stripe refused, or one it has not answered yet, gives nothing back', async () => {
    const r = await night();
    expect(r.payment_methods.find((m) => m.method === 'Card in the app')).toMatchObject({ refunds_cents: 500, amount_cents: 1000 + 100 + 100 + 200 - 500 });
    expect(r.refunds).toEqual({ count: 2, cents: 880 + 500 });
  });

  it('refunds are one figure whatever the method, and the card fees are their own line', async () => {
    const r = await night();
    expect(r.refunds).toEqual({ count: 2, cents: 880 + 500 });
    expect(r.collected.refunds_cents).toBe(r.refunds.cents);
    expect(r.card_fees_cents).toBe(42);
  });

  it('the CSV carries every line the screen shows, and they sum to the totals to the cent', async () => {
    const r = await night();
    const csv = await call('GET', `/api/admin/reports/night.csv?day=${DAY}`, { token: admin });
    const rows = parseCsv(csv.text).rows;
    const amountOf = (section: string, name: string) => {
      const row = rows.find((x) => x.section === section && x.name === name);
      expect(row, `${section} / ${name}`).toBeDefined();
      return toCents(row!.amount);
    };
    expect(amountOf('summary', 'Gross sales')).toBe(r.gross_sales_cents);
    expect(amountOf('summary', 'Open checks')).toBe(r.open_checks.amount_cents);
    expect(amountOf('summary', 'Card fees')).toBe(r.card_fees_cents);
    expect(rows.filter((x) => x.section === 'open check').map((x) => [x.name, toCents(x.amount)])).toEqual([['Guest unpaid', 1320], ['Table 72', 600]]);
    for (const [section, lines] of [['collected', r.collected], ...r.payment_methods.map((m) => [`collected: ${m.method}`, m] as const)] as const) {
      const parts = ['Sales', 'Service charge', 'Tax', 'Tips', 'Refunds'].map((name) => amountOf(section, name));
      expect(parts, section).toEqual([lines.sales_cents, lines.service_charge_cents, lines.tax_cents, lines.tips_cents, -lines.refunds_cents || 0]);
      expect(parts.reduce((n, x) => n + x, 0), section).toBe(amountOf(section, 'Collected'));
      expect(amountOf(section, 'Collected')).toBe(lines.amount_cents);
    }
  });
});

describe('exported cells', () => {
  it('a plain negative amount stays a number, anything else a spreadsheet would run is escaped', () => {
    // The file's own lines (an import would take the escaping off again, docs/product.md §11.8).
    const cells = toCsv(['cell'], [['-13.80'], ['-5'], ['-1+2'], ['=SUM(A1)'], ['+1'], ['@cmd'], ['-13.80x']]).split('\r\n').slice(1);
    expect(cells).toEqual(['-13.80', '-5', `"'-1+2"`, `"'=SUM(A1)"`, `"'+1"`, `"'@cmd"`, `"'-13.80x"`]);
  });
});

describe('the night while it runs', () => {
  it("opens on tonight's business day, up to now", async () => {
    const venue = (await call('GET', '/api/admin/venue', { token: admin })).json.venue;
    const before = Date.now();
    const r = NightReport.parse((await call('GET', '/api/admin/reports/night', { token: admin })).json);
    expect(r.day).toBe(businessDayOf(new Date(), venue.timezone, venue.day_cutoff_minutes));
    expect(r.tonight).toBe(true);
    expect(Date.parse(r.until)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(r.until)).toBeLessThan(Date.parse(r.ends_at));
    const past = NightReport.parse((await call('GET', '/api/admin/reports/night?day=2025-03-13', { token: admin })).json);
    expect({ tonight: past.tonight, until: past.until }).toEqual({ tonight: false, until: past.ends_at });
  });
});

describe('happy hour', () => {
  const now = new Date();
  const clock = (minutes: number) => `${String(Math.floor(((minutes + 1440) % 1440) / 60)).padStart(2, '0')}:${String(((minutes + 1440) % 1440) % 60).padStart(2, '0')}`;

  it('is worked out in the venue zone, past midnight too', () => {
    const rule = { days: [5], start: '22:00', end: '01:00', discount_bp: 5000, categories: [] };
    // Saturday 00:30 in New York belongs to Friday's happy hour.
    const active = activeHappyHour([rule], 'America/New_York', new Date('2026-11-28T05:30:00.000Z'));
    expect(active).toMatchObject({ label: 'Happy hour until 1 am', ends_at: '2026-11-28T06:00:00.000Z' });
    expect(activeHappyHour([rule], 'America/New_York', new Date('2026-11-28T06:00:00.000Z'))).toBeNull();
    expect(scheduledPriceCents(1250, 'cocktail', active)).toBe(625);
    expect(scheduledPriceCents(1250, 'beer', { ...active!, rule: { ...rule, categories: ['cocktail'] } })).toBe(1250);
  });

  it('prices orders and carts on the server while it runs, and guests read it with the venue', async () => {
    const minutes = wallClock(now, 'UTC').minutes;
    const happy = { days: [0, 1, 2, 3, 4, 5, 6], start: clock(minutes - 60), end: clock(minutes + 60), discount_bp: 2500, categories: [] };
    const set = await call('PATCH', '/api/admin/venue', { token: admin, body: { timezone: 'UTC', happy_hours: [happy] } });
    expect(set.status, set.text).toBe(200);
    const venue = await call('GET', '/api/venues/artisan-bar');
    expect(venue.json.venue.happy_hours).toEqual([happy]);

    const { token } = await guestToken();
    const drink = (await availableDrinks('artisan-bar')).find((d) => d.price_cents % 4 === 0)!;
    const cart = await call('POST', '/api/cart', { token, body: { slug: 'artisan-bar', menu_drink_id: drink.id, qty: 1 } });
    expect(cart.status, cart.text).toBeLessThan(300);
    const read = await call('GET', '/api/cart?slug=artisan-bar', { token });
    expect(read.json.cart.items[0].price_cents).toBe(drink.price_cents * 0.75);
    const placed = await call('POST', '/api/orders', { token, body: { slug: 'artisan-bar', items: [{ menu_drink_id: drink.id, quantity: 2, price_cents: 1 }] } });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.order.items[0].price_cents).toBe(drink.price_cents * 0.75);
    expect(placed.json.subtotal_cents).toBe(drink.price_cents * 1.5);

    // Outside its hours the menu price stands.
    const later = { ...happy, start: clock(minutes + 120), end: clock(minutes + 180) };
    await call('PATCH', '/api/admin/venue', { token: admin, body: { happy_hours: [later] } });
    const other = await guestToken();
    const full = await call('POST', '/api/orders', { token: other.token, body: { slug: 'artisan-bar', items: [{ menu_drink_id: drink.id, quantity: 1 }] } });
    expect(full.json.order.items[0].price_cents).toBe(drink.price_cents);
    expectApiError(await call('PATCH', '/api/admin/venue', { token: admin, body: { happy_hours: [{ ...happy, discount_bp: 20_000 }] } }), 400);
  });
});
