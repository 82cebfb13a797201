import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DrinkCardBody } from '../../app/features/guest/menu/DrinkCard';
import { HappyHourBanner, useHappyHour } from '../../app/features/guest/pricing/happy-hour';
import { formatCents } from '../../shared/money';
import type { Drink } from '../../shared/schemas/drink';
import type { HappyHourRule } from '../../shared/schemas/venue';

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
  it('shows "Happy hour until …" and the discounted price beside the struck menu price while it runs', () => {
    const rule = { days: [0, 1, 2, 3, 4, 5, 6], start: clock(nowMinutes() - 30), end: clock(nowMinutes() + 90), discount_bp: 2500, categories: [] };
    render(<Menu rules={[rule]} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Happy hour until \d{1,2}(:\d{2})? (am|pm)$/);
    expect(screen.getByLabelText(`was ${formatCents(1200)}`).textContent).toBe(formatCents(1200));
    expect(screen.getByText(formatCents(900), { exact: false })).toBeTruthy();
  });

  it('shows the menu price and no banner outside its hours or for another category', () => {
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
