import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { remainingEtaMinutes } from '../../shared/orders';
import { call } from './helpers';
import { availableDrinks, guestToken, staffToken } from './order-helpers';

describe('remainingEtaMinutes (pure, docs/decisions/180)', () => {
  const placed = '2026-01-01T20:00:00.000Z';
  const at = (minutes: number) => Date.parse(placed) + minutes * 60_000;
  it('counts down from placement: 8 min with 3 drinks ahead and 1 own, then 5 after 3 minutes, then 0, never negative', () => {
    expect(remainingEtaMinutes('pending', 3, 1, placed, at(0))).toBe(8);
    expect(remainingEtaMinutes('pending', 3, 1, placed, at(3))).toBe(5);
    expect(remainingEtaMinutes('pending', 3, 1, placed, at(2.5))).toBe(6);
    expect(remainingEtaMinutes('pending', 3, 1, placed, at(8))).toBe(0);
    expect(remainingEtaMinutes('pending', 3, 1, placed, at(30))).toBe(0);
  });
  it('drops when the queue ahead moves, and is 0 once ready and null once handed over', () => {
    expect(remainingEtaMinutes('pending', 0, 1, placed, at(3))).toBe(1);
    expect(remainingEtaMinutes('ready', 3, 1, placed, at(3))).toBe(0);
    expect(remainingEtaMinutes('delivered', 0, 1, placed, at(3))).toBeNull();
  });
});

describe('ETAs read by guests and staff count down (the staff API no longer repeats the placement estimate)', () => {
  it('23 minutes after placement the staff list and the guest status say 0, not the stored estimate', async () => {
    const guest = await guestToken();
    const [drink] = await availableDrinks('artisan-bar');
    const placedRes = await call('POST', '/api/orders/quick', { token: guest.token, body: { slug: 'artisan-bar', item: { menu_drink_id: drink!.id } } });
    expect(placedRes.status).toBe(200);
    const id = placedRes.json.id as string;
    const atPlacement = placedRes.json.eta_minutes as number;
    expect(atPlacement).toBeGreaterThan(0);
    const staff = await staffToken('staff@barhop.dev');
    const staffEta = async () => ((await call('GET', '/api/staff/orders?status=active&limit=200', { token: staff })).json.orders as { id: string; eta_minutes: number | null }[]).find((o) => o.id === id)!.eta_minutes;
    const guestEta = async () => (await call('GET', `/api/orders/${id}/status`, { token: guest.token })).json.eta_minutes as number;
    expect(await staffEta()).toBe(await guestEta());

    // Two minutes later, with the queue ahead unchanged, two minutes less.
    const now = Date.now();
    const placedAt = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const before = await guestEta();
    await env.DB.prepare('UPDATE orders SET created_at = ?, updated_at = ? WHERE id = ?').bind(placedAt(2.1), placedAt(2.1), id).run();
    expect(await guestEta()).toBeLessThanOrEqual(Math.max(0, before - 2));
    expect(await staffEta()).toBe(await guestEta());

    await env.DB.prepare('UPDATE orders SET created_at = ?, updated_at = ? WHERE id = ?').bind(placedAt(23), placedAt(23), id).run();
    expect(await guestEta()).toBe(0);
    expect(await staffEta()).toBe(0);
  });
});
