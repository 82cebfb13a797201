import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DrinkCardBody } from '../../app/features/guest/menu/DrinkCard';
import { HappyHourBanner, useHappyHour } from '../../app/features/guest/pricing/happy-hour';
import { loadHappyHourClock } from '../../app/features/venues/happy-hour-clock';
import { formatCents } from '../../shared/money';
import type { Drink } from '../../shared/schemas/drink';
import type { HappyHourRule } from '../../shared/schemas/venue';
import type { NightReport } from '../../shared/schemas/reports';
import NightReportPage, { nightHeading } from '../../app/features/admin/reports/NightReportPage';
import { mockApi, renderPage } from './render';

// Guests see the happy hour the server prices by (docs/product.md §11.10): its banner and the struck menu price.
const drink = {
  id: 'd1', restaurant_id: 'v1', name: 'Gimlet', description: 'Gin and lime', price: 12, price_cents: 1200, category: 'cocktail',
  image_url: null, available: true, tags: [], allergens: [], contains_alcohol: true, unchecked_ingredients: [], ingredients_notes: null, featured: false, lang: 'en',
} as Drink;

const clock = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const nowMinutes = () => new Date().getUTCHours() * 60 + new Date().getUTCMinutes();

function Menu({ rules }: { rules: HappyHourRule[] }) {
  const active = useHappyHour({ timezone: 'UTC', happy_hours: rules });
  return <><HappyHourBanner active={active} /><DrinkCardBody drink={drink} venueName="Bar" happyHour={active} /></>;
}

describe('happy hour on the guest menu', () => {
  it('shows "Happy hour until …" and the discounted price beside the struck menu price while it runs', async () => {
    const rule = { days: [0, 1, 2, 3, 4, 5, 6], start: clock(nowMinutes() - 30), end: clock(nowMinutes() + 90), discount_bp: 2500, categories: [] };
    render(<Menu rules={[rule]} />);
    // The clock maths load with a venue that has a happy hour (docs/decisions/275); here with the first use.
    expect((await screen.findByRole('status')).textContent).toMatch(/^Happy hour until \d{1,2}(:\d{2})? (am|pm)$/);
    expect(screen.getByLabelText(`was ${formatCents(1200)}`).textContent).toBe(formatCents(1200));
    expect(screen.getByText(formatCents(900), { exact: false })).toBeTruthy();
  });

  it('shows the menu price and no banner outside its hours or for another category', async () => {
    await loadHappyHourClock({ happy_hours: [{ days: [0], start: '00:00', end: '01:00', discount_bp: 100, categories: [] }] });
    const later = { days: [0, 1, 2, 3, 4, 5, 6], start: clock(nowMinutes() + 120), end: clock(nowMinutes() + 180), discount_bp: 2500, categories: [] };
    const { unmount } = render(<Menu rules={[later]} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(formatCents(1200))).toBeTruthy();
    unmount();
    const beerOnly = { ...later, start: clock(nowMinutes() - 30), end: clock(nowMinutes() + 90), categories: ['beer'] };
    render(<Menu rules={[beerOnly]} />);
    expect(screen.queryByText(formatCents(900), { exact: false })).toBeNull();
  });
});

// The close of night on screen (docs/product.md §11.11, docs/decisions/236): the night built in
// tests/worker/owner-night.test.ts, as the server answers it.
const collectedNight: NightReport = {
  day: '2026-11-27', timezone: 'America/New_York', starts_at: '2026-11-27T09:00:00.000Z', ends_at: '2026-11-28T09:00:00.000Z',
  tonight: true, until: '2026-11-28T02:30:00.000Z',
  orders: 6, gross_sales_cents: 8_500, average_ticket_cents: 1_558, busiest_hour: 22,
  by_drink: [{ name: 'Negroni', qty: 6, sales_cents: 8_500 }], by_category: [{ name: 'Cocktails', qty: 6, sales_cents: 8_500 }],
  by_staff: [{ name: 'Sam Staff', orders: 6, sales_cents: 8_500 }],
  open_checks: { count: 2, amount_cents: 1_920, checks: [
    { kind: 'order', id: 'o1', name: 'Guest unpaid', at: '2026-11-27T23:00:00.000Z', amount_cents: 1_320 },
    { kind: 'tab', id: 't1', name: 'Table 72', at: '2026-11-28T01:00:00.000Z', amount_cents: 600 },
  ] },
  collected: { payments: 7, sales_cents: 6_800, service_charge_cents: 350, tax_cents: 680, tips_cents: 350, refunds_cents: 1_380, amount_cents: 6_800 },
  payment_methods: [
    { method: 'Cash', payments: 4, sales_cents: 3_300, service_charge_cents: 150, tax_cents: 330, tips_cents: 150, refunds_cents: 880, amount_cents: 3_050 },
    { method: 'Card terminal', payments: 2, sales_cents: 2_500, service_charge_cents: 100, tax_cents: 250, tips_cents: 0, refunds_cents: 0, amount_cents: 2_850 },
    { method: 'Card in the app', payments: 1, sales_cents: 1_000, service_charge_cents: 100, tax_cents: 100, tips_cents: 200, refunds_cents: 500, amount_cents: 900 },
  ],
  refunds: { count: 2, cents: 1_380 }, card_fees_cents: 42, cancels: [], voids: [],
};

/** A table row's cells as read. */
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td, th')].map((c) => c.textContent ?? '');

/** "$1,234.56" or "-$13.80" → cents, as a reader adds them up. */
const centsOf = (text: string) => (text.trim().startsWith('-') ? -1 : 1) * Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

describe('the close of night on screen', () => {
  it('shows what was collected as lines that sum to each method and to the total, to the cent', async () => {
    mockApi({ 'GET /api/admin/reports/night': { body: collectedNight } });
    renderPage(<NightReportPage />);
    const table = await screen.findByRole('table', { name: 'What was collected' });
    const head = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(head).toEqual(['Method', 'Payments', 'Sales', 'Service charge', 'Tax', 'Tips', 'Refunds', 'Collected']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => cellsOf(row));
    expect(rows.map((r) => r[0])).toEqual(['Cash', 'Card terminal', 'Card in the app', 'Total']);
    for (const [name, , ...money] of rows) {
      const [sales, service, tax, tips, refunds, collected] = money.map(centsOf) as [number, number, number, number, number, number];
      expect(sales + service + tax + tips + refunds, name).toBe(collected);
    }
    const total = rows.at(-1)!.slice(2).map(centsOf);
    expect(total).toEqual(rows.slice(0, -1).reduce((sum, r) => sum.map((n, i) => n + centsOf(r[i + 2]!)), [0, 0, 0, 0, 0, 0]));
    expect(rows[0]![6]).toBe(`-${formatCents(880)}`);
  });

  it('shows one refunds figure, the open checks with their list, and tonight with its hours', async () => {
    mockApi({ 'GET /api/admin/reports/night': { body: collectedNight } });
    renderPage(<NightReportPage />);
    const tiles = await screen.findByRole('group', { name: 'Night totals' });
    const tile = (label: string) => within(tiles).getByText(label).previousElementSibling?.textContent;
    expect(tile('Refunds')).toBe(formatCents(1_380));
    expect(within(tiles).queryByText('Card refunds')).toBeNull();
    expect(tile('Open checks')).toBe(formatCents(1_920));
    expect(tile('Collected')).toBe(formatCents(6_800));
    expect(tile('Gross sales')).toBe(formatCents(8_500));
    const open = screen.getByRole('table', { name: 'Open checks' });
    expect(within(open).getAllByRole('row').slice(1).map((r) => [cellsOf(r)[0], cellsOf(r).at(-1)]))
      .toEqual([['Guest unpaid', formatCents(1_320)], ['Table 72', formatCents(600)], ['2 open', formatCents(1_920)]]);
    expect(screen.getByText(/^Tonight, /).textContent).toBe(`${nightHeading(collectedNight)} (America/New_York)`);
    expect(nightHeading(collectedNight, 'en-US')).toBe('Tonight, 4:00 AM – now');
    expect(nightHeading({ ...collectedNight, tonight: false }, 'en-US')).toBe('Friday, November 27, 2026, 4:00 AM – Saturday 4:00 AM');
  });
});
