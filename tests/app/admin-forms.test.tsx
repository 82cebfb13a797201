// docs/product.md §9.4, §11.1: admin forms keep what the owner entered and say, next to the field, why a save failed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuDrinkForm } from '../../app/features/admin/dashboard/MenuDrinkForm';
import { MenuDrinksTab } from '../../app/features/admin/dashboard/MenuDrinksTab';
import type { AdminMenuDrink } from '../../shared/schemas/admin';
import { mockApi, renderPage } from './render';

const ingredients = [
  { id: 'gin', name: 'Gin', category: 'spirit', unit: 'bottle', unit_volume_ml: 750 },
  { id: 'campari', name: 'Campari', category: 'liqueur', unit: 'bottle', unit_volume_ml: 750 },
  { id: 'vermouth', name: 'Sweet vermouth', category: 'fortified wine', unit: 'bottle', unit_volume_ml: 750 },
];
const negroni: AdminMenuDrink = {
  id: 'negroni', restaurant_id: 'v', name: 'Negroni', description: 'Bitter and sweet', price: 14, price_cents: 1400, category: 'cocktail',
  image_url: null, enabled: true, available: true, sold_out_reason: null, allergens: [], extra_allergens: [], contains_alcohol: true, unchecked_ingredients: ['Carpano Antica'], featured: false, display_order: 1, updated_at: '2026-11-23T00:00:00Z',
  recipe: [
    { id: 'l1', ingredient_id: 'gin', ingredient_name: 'Gin', raw_name: 'Gin', quantity: 30, unit: 'ml', is_optional: false, position: 0, no_allergens_confirmed: false },
    { id: 'l2', ingredient_id: null, ingredient_name: 'Carpano Antica', raw_name: 'Carpano Antica', quantity: 30, unit: 'ml', is_optional: false, position: 1, no_allergens_confirmed: false },
  ],
  modifier_groups: [],
};

function api(save: () => { status?: number; body: unknown }) {
  return mockApi({ 'GET /api/admin/ingredients': { body: { ingredients } }, 'PATCH /api/admin/menu-drinks/negroni': save });
}

/** The JSON body of the last request to `path`. */
async function lastBody(calls: Request[], path: string) {
  const req = [...calls].reverse().find((r) => new URL(r.url).pathname === path && r.method !== 'GET');
  return req ? JSON.parse(await req.clone().text()) : null;
}

describe('menu drink form', () => {
  it('shows an unmatched line\'s text, suggests matches, and saves a price change alone', async () => {
    const calls = api(() => ({ body: { drink: { ...negroni, price_cents: 1500, price: 15 } } }));
    renderPage(<MenuDrinkForm drink={negroni} onClose={() => undefined} />);
    expect((screen.getByLabelText('Ingredient text 2') as HTMLInputElement).value).toBe('Carpano Antica');
    await screen.findAllByRole('option', { name: 'Sweet vermouth' }, { timeout: 5000 });
    expect((screen.getByLabelText('Ingredient 2') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Free text (not matched)');
    fireEvent.change(screen.getByLabelText('Price ($) *'), { target: { value: '15.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(async () => expect(await lastBody(calls, '/api/admin/menu-drinks/negroni')).toEqual({ price_cents: 1500 }));
    expect(screen.queryByText('Each recipe line needs an ingredient and a quantity greater than 0')).toBeNull();

    // A free-text line offers the closest catalogue ingredients as one-tap matches.
    fireEvent.click(screen.getByRole('button', { name: 'Add ingredient' }));
    fireEvent.change(screen.getByLabelText('Ingredient text 3'), { target: { value: 'campary' } });
    fireEvent.click(within(screen.getAllByTestId('recipe-line')[2]!).getByRole('button', { name: 'Campari' }));
    expect((screen.getByLabelText('Ingredient 3') as HTMLSelectElement).value).toBe('campari');
  });

  it('names a recipe line left as free text and asks once more before saving it (docs/decisions/238)', async () => {
    const calls = api(() => ({ body: { drink: negroni } }));
    renderPage(<MenuDrinkForm drink={negroni} onClose={() => undefined} />);
    await screen.findAllByRole('option', { name: 'Sweet vermouth' }, { timeout: 5000 });
    expect(screen.getByText('Not matched to an ingredient: Carpano Antica.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add ingredient' }));
    fireEvent.change(screen.getByLabelText('Ingredient text 3'), { target: { value: 'Disaronno' } });
    fireEvent.change(screen.getByLabelText('Quantity 3'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('Not matched to an ingredient: Carpano Antica, Disaronno.');
    expect(warning.textContent).toContain('"May contain allergens we could not check: Carpano Antica, Disaronno"');
    expect(await lastBody(calls, '/api/admin/menu-drinks/negroni')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(async () => expect((await lastBody(calls, '/api/admin/menu-drinks/negroni'))?.recipe?.map((l: { raw_name?: string }) => l.raw_name)).toEqual(['Gin', 'Carpano Antica', 'Disaronno']));
  });

  it('the owner confirms a free-text line has no allergens: the warning goes and the line is saved confirmed (docs/decisions/238)', async () => {
    const calls = api(() => ({ body: { drink: negroni } }));
    renderPage(<MenuDrinkForm drink={negroni} onClose={() => undefined} />);
    await screen.findAllByRole('option', { name: 'Sweet vermouth' }, { timeout: 5000 });
    expect(screen.getByText('Not matched to an ingredient: Carpano Antica.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Carpano Antica has no allergens (I checked)'));
    expect(screen.queryByText(/Not matched to an ingredient/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(async () => expect((await lastBody(calls, '/api/admin/menu-drinks/negroni'))?.recipe?.map((l: { no_allergens_confirmed?: boolean }) => l.no_allergens_confirmed)).toEqual([false, true]));
  });

  it('refuses 12.345 without rounding, shows the server\'s reason next to the field, and clears a fixed error', async () => {
    const calls = api(() => ({
      status: 400, body: { error: { code: 'invalid_request', message: 'Invalid request', details: [{ path: 'description', message: 'Description is at most 1,000 characters' }] } },
    }));
    renderPage(<MenuDrinkForm drink={negroni} onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Price ($) *'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Price has at most two decimals (cents)')).toBeTruthy();
    expect(calls.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Price ($) *'), { target: { value: '12.35' } });
    expect(screen.queryByText('Price has at most two decimals (cents)')).toBeNull();

    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const error = await screen.findByText('Description is at most 1,000 characters');
    expect(error.id).toBe(screen.getByLabelText('Description').getAttribute('aria-describedby'));
    expect(screen.queryByText(/Failed to update menu drink/)).toBeNull();
  });
});

describe('menu drinks tab', () => {
  it('an Add Drink dialog opened before the list arrives stays open when it arrives', async () => {
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((r) => { release = r; });
    mockApi({
      'GET /api/admin/ingredients': { body: { ingredients } },
      'GET /api/admin/menu-drinks': { body: { drinks: [negroni] } },
    });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes('/api/admin/menu-drinks')) await arrived;
      return realFetch(input, init);
    }) as typeof fetch;
    renderPage(<MenuDrinksTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Drink' }));
    expect(screen.getByRole('dialog', { name: 'Add Menu Drink' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Paloma' } });
    release();
    await screen.findByRole('heading', { name: 'Negroni' });
    expect(screen.getByRole('dialog', { name: 'Add Menu Drink' })).toBeTruthy();
    expect((screen.getByLabelText('Name *') as HTMLInputElement).value).toBe('Paloma');
  });
});

describe('forms that keep work (docs/decisions/199)', () => {
  it('Escape on Add Drink with something typed asks first; Keep editing keeps it, Discard closes; an untouched form just closes', async () => {
    api(() => ({ body: {} }));
    let closed = 0;
    renderPage(<MenuDrinkForm drink={null} onClose={() => { closed += 1; }} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closed).toBe(1);

    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Midnight Sour' } });
    fireEvent.keyDown(document, { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'Discard this drink?' });
    expect(ask.textContent).toContain('what you typed is lost');
    expect(closed).toBe(1);
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Discard this drink?' })).toBeNull();
    expect((screen.getByLabelText('Name *') as HTMLInputElement).value).toBe('Midnight Sour');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard this drink?' })).getByRole('button', { name: 'Discard changes' }));
    expect(closed).toBe(2);
  });

  it('leaving Venue Profile with an unsaved edit asks first, and closing the tab is held by the browser', async () => {
    const venue = {
      id: 'v', slug: 'artisan-bar', name: 'The Artisan Bar', description: '', address: '', image_url: null, phone: null, logo_url: null, cover_image_url: null,
      theme_colors: { primary: '#111111', secondary: '#222222', background: '#ffffff', text: '#000000' }, opening_hours: '', timezone: 'UTC', active: true,
      tax_rate_bp: 875, day_cutoff_minutes: 240, happy_hours: [], category_order: [], created_at: '2026-11-01T00:00:00Z',
    };
    mockApi({ 'GET /api/admin/venue': { body: { venue } } });
    const { default: VenueProfilePage } = await import('../../app/features/admin/profile/VenueProfilePage');
    renderPage(<><a href="/admin/qr">QR Generator</a><VenueProfilePage /></>, '/admin/profile');
    fireEvent.change(await screen.findByLabelText('Name *'), { target: { value: 'The Artisan Bar & Kitchen' } });
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'QR Generator' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(ask.textContent).toContain('venue profile are not saved');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Name *') as HTMLInputElement).value).toBe('The Artisan Bar & Kitchen');
  });
});
