// Super console screens in jsdom against canned API replies: empty, error and validation states.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AiSettingsPage from '../../app/features/super/ai-settings/AiSettingsPage';
import { DEFAULT_BARTENDER_PROMPT } from '../../app/features/super/ai-settings/default-prompt';
import ErrorLogsPage from '../../app/features/super/errors/ErrorLogsPage';
import NormalizePage from '../../app/features/super/normalize/NormalizePage';
import OverviewPage from '../../app/features/super/overview/OverviewPage';
import VenuesPage from '../../app/features/super/venues/VenuesPage';
import { mockApi, renderPage } from './render';

const EMPTY_OVERVIEW = {
  window: '7d', revenue_7d: 0, revenue_30d: 0, revenue_7d_cents: 0, revenue_30d_cents: 0, orders_7d: 0, orders_30d: 0,
  top_venues: [], top_drinks: [], recent_orders: [], as_of: null,
};

const VENUE = {
  id: 'v1', slug: 'artisan-bar', name: 'The Artisan Bar', description: '', address: '418 Hudson St', image_url: null, phone: '(212) 555-0142',
  logo_url: null, cover_image_url: null, theme_colors: { primary: '#b45309', secondary: '#78350f', background: '#fdf8f0', text: '#292018' },
  opening_hours: 'Daily', timezone: 'America/New_York', active: true, tax_rate_bp: 875, day_cutoff_minutes: 240, happy_hours: [], category_order: [], created_at: '2025-01-01T00:00:00.000Z', card_payments: 'charges_enabled' as const,
};

describe('Platform Overview', () => {
  it('shows every empty state when there are no orders', async () => {
    mockApi({ 'GET /api/super/overview': { body: EMPTY_OVERVIEW } });
    renderPage(<OverviewPage />);
    expect(await screen.findByText('No venue data available')).toBeTruthy();
    expect(screen.getByText('No recent orders available')).toBeTruthy();
    expect(screen.getByText('No drink data available')).toBeTruthy();
    expect(screen.getAllByText('No orders yet')).toHaveLength(4);
    expect(screen.getByText(/No figures rolled up yet/)).toBeTruthy();
  });

  it('says how fresh the figures are, in UTC', async () => {
    const asOf = `${new Date().toISOString().slice(0, 10)}T14:32:05.000Z`;
    mockApi({ 'GET /api/super/overview': { body: { ...EMPTY_OVERVIEW, as_of: asOf } } });
    renderPage(<OverviewPage />);
    const time = await screen.findByText('14:32 UTC');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(asOf);
    expect(time.parentElement!.textContent).toBe("Each venue's own business days, today included. Figures as of 14:32 UTC.");
  });

  it('shows the failure with Retry, and Retry loads the data', async () => {
    let calls = 0;
    mockApi({
      'GET /api/super/overview': () => (++calls === 1
        ? { status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong on our side' } } }
        : { body: { ...EMPTY_OVERVIEW, orders_7d: 3, revenue_7d_cents: 4500, revenue_7d: 45 } }),
    });
    renderPage(<OverviewPage />);
    expect(screen.getByText('Loading overview...')).toBeTruthy();
    expect(await screen.findByText('Failed to load overview data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByText('$45.00')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Real data').length).toBeGreaterThan(0);
  });

  it('treats a reply of the wrong shape as a schema mismatch', async () => {
    mockApi({ 'GET /api/super/overview': { body: { revenue_7d: 'lots' } } });
    renderPage(<OverviewPage />);
    expect(await screen.findByText('Failed to load overview data')).toBeTruthy();
    expect(screen.getByText('Schema mismatch for superApi')).toBeTruthy();
  });
});

describe('Venues', () => {
  it('filters by name or slug and status, with both empty texts', async () => {
    mockApi({
      'GET /api/super/venues': { body: { venues: [VENUE, { ...VENUE, id: 'v2', slug: 'velvet-speakeasy', name: 'The Velvet Speakeasy', active: false, card_payments: 'incomplete' }] } },
      'GET /api/super/top-venues': (req) => {
        expect(new URL(req.url).searchParams.get('limit')).toBe('10');
        return { body: { top_venues: [] } };
      },
    });
    renderPage(<VenuesPage />);
    expect(await screen.findByText('Manage all venues across the platform')).toBeTruthy();
    expect(await screen.findByText('The Velvet Speakeasy')).toBeTruthy();
    expect(within(screen.getByText('The Artisan Bar').closest('tr')!).getByText('Charges enabled')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    // Each venue's Stripe connection (docs/decisions/244).
    expect(within(screen.getByText('The Velvet Speakeasy').closest('tr')!).getByText('Setup incomplete')).toBeTruthy();
    expect(screen.queryByText('The Artisan Bar')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search venues by name or slug'), { target: { value: 'artisan' } });
    expect(screen.getByText('No venues found matching your criteria.')).toBeTruthy();
  });

  it('rejects a slug that is not URL-safe in the editor without calling the API', async () => {
    const calls = mockApi({ 'GET /api/super/venues': { body: { venues: [] } }, 'GET /api/super/top-venues': { body: { top_venues: [] } } });
    renderPage(<VenuesPage />);
    expect(await screen.findByText('No venues available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Venue' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Venue' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Copper Still' } });
    expect((within(dialog).getByLabelText('Slug') as HTMLInputElement).value).toBe('copper-still');
    fireEvent.change(within(dialog).getByLabelText('Slug'), { target: { value: 'copper still!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create venue' }));
    expect(await within(dialog).findByText('Slug may only contain lowercase letters, digits and single hyphens')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('AI Settings', () => {
  it('falls back to the built-in prompt, disables Save when blank, and adds garnishes with Enter', async () => {
    mockApi({ 'GET /api/ai/global-prompt': { status: 500, body: { error: { code: 'internal_error', message: 'down' } } } });
    renderPage(<AiSettingsPage />);
    const prompt = await screen.findByLabelText('System prompt') as HTMLTextAreaElement;
    expect(prompt.value).toBe(DEFAULT_BARTENDER_PROMPT);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    fireEvent.change(prompt, { target: { value: '   ' } });
    expect(save.disabled).toBe(true);

    const garnish = screen.getByLabelText('Garnish suggestions', { selector: 'input' });
    for (const value of ['  Basil leaf ', 'basil leaf', '   ']) {
      fireEvent.change(garnish, { target: { value } });
      fireEvent.keyDown(garnish, { key: 'Enter' });
    }
    const list = screen.getByRole('list', { name: 'Garnish suggestions' });
    expect(within(list).getAllByText('Basil leaf')).toHaveLength(1);
  });

  it('edits a flavour rule as a form, not JSON: a boost out of range is named and nothing is sent; a good rule is sent as objects', async () => {
    const calls = mockApi({
      'GET /api/ai/global-prompt': { body: { system_prompt: 'x', garnish_suggestions: [], notes: '', updated_at: null } },
      'GET /api/ai/flavor-rules': { body: { rules: [] } },
      'POST /api/ai/flavor-rules': () => ({ status: 201, body: { rule: { id: 'r1', rule_name: 'bright_citrus', base_profile: { flavor_tags: ['Citrus'] }, adjustment_logic: { boost_factors: { Citrus: 1.5 }, reduce_factors: {} }, garnish_suggestions: [], notes: '', created_at: '2026-11-26T00:00:00Z', updated_at: '2026-11-26T00:00:00Z' } } }),
    });
    renderPage(<AiSettingsPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Flavor Rules' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New rule' }));
    const dialog = screen.getByRole('dialog', { name: 'New flavor rule' });
    expect(within(dialog).queryByText(/JSON/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Rule name'), { target: { value: 'bright_citrus' } });
    const tags = within(dialog).getByLabelText('Flavor tags', { selector: 'input' });
    fireEvent.change(tags, { target: { value: 'Citrus' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.click(within(within(dialog).getByRole('group', { name: 'Boost' })).getByRole('button', { name: 'Add tag' }));
    fireEvent.change(within(dialog).getByLabelText('Boost: tag 1'), { target: { value: 'Citrus' } });
    fireEvent.change(within(dialog).getByLabelText('Boost: factor 1'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(await within(dialog).findByText('Boost factors must be between 1 and 3')).toBeTruthy();
    expect(calls.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Boost: factor 1'), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(calls.filter((r) => r.method === 'POST')).toHaveLength(1));
    const sent = JSON.parse(await calls.find((r) => r.method === 'POST')!.clone().text());
    expect(sent).toEqual({
      rule_name: 'bright_citrus', base_profile: { flavor_tags: ['Citrus'] }, adjustment_logic: { boost_factors: { Citrus: 1.5 }, reduce_factors: {} },
      garnish_suggestions: [], notes: '',
    });
  });

  it('says No AI analytics available when the KPIs fail', async () => {
    mockApi({
      'GET /api/ai/global-prompt': { body: { system_prompt: 'x', garnish_suggestions: [], notes: '', updated_at: null } },
      'GET /api/super/venues': { body: { venues: [VENUE] } },
      'GET /api/ai/kpis': { status: 500, body: { error: { code: 'internal_error', message: 'down' } } },
      'GET /api/ai/interactions': { body: { interactions: [] } },
    });
    renderPage(<AiSettingsPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'AI Analytics' }));
    expect(await screen.findByText('No AI analytics available')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('option', { name: 'The Artisan Bar' })).toBeTruthy());
  });
});

describe('Normalize and error logs', () => {
  it('shows the normalised empty state', async () => {
    mockApi({
      'GET /api/super/unmatched-ingredients': { body: { ingredients: [] } },
      'GET /api/super/ingredients': { body: { ingredients: [] } },
      'GET /api/super/venues': { body: { venues: [VENUE] } },
    });
    renderPage(<NormalizePage />);
    expect(await screen.findByText('No unmatched ingredients')).toBeTruthy();
    expect(screen.getByText('All ingredient strings are properly normalized')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'artisan-bar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bulk Merge (0)' })).toHaveProperty('disabled', true);
  });

  it('shows counters from the data and No errors detected when the list is empty', async () => {
    mockApi({
      'GET /api/super/errors': { body: { errors: [], counts: { critical: 2, warnings: 5, resolved: 1 } } },
      'GET /api/super/errors/settings': { body: { retention_days: 30 } },
    });
    renderPage(<ErrorLogsPage />);
    expect(await screen.findByText('No errors detected')).toBeTruthy();
    const counters = screen.getByLabelText('Error counters');
    expect(within(counters).getByText('2')).toBeTruthy();
    expect(within(counters).getByText('5')).toBeTruthy();
  });
});

describe('destructive actions confirm and say what will happen', () => {
  it('Deactivate asks first, says guests lose the menu, and only then saves', async () => {
    const calls = mockApi({
      'GET /api/super/venues': { body: { venues: [VENUE] } },
      'GET /api/super/top-venues': { body: { top_venues: [] } },
      'PUT /api/super/venues/v1': { body: { venue: { ...VENUE, active: false } } },
    });
    renderPage(<VenuesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: `Deactivate ${VENUE.name}?` });
    expect(dialog.textContent).toContain('guests can no longer open its menu or place orders');
    expect(calls.filter((r) => r.method === 'PUT')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate venue' }));
    await waitFor(() => expect(calls.filter((r) => r.method === 'PUT')).toHaveLength(1));
  });
});
