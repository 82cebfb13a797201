import { describe, expect, it } from 'vitest';
import { Venue, VenueList } from '../../shared/schemas/venue';
import { DrinkList } from '../../shared/schemas/drink';
import { call, expectApiError } from './helpers';

describe('health', () => {
  it('answers the liveness check', async () => {
    const res = await call('GET', '/api/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
  });

  it('answers the database check after a real query', async () => {
    const res = await call('GET', '/api/healthz/db');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
  });
});

describe('venues', () => {
  it('lists the active demo venues, never the inactive one', async () => {
    const res = await call('GET', '/api/venues');
    expect(res.status).toBe(200);
    const { venues } = VenueList.parse(res.json);
    expect(venues.length).toBeGreaterThanOrEqual(3);
    expect(venues.every((v) => v.active)).toBe(true);
    const slugs = venues.map((v) => v.slug);
    expect(slugs).toContain('artisan-bar');
    expect(slugs).toContain('rooftop-lounge');
    expect(slugs).not.toContain('velvet-speakeasy');
  });

  it('finds a venue by slug and by id, with its theme', async () => {
    const bySlug = await call('GET', '/api/venues/artisan-bar');
    expect(bySlug.status).toBe(200);
    const venue = Venue.parse(bySlug.json.venue);
    expect(venue.theme_colors.primary).toMatch(/^#[0-9a-f]{6}$/i);
    const byId = await call('GET', `/api/venues/${venue.id}`);
    expect(byId.json.venue.slug).toBe('artisan-bar');
  });

  it('answers 404 in the error shape for an unknown or inactive venue', async () => {
    const unknown = expectApiError(await call('GET', '/api/venues/no-such-bar'), 404);
    expect(unknown.message).toBe('Venue not found');
    expectApiError(await call('GET', '/api/venues/velvet-speakeasy'), 404);
  });

  it('lists a venue menu of available drinks, featured first', async () => {
    const res = await call('GET', '/api/venues/artisan-bar/drinks');
    expect(res.status).toBe(200);
    const { drinks } = DrinkList.parse(res.json);
    expect(drinks.length).toBeGreaterThanOrEqual(25);
    expect(drinks.every((d) => d.available)).toBe(true);
    // docs/decisions/184: featured drinks lead the menu (tests/worker/menu-that-sells.test.ts has the whole order).
    const featured = drinks.filter((d) => d.featured).length;
    expect(featured).toBeGreaterThan(0);
    expect(drinks.slice(0, featured).every((d) => d.featured)).toBe(true);
    expect(drinks[0]!.price).toBeCloseTo(drinks[0]!.price_cents / 100);
  });
});

describe('errors and headers', () => {
  it('answers an unknown API route with 404 in the error shape', async () => {
    const error = expectApiError(await call('GET', '/api/definitely-not-here'), 404);
    expect(error.code).toBe('not_found');
  });

  it('rejects an over-long id with 400 and details', async () => {
    const error = expectApiError(await call('GET', `/api/venues/${'x'.repeat(200)}`), 400);
    expect(error.code).toBe('invalid_request');
    expect(error.details).toBeTruthy();
  });

  it('sends security headers and a request id on every response', async () => {
    const res = await call('GET', '/api/healthz');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('X-Request-Id')).toBeTruthy();
  });

  it('serves a generated picture for seeded drinks', async () => {
    const res = await call('GET', '/images/generated/drink/old-fashioned.svg?glass=rocks&category=cocktail');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('image/svg+xml');
    expect(res.text).toContain('aria-label="Old Fashioned"');
  });
});
