// The menu that sells (docs/decisions/184, 185): featured drinks first, then the admin's category order; one
// Cocktails category in the demo; every demo drink its own art.
import { describe, expect, it } from 'vitest';
import { DrinkList } from '../../shared/schemas/drink';
import { Venue } from '../../shared/schemas/venue';
import { DEMO_VENUES } from '../../worker/db/seed/demo-content';
import { parseArt } from '../../worker/images/drink-art';
import { DEMO_EMAILS, mintToken } from './auth-helpers';
import { call, expectApiError } from './helpers';

const menuOf = async (slug: string) => DrinkList.parse((await call('GET', `/api/drinks?slug=${slug}`)).json).drinks;
const seededSlugs = DEMO_VENUES.filter((venue) => venue.menu).map((venue) => venue.slug);

describe('the guest menu', () => {
  it('starts with the featured drinks, then each category in the venue\'s order — not alphabetically', async () => {
    const drinks = await menuOf('artisan-bar');
    const venue = Venue.parse((await call('GET', '/api/venues/artisan-bar')).json.venue);
    const featured = drinks.filter((d) => d.featured);
    expect(featured.length).toBeGreaterThan(0);
    expect(drinks.slice(0, featured.length).every((d) => d.featured)).toBe(true);
    expect(drinks[0]!.name).not.toBe('Aged Rum, neat');
    const categories = [...new Set(drinks.slice(featured.length).map((d) => d.category))];
    expect(categories).toEqual(venue.category_order.filter((c) => categories.includes(c)));
    expect(venue.category_order[0]).toBe('cocktail');
  });

  it('has one cocktail category in every demo venue, not four overlapping ones', async () => {
    for (const slug of seededSlugs) {
      const categories = new Set((await menuOf(slug)).map((d) => d.category));
      expect(categories.has('cocktail'), slug).toBe(true);
      for (const overlapping of ['house_classic', 'menu_cocktail', 'other']) expect(categories.has(overlapping), `${slug}: ${overlapping}`).toBe(false);
    }
  });

  it('follows the order the admin sets; a category listed twice is refused and changes nothing', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const twice = expectApiError(await call('PATCH', '/api/admin/venue', { token: admin, body: { category_order: ['beer', 'beer'] } }), 400);
    expect(twice.code).toBe('invalid_request');
    const res = await call('PATCH', '/api/admin/venue', { token: admin, body: { category_order: ['beer', 'mocktail'] } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.venue.category_order).toEqual(['beer', 'mocktail']);
    const drinks = (await menuOf('artisan-bar')).filter((d) => !d.featured);
    const categories = [...new Set(drinks.map((d) => d.category))];
    expect(categories.slice(0, 2)).toEqual(['beer', 'mocktail']);
    // The rest follow by name.
    expect(categories.slice(2)).toEqual([...categories.slice(2)].sort());
  });
});

describe('demo drink art', () => {
  it('is distinct for every demo drink: no two share a picture', async () => {
    for (const slug of seededSlugs) {
      const drinks = await menuOf(slug);
      const urls = drinks.map((d) => d.image_url!);
      expect(new Set(urls).size, slug).toBe(urls.length);
      // Not only the URL: what is drawn differs too (two drinks of one recipe get their own backdrop).
      const drawings = urls.map((url) => {
        const parsed = new URL(url, 'https://art.invalid');
        const art = parseArt(parsed.pathname.split('/').pop()!.replace('.svg', ''), parsed.searchParams);
        expect(art, url).not.toBeNull();
        return JSON.stringify(art);
      });
      expect(new Set(drawings).size, slug).toBe(drawings.length);
    }
  });
});
