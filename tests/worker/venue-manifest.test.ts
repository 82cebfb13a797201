// A web app manifest per venue (docs/decisions/227, amended 2026-11-28): Add to Home Screen adds the bar, opening its
// menu standalone, in its theme, with its generated logo, which the Worker serves.
import { describe, expect, it } from 'vitest';
import type { Venue } from '../../shared/schemas/venue';
import { venueManifest } from '../../worker/venues/manifest';
import { call, expectApiError } from './helpers';

describe('GET /api/venues/:slug/manifest.webmanifest', () => {
  it("is the venue's: name, menu as start, scoped to the venue, standalone, theme colours, the generated logo", async () => {
    const venue = (await call('GET', '/api/venues/artisan-bar')).json.venue as Venue;
    const res = await call('GET', '/api/venues/artisan-bar/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/manifest+json');
    const manifest = res.json as ReturnType<typeof venueManifest>;
    expect(manifest).toMatchObject({
      id: '/venue/artisan-bar', name: venue.name, start_url: '/venue/artisan-bar', scope: '/venue/artisan-bar',
      display: 'standalone', theme_color: venue.theme_colors.secondary, background_color: venue.theme_colors.background,
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const icon = manifest.icons.at(-1)!;
    expect(icon).toMatchObject({ sizes: 'any', type: 'image/svg+xml' });
    expect(icon.src).toMatch(/^\/images\/art\/venue-logo\/[0-9a-f]{8}\.svg\?/);
    const art = await call('GET', icon.src);
    expect(art.status).toBe(200);
    expect(art.headers.get('Content-Type')).toContain('image/svg+xml');
  });

  it('an unknown venue is 404 in the docs/api.md error shape', async () => {
    expect(expectApiError(await call('GET', '/api/venues/no-such-bar/manifest.webmanifest'), 404).code).toBe('not_found');
  });

  it('an uploaded logo comes first; colours that are not #rrggbb fall back', () => {
    const manifest = venueManifest({
      slug: 'x', name: 'Bar X', description: '', logo_url: 'https://cdn.example.test/logo.png',
      theme_colors: { primary: 'red', secondary: 'blue', background: 'white', text: '#000000' },
    });
    expect(manifest.icons.map((i) => i.src)).toEqual(['https://cdn.example.test/logo.png', '/favicon.svg']);
    expect(manifest.theme_color).toBe('#000000');
    expect(manifest.background_color).toBe('#ffffff');
  });
});
