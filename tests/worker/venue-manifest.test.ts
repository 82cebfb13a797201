// A web app manifest per venue (docs/decisions/227, amended 2026-11-28): Add to Home Screen adds the bar, opening its
// menu standalone, in its theme, with its generated logo, which the Worker serves.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Venue } from '../../shared/schemas/venue';
import { venueManifest } from '../../worker/venues/manifest';
import { call, expectApiError } from './helpers';

/** The RGB pixels of a one-IDAT, unfiltered 8-bit RGB PNG (what worker/images/png.ts writes). */
async function decodeRgb(png: Uint8Array, size: number) {
  const view = new DataView(png.buffer, png.byteOffset);
  let offset = 8;
  let idat: Uint8Array | null = null;
  while (offset < png.length) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(png.subarray(offset + 4, offset + 8));
    if (type === 'IDAT') idat = png.subarray(offset + 8, offset + 8 + length);
    offset += 12 + length;
  }
  const rows = new Uint8Array(await new Response(new Blob([idat!]).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer());
  expect(rows.length).toBe(size * (size * 3 + 1));
  const pixels = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y += 1) pixels.set(rows.subarray(y * (size * 3 + 1) + 1, (y + 1) * (size * 3 + 1)), y * size * 3);
  return pixels;
}

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
    const icon = manifest.icons.find((i) => i.type === 'image/svg+xml')!;
    expect(icon).toMatchObject({ sizes: 'any', type: 'image/svg+xml' });
    expect(icon.src).toMatch(/^\/images\/art\/venue-logo\/[0-9a-f]{8}\.svg\?/);
    const art = await call('GET', icon.src);
    expect(art.status).toBe(200);
    expect(art.headers.get('Content-Type')).toContain('image/svg+xml');
  });

  it('installs: PNG icons of 192 and 512 px in the venue colours, which the Worker draws (docs/decisions/253)', async () => {
    const venue = (await call('GET', '/api/venues/artisan-bar')).json.venue as Venue;
    const manifest = (await call('GET', '/api/venues/artisan-bar/manifest.webmanifest')).json as ReturnType<typeof venueManifest>;
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === 'any');
      expect(icon, `${size} px icon`).toMatchObject({ type: 'image/png' });
      expect(icon!.src).toContain(`p=${venue.theme_colors.primary.slice(1).toLowerCase()}`);
      const res = await exports.default.fetch(new Request(`http://localhost${icon!.src}`));
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/png');
      expect(res.headers.get('Cache-Control')).toContain('immutable');
      const png = new Uint8Array(await res.arrayBuffer());
      expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
      const header = new DataView(png.buffer, png.byteOffset + 16, 8);
      expect([header.getUint32(0), header.getUint32(4)]).toEqual([size, size]);
      // Decoded back: its corner is the venue's primary colour, the glass's foot in the middle is not.
      const pixels = await decodeRgb(png, size);
      const hex = (x: number, y: number) => `#${[...pixels.subarray((y * size + x) * 3, (y * size + x) * 3 + 3)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
      expect(hex(2, 2)).toBe(venue.theme_colors.primary.toLowerCase());
      expect(hex(size / 2, Math.round(size * 0.72))).not.toBe(venue.theme_colors.primary.toLowerCase());
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
  });

  it('an icon URL whose colours or size were changed is 404, not another drawing', async () => {
    const manifest = (await call('GET', '/api/venues/artisan-bar/manifest.webmanifest')).json as ReturnType<typeof venueManifest>;
    const src = manifest.icons.find((i) => i.sizes === '192x192')!.src;
    expect((await call('GET', src.replace('-192.png', '-512.png'))).status).toBe(404);
    expect((await call('GET', src.replace(/p=[0-9a-f]{6}/, 'p=000000'))).status).toBe(404);
    expect((await call('GET', src.replace('-192.png', '-64.png'))).status).toBe(404);
  });

  it('an unknown venue is 404 in the docs/api.md error shape', async () => {
    expect(expectApiError(await call('GET', '/api/venues/no-such-bar/manifest.webmanifest'), 404).code).toBe('not_found');
  });

  it('an uploaded logo comes first; colours that are not #rrggbb fall back', () => {
    const manifest = venueManifest({
      slug: 'x', name: 'Bar X', description: '', logo_url: 'https://cdn.example.test/logo.png',
      theme_colors: { primary: 'red', secondary: 'blue', background: 'white', text: '#000000' },
    });
    expect(manifest.icons.map((i) => i.src).slice(0, 2)).toEqual(['https://cdn.example.test/logo.png', '/favicon.svg']);
    expect(manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
    expect(manifest.theme_color).toBe('#000000');
    expect(manifest.background_color).toBe('#ffffff');
  });
});
