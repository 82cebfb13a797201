// What is in the glass on every screen that shows a drink (docs/decisions/238): the menu card, the
// cart line (through GlassFacts, as the drink page and suggestion cards) and the staff build sheet.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/schemas/order';
import { DrinkCardBody } from '../../app/features/guest/menu/DrinkCard';
import { BuildSheetModal } from '../../app/features/staff/shared/BuildSheetModal';
import { buildDrinksOf } from '../../app/features/staff/shared/recipes';
import { GlassFacts } from '../../app/ui/GlassFacts';
import { drink } from './guest-fixtures';

describe('Contains and Alcohol-free', () => {
  it('a menu card names the allergens; a drink without alcohol says Alcohol-free, one with alcohol does not', () => {
    const { container, unmount } = render(<DrinkCardBody drink={drink('d1', 'Amaretto Sour', 'cocktail', 1200, { allergens: ['eggs', 'tree nuts'], contains_alcohol: true })} venueName="Bar" />);
    expect(container.textContent).toContain('Contains: eggs, tree nuts');
    expect(screen.queryByText('Alcohol-free')).toBeNull();
    unmount();
    render(<DrinkCardBody drink={drink('d2', 'Virgin Mojito', 'mocktail', 900, { allergens: [], contains_alcohol: false })} venueName="Bar" />);
    expect(screen.getByText('Alcohol-free')).toBeTruthy();
    expect(screen.queryByText(/Contains:/)).toBeNull();
  });

  it('GlassFacts shows nothing for a drink with alcohol and no allergens', () => {
    const { container } = render(<GlassFacts allergens={[]} containsAlcohol />);
    expect(container.textContent).toBe('');
  });

  it("the staff build sheet shows each order line's allergens and Alcohol-free", () => {
    const item = (id: string, name: string, allergens: string[], alcohol: boolean) => ({
      id, menu_drink_id: null, name, quantity: 1, price_cents: 1800, total_cents: 1800, notes: null, modifiers: null,
      image_url: null, is_ai_creation: true, ai_recipe_name: name, recipe: [{ ingredient: 'Orgeat', quantity: 15, unit: 'ml' }],
      allergens, contains_alcohol: alcohol, description: null,
    });
    const order = { items: [item('i1', 'Nutty Cooler', ['tree nuts'], false), item('i2', 'Rum Punch', [], true)] } as unknown as Order;
    render(<BuildSheetModal title="Build" drinks={buildDrinksOf(order, [])} onClose={() => undefined} />);
    const cooler = screen.getByLabelText('Build sheet for Nutty Cooler');
    expect(cooler.textContent).toContain('Contains: tree nuts');
    expect(cooler.textContent).toContain('Alcohol-free');
    const punch = screen.getByLabelText('Build sheet for Rum Punch');
    expect(punch.textContent).not.toContain('Alcohol-free');
    expect(punch.textContent).not.toContain('Contains:');
  });
});
