import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Venue } from '../../shared/schemas/venue';
import VenuePickerPage, { filterVenues } from '../../app/features/venues/VenuePickerPage';
import { mockApi, renderPage } from './render';

const venue = (slug: string, name: string, address: string): Venue => ({
  id: `id-${slug}-0000000000`, slug, name, address, description: `${name} description`, image_url: null, phone: null,
  logo_url: null, cover_image_url: null, theme_colors: { primary: '#2563eb', secondary: '#1e3a8a', background: '#ffffff', text: '#1f2937' },
  opening_hours: '', timezone: 'UTC', active: true, tax_rate_bp: 875, day_cutoff_minutes: 240, happy_hours: [], category_order: [], handoff: 'pickup', pickup_point: 'at the bar', default_language: 'en', translations: {}, takes_cards: false, pay_first: false, created_at: '2026-01-01T00:00:00.000Z',
});

const VENUES = [venue('artisan-bar', 'The Artisan Bar', '12 Mercer St, New York'), venue('rooftop-lounge', 'Rooftop Lounge', '800 Sunset Blvd, Los Angeles')];

describe('venue picker', () => {
  it('filters by name or address', () => {
    expect(filterVenues(VENUES, 'rooftop').map((v) => v.slug)).toEqual(['rooftop-lounge']);
    expect(filterVenues(VENUES, 'MERCER').map((v) => v.slug)).toEqual(['artisan-bar']);
    expect(filterVenues(VENUES, '  ')).toHaveLength(2);
  });

  it('shows venue cards linking to their menus, and the empty state when nothing matches', async () => {
    mockApi({ 'GET /api/venues': { body: { venues: VENUES } } });
    renderPage(<VenuePickerPage />);
    const card = await screen.findByRole('link', { name: /The Artisan Bar/ });
    expect(card.getAttribute('href')).toBe('/venue/artisan-bar');
    expect(screen.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Staff Portal' }).getAttribute('href')).toBe('/staff');

    fireEvent.change(screen.getByLabelText('Search venues'), { target: { value: 'Sunset' } });
    expect(screen.queryByRole('link', { name: /The Artisan Bar/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Rooftop Lounge/ })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search venues'), { target: { value: 'nowhere at all' } });
    expect(screen.getByText('No venues found')).toBeTruthy();
  });

  it("toasts 'Failed to load venues' when the list cannot be read", async () => {
    mockApi({ 'GET /api/venues': { status: 500, body: { error: { code: 'internal_error', message: 'boom' } } } });
    renderPage(<VenuePickerPage />);
    expect(await screen.findByText('Failed to load venues')).toBeTruthy();
  });
});
