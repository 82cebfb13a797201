import { describe, expect, it } from 'vitest';
import { REFERENCE_DRINKS, REFERENCE_INGREDIENTS } from '../../worker/db/seed/reference-data';
import { drinkArt, drinkArtSvg, drinkArtUrl, type ArtDrink } from '../../worker/images/drink-art';
import { venueArtUrl } from '../../worker/images/venue-art';
import { ingredientLook } from '../../shared/ingredient-colours';
import { DrinkList } from '../../shared/schemas/drink';
import { Venue } from '../../shared/schemas/venue';
import { call } from './helpers';
import { DEMO_EMAILS, mintToken } from './auth-helpers';
import { env } from 'cloudflare:workers';

// Generated drink art and venue covers (docs/decisions/185).
const reference = (name: string): ArtDrink => {
  const drink = REFERENCE_DRINKS.find((d) => d.name === name)!;
  return { glass: drink.glass, category: drink.category, method: drink.method, recipe: drink.recipe.map((l) => ({ ...l })) };
};
const svgAt = async (url: string) => {
  const res = await call('GET', url);
  expect(res.status, url).toBe(200);
  return res;
};

describe('drink art', () => {
  it('gives every catalogue ingredient a look', () => {
    expect(REFERENCE_INGREDIENTS.filter((i) => !ingredientLook(i.name)).map((i) => i.name)).toEqual([]);
  });

  it('draws the glass the drink is served in', async () => {
    const cases: [string, string][] = [['Dry Martini', 'martini'], ['Old Fashioned', 'rocks'], ['Moscow Mule', 'mug'], ['Piña Colada', 'tiki'], ['Mojito', 'highball']];
    for (const [name, glass] of cases) {
      const res = await svgAt(drinkArtUrl(reference(name)));
      expect(res.text, name).toContain(`data-glass="${glass}"`);
    }
  });

  it('shows the garnish, ice and layers the recipe has', async () => {
    const mule = (await svgAt(drinkArtUrl(reference('Moscow Mule')))).text;
    expect(mule).toContain('class="garnish-lime-wheel"');
    const mojito = { ...reference('Mojito') };
    mojito.recipe = [...mojito.recipe, { ingredient: 'Lime wedge', quantity: 1, unit: 'piece' }];
    const svg = (await svgAt(drinkArtUrl(mojito))).text;
    expect(svg).toContain('class="garnish-mint"');
    expect(svg).toContain('class="garnish-lime-wheel"');
    expect(drinkArt(reference('Dry Martini')).garnishes).toEqual(['olive']);
    expect(drinkArt(reference('Old Fashioned')).ice).toBe('big');
    expect(drinkArt(reference('Dry Martini')).ice).toBe('none');
    // Grenadine sinks: a sunrise is red at the bottom and orange on top.
    const sunrise = drinkArt(reference('Tequila Sunrise'));
    expect(sunrise.layers.length).toBeGreaterThan(1);
    expect(sunrise.layers[0]!.colour).not.toBe(sunrise.layers.at(-1)!.colour);
    expect(drinkArt(reference('Mojito')).bubbles).toBe(true);
  });

  it('gives a new URL when the recipe changes, the same URL when it does not', () => {
    const negroni = reference('Negroni');
    expect(drinkArtUrl(reference('Negroni'))).toBe(drinkArtUrl(negroni));
    const changed = { ...negroni, recipe: negroni.recipe.map((l) => (l.ingredient === 'Campari' ? { ...l, ingredient: 'Aperol' } : l)) };
    expect(drinkArtUrl(changed)).not.toBe(drinkArtUrl(negroni));
    expect(drinkArtUrl({ ...negroni, glass: 'coupe' })).not.toBe(drinkArtUrl(negroni));
  });

  it('is served as a small, immutable SVG; a URL it did not write is not found', async () => {
    const url = drinkArtUrl(reference('Negroni'));
    const res = await svgAt(url);
    expect(res.headers.get('Content-Type')).toContain('image/svg+xml');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    for (const drink of REFERENCE_DRINKS) expect(drinkArtSvg(drinkArt(reference(drink.name))).length, drink.name).toBeLessThan(6000);
    const tampered = await call('GET', url.replace('g=rocks', 'g=coupe'));
    expect(tampered.status).toBe(404);
    expect((tampered.json as { error: { code: string } }).error.code).toBeTruthy();
    expect((await call('GET', url.replace(/art\/[0-9a-f]{8}/, 'art/00000000'))).status).toBe(404);
  });

  it('is what the seeded menu shows for drinks without a photo', async () => {
    const { drinks } = DrinkList.parse((await call('GET', '/api/drinks?slug=artisan-bar')).json);
    expect(drinks.length).toBeGreaterThan(0);
    expect(drinks.every((d) => d.image_url?.startsWith('/images/art/'))).toBe(true);
    await svgAt(drinks[0]!.image_url!);
  });
});

describe('venue covers and logos', () => {
  it('are typographic art in the venue\'s own theme colours', async () => {
    const venue = Venue.parse((await call('GET', '/api/venues/artisan-bar')).json.venue);
    const cover = venue.cover_image_url ?? venue.image_url!;
    expect(cover).toMatch(/^\/images\/art\/venue-cover\//);
    const res = await svgAt(cover);
    expect(res.headers.get('Cache-Control')).toContain('immutable');
    const secondary = venue.theme_colors.secondary.replace('#', '').toLowerCase();
    const primary = venue.theme_colors.primary.replace('#', '').toLowerCase();
    expect(res.text).toContain(`fill="#${secondary}"`);
    expect(res.text).toContain(`stroke="#${primary}"`);
    expect(res.text).toContain(venue.name.split(' ').at(-1));
    expect((await svgAt(venue.logo_url!)).text).toContain(`fill="#${primary}"`);
    expect(venueArtUrl('cover', { name: venue.name, primary: '#000000', secondary: '#ffffff' })).not.toBe(cover);
  });
});

describe('art follows what the owner changes', () => {
  const ingredientId = async (name: string) =>
    (await env.DB.prepare('SELECT id FROM ingredients WHERE lower(name) = lower(?)').bind(name).first<{ id: string }>())!.id;

  it('a drink created without a photo gets art from its recipe, redrawn when the recipe changes, and a photo wins', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const [rum, lime, mint] = await Promise.all([ingredientId('White rum'), ingredientId('Fresh lime juice'), ingredientId('Fresh mint')]);
    const created = await call('POST', '/api/admin/menu-drinks', { token: admin, body: {
      name: 'Art Test Smash', price_cents: 1200, category: 'cocktail',
      recipe: [{ ingredient_id: rum, quantity: 50, unit: 'ml' }, { ingredient_id: lime, quantity: 25, unit: 'ml' }],
    } });
    expect(created.status).toBe(201);
    const drink = created.json.drink as { id: string; image_url: string | null };
    expect(drink.image_url).toMatch(/^\/images\/art\//);
    expect((await svgAt(drink.image_url!)).text).not.toContain('class="garnish-mint"');

    const unchanged = await call('PATCH', `/api/admin/menu-drinks/${drink.id}`, { token: admin, body: { name: 'Art Test Smash' } });
    expect(unchanged.json.drink.image_url).toBe(drink.image_url);

    const withMint = await call('PATCH', `/api/admin/menu-drinks/${drink.id}`, { token: admin, body: { recipe: [
      { ingredient_id: rum, quantity: 50, unit: 'ml' }, { ingredient_id: lime, quantity: 25, unit: 'ml' }, { ingredient_id: mint, quantity: 6, unit: 'leaf' },
    ] } });
    const redrawn = withMint.json.drink.image_url as string;
    expect(redrawn).not.toBe(drink.image_url);
    expect((await svgAt(redrawn)).text).toContain('class="garnish-mint"');
    const guest = await call('GET', `/api/drinks/${drink.id}?slug=artisan-bar`);
    expect(guest.json.drink.image_url).toBe(redrawn);

    const photo = 'https://images.example.com/smash.jpg';
    await call('PATCH', `/api/admin/menu-drinks/${drink.id}`, { token: admin, body: { image_url: photo } });
    const afterRecipe = await call('PATCH', `/api/admin/menu-drinks/${drink.id}`, { token: admin, body: { recipe: [{ ingredient_id: rum, quantity: 60, unit: 'ml' }] } });
    expect(afterRecipe.json.drink.image_url).toBe(photo);
  });

  it("a venue's generated cover and logo follow a new theme; an uploaded logo stays", async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const before = Venue.parse((await call('GET', '/api/venues/artisan-bar')).json.venue);
    const theme = { ...before.theme_colors, primary: '#123456' };
    const res = await call('PATCH', '/api/admin/venue', { token: admin, body: { theme_colors: theme } });
    expect(res.status).toBe(200);
    const after = res.json.venue as { image_url: string; logo_url: string };
    expect(after.image_url).not.toBe(before.image_url);
    expect(after.logo_url).toMatch(/^\/images\/art\/venue-logo\//);
    expect((await svgAt(after.logo_url)).text).toContain('fill="#123456"');

    await call('PATCH', '/api/admin/venue', { token: admin, body: { logo_url: null } });
    const described = await call('PATCH', '/api/admin/venue', { token: admin, body: { description: 'Candle-lit.' } });
    expect(described.json.venue.logo_url, 'an edit naming neither name nor theme leaves a cleared logo cleared').toBeNull();

    const logo = 'https://images.example.com/logo.png';
    await call('PATCH', '/api/admin/venue', { token: admin, body: { logo_url: logo } });
    const again = await call('PATCH', '/api/admin/venue', { token: admin, body: { theme_colors: before.theme_colors } });
    expect(again.json.venue.logo_url).toBe(logo);
    expect(again.json.venue.image_url).toBe(before.image_url);
  });
});
