// A venue's own content in the guest's language (docs/decisions/217): approved translations only, a drink in one
// language at a time, the menu cache kept per language, and the admin's screen behind it (list, save, approve,
// remove, Workers AI drafts with a stubbed binding, refused locally).
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { AI_DRAFTS_LOCAL_NOTE } from '../../shared/schemas/translations';
import { invalidateGuestReads } from '../../worker/menu/read-cache';
import { DEMO_EMAILS, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { guestToken } from './order-helpers';

type Drink = { id: string; name: string; description: string; lang: string };
const menu = async (lang?: string) => {
  const res = await call('GET', `/api/drinks?slug=artisan-bar${lang ? `&lang=${lang}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return res.json.drinks as Drink[];
};
const byName = (drinks: Drink[], english: string, englishMenu: Drink[]) => drinks.find((d) => d.id === englishMenu.find((e) => e.name === english)!.id)!;
const drinkId = async (name: string) =>
  (await env.DB.prepare("SELECT id FROM menu_drinks WHERE name = ? AND restaurant_id = (SELECT id FROM venues WHERE slug = 'artisan-bar')").bind(name).first<{ id: string }>())!.id;
const setTranslation = async (name: string, lang: string, t: { name: string; description: string; status: 'approved' | 'draft' }) => {
  const id = await drinkId(name);
  await env.DB.prepare(`INSERT INTO menu_drink_translations (menu_drink_id, language, restaurant_id, name, description, status, source)
    VALUES (?, ?, ?, ?, ?, ?, 'admin') ON CONFLICT (menu_drink_id, language) DO UPDATE SET name = excluded.name, description = excluded.description, status = excluded.status`)
    .bind(id, lang, await venueId('artisan-bar'), t.name, t.description, t.status).run();
  // Written past the API: the isolate's menu reads do not know (worker/menu/read-cache.ts).
  invalidateGuestReads();
  return id;
};
const translationRow = (id: string, lang: string) =>
  env.DB.prepare('SELECT name, description, status, source, updated_at FROM menu_drink_translations WHERE menu_drink_id = ? AND language = ?').bind(id, lang)
    .first<{ name: string; description: string; status: string; source: string; updated_at: string }>();

describe('guest reads in a language', () => {
  it('a drink with an approved Spanish translation reads in Spanish; one without reads whole in English; the order is the same', async () => {
    const english = await menu();
    const spanish = await menu('es');
    expect(english.every((d) => d.lang === 'en')).toBe(true);
    expect(spanish.map((d) => d.id)).toEqual(english.map((d) => d.id));
    const negroni = byName(spanish, 'Negroni', english);
    expect(negroni.lang).toBe('es');
    expect(negroni.description).toMatch(/^Ginebra London dry removida con Campari/);
    expect(byName(spanish, 'Fresh Lemonade', english)).toMatchObject({ name: 'Limonada natural', lang: 'es' });
    // The seed leaves it untranslated (worker/db/seed/translations-es.ts).
    const corpse = byName(english, 'Corpse Reviver No. 2', english);
    expect(byName(spanish, 'Corpse Reviver No. 2', english)).toEqual(corpse);
    expect(spanish.filter((d) => d.lang === 'es').length).toBeGreaterThan(english.length / 2);
    // Nothing else about a drink changes with the language.
    const strip = ({ name: _n, description: _d, lang: _l, ...rest }: Drink) => rest;
    expect(spanish.map(strip)).toEqual(english.map(strip));
  });

  it('French (no translations) reads as the venue wrote it, labelled English', async () => {
    const english = await menu();
    expect(await menu('fr')).toEqual(english);
  });

  it('a translation without the description the source has falls back whole: never a Spanish name over an English description', async () => {
    const id = await setTranslation('Boulevardier', 'es', { name: 'Boulevardier (ES)', description: '', status: 'approved' });
    const drink = (await menu('es')).find((d) => d.id === id)!;
    expect(drink.lang).toBe('en');
    expect(drink.name).toBe('Boulevardier');
    expect(drink.description).toMatch(/^Bourbon stirred down/);
    const detail = await call('GET', `/api/drinks/${id}?slug=artisan-bar&lang=es`);
    expect(detail.json.drink).toMatchObject({ name: 'Boulevardier', lang: 'en' });
  });

  it('a draft is never shown to guests, on the menu or the drink page', async () => {
    const id = await setTranslation('Naked and Famous', 'es', { name: 'Desnudo y famoso', description: 'Mezcal agitado con Chartreuse amarilla.', status: 'draft' });
    expect((await menu('es')).find((d) => d.id === id)).toMatchObject({ name: 'Naked and Famous', lang: 'en' });
    const detail = await call('GET', `/api/drinks/${id}?slug=artisan-bar&lang=es`);
    expect(detail.json.drink).toMatchObject({ name: 'Naked and Famous', lang: 'en' });
  });

  it('the drink page reads in the language asked for, with everything else as before', async () => {
    const id = await drinkId('Manhattan');
    const english = await call('GET', `/api/drinks/${id}?slug=artisan-bar`);
    const spanish = await call('GET', `/api/drinks/${id}?slug=artisan-bar&lang=es`);
    expect(english.json.drink).toMatchObject({ name: 'Manhattan', lang: 'en' });
    expect(spanish.json.drink).toMatchObject({ name: 'Manhattan', lang: 'es' });
    expect(spanish.json.drink.description).toMatch(/^Whiskey de centeno/);
    expect({ ...spanish.json.drink, description: '', lang: '' }).toEqual({ ...english.json.drink, description: '', lang: '' });
  });

  it('the menu cache is kept per language: English, Spanish and English again within the cache time each read their own', async () => {
    const a = await call('GET', '/api/drinks?slug=artisan-bar');
    const b = await call('GET', '/api/drinks?slug=artisan-bar&lang=es');
    const c = await call('GET', '/api/drinks?slug=artisan-bar');
    expect(a.headers.get('ETag')).not.toBe(b.headers.get('ETag'));
    expect(c.headers.get('ETag')).toBe(a.headers.get('ETag'));
    expect(c.json).toEqual(a.json);
    expect((b.json.drinks as Drink[]).some((d) => d.lang === 'es')).toBe(true);
    // An ETag of one language is not a 304 for the other.
    const other = await call('GET', '/api/drinks?slug=artisan-bar&lang=es', { headers: { 'If-None-Match': a.headers.get('ETag')! } });
    expect(other.status).toBe(200);
  });

  it('an unknown language is a 400 in the error shape, on the menu and the drink page', async () => {
    for (const path of ['/api/drinks?slug=artisan-bar&lang=it', `/api/drinks/${await drinkId('Negroni')}?slug=artisan-bar&lang=ES`]) {
      const res = await call('GET', path);
      expect(expectApiError(res, 400).code).toBe('invalid_request');
    }
  });
});

describe('admin translations', () => {
  afterEach(() => { delete (env as { AI?: Ai }).AI; });

  it('lists every drink with its Spanish translation and what guests lack; staff and guests are refused', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const res = await call('GET', '/api/admin/translations?lang=es', { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.json.language).toBe('es');
    expect(res.json.default_language).toBe('en');
    const corpse = (res.json.drinks as { name: string; state: string; translation: unknown }[]).find((d) => d.name === 'Corpse Reviver No. 2')!;
    expect(corpse).toMatchObject({ state: 'missing', translation: null });
    expect((res.json.drinks as { name: string; state: string }[]).find((d) => d.name === 'Negroni')!.state).toBe('translated');
    expect(res.json.untranslated).toBe((res.json.drinks as { state: string }[]).filter((d) => d.state !== 'translated').length);
    expect(res.json.ai_drafts).toEqual({ available: false, note: AI_DRAFTS_LOCAL_NOTE });

    expect(expectApiError(await call('GET', '/api/admin/translations?lang=es', { token: await mintToken(DEMO_EMAILS.staff) }), 403).code).toBe('forbidden');
    expectApiError(await call('GET', '/api/admin/translations?lang=es'), 401);
    expect(expectApiError(await call('GET', '/api/admin/translations?lang=xx', { token: admin }), 400).code).toBe('invalid_request');
    // Without a language: the first other than the menu's own.
    expect((await call('GET', '/api/admin/translations', { token: admin })).json.language).toBe('es');
  });

  it('saves the admin\'s words approved, guests read them at once; saving them again changes nothing', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const id = await drinkId('Corpse Reviver No. 2');
    const before = await menu('es');
    const body = { name: 'Corpse Reviver n.º 2', description: 'Ginebra agitada con triple seco, Lillet Blanc, limón y absenta.' };
    const saved = await call('PUT', `/api/admin/translations/${id}/es`, { token: admin, body });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ changed: true, translation: { ...body, status: 'approved', source: 'admin', language: 'es' } });
    expect((await menu('es')).find((d) => d.id === id)).toMatchObject({ ...body, lang: 'es' });
    expect((await menu('es'))).not.toEqual(before);

    const stored = await translationRow(id, 'es');
    const again = await call('PUT', `/api/admin/translations/${id}/es`, { token: admin, body: { name: ` ${body.name} `, description: body.description } });
    expect(again.json).toMatchObject({ changed: false });
    expect(await translationRow(id, 'es')).toEqual(stored);
    const audit = await env.DB.prepare("SELECT summary, before, after FROM audit_log WHERE action = 'translation.update' ORDER BY created_at DESC, rowid DESC LIMIT 2").all<{ summary: string; before: string | null }>();
    expect(audit.results.map((r) => r.summary)).toEqual([
      'Saved the Spanish translation of Corpse Reviver No. 2 unchanged', 'Translated Corpse Reviver No. 2 into Spanish',
    ]);
  });

  it('bad input is a 400 naming the field; the menu\'s own language and another venue\'s drink are refused', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const id = await drinkId('Negroni');
    const blank = await call('PUT', `/api/admin/translations/${id}/es`, { token: admin, body: { name: '  ', description: 'x' } });
    expect(expectApiError(blank, 400).details).toEqual([{ path: 'name', message: 'Name is required' }]);
    const long = await call('PUT', `/api/admin/translations/${id}/es`, { token: admin, body: { name: 'Negroni', description: 'x'.repeat(2001) } });
    expect(expectApiError(long, 400).details).toEqual([{ path: 'description', message: 'Description is at most 2,000 characters' }]);
    const own = await call('PUT', `/api/admin/translations/${id}/en`, { token: admin, body: { name: 'Negroni', description: 'x' } });
    expect(expectApiError(own, 400).message).toBe('The menu is written in English: edit the drink itself');
    const badLang = await call('PUT', `/api/admin/translations/${id}/it`, { token: admin, body: { name: 'Negroni' } });
    expect(expectApiError(badLang, 400).code).toBe('invalid_request');
    const other = await call('PUT', `/api/admin/translations/${id}/es`, { token: await mintToken(DEMO_EMAILS.admin2), body: { name: 'Otro' } });
    expect(expectApiError(other, 404).message).toBe('Menu drink not found');
    expect((await translationRow(id, 'es'))!.name).toBe('Negroni');
  });

  it('approving a draft shows it to guests; approving again changes nothing; removing it brings the venue\'s words back', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const id = await setTranslation('Last Word', 'fr', { name: 'Le Dernier Mot', description: 'Gin secoué avec Chartreuse verte, marasquin et citron vert.', status: 'draft' });
    expect((await menu('fr')).find((d) => d.id === id)!.lang).toBe('en');
    const approved = await call('POST', `/api/admin/translations/${id}/fr/approve`, { token: admin });
    expect(approved.json).toMatchObject({ changed: true, translation: { status: 'approved', name: 'Le Dernier Mot' } });
    expect((await menu('fr')).find((d) => d.id === id)).toMatchObject({ name: 'Le Dernier Mot', lang: 'fr' });
    expect((await call('POST', `/api/admin/translations/${id}/fr/approve`, { token: admin })).json.changed).toBe(false);
    expect((await call('DELETE', `/api/admin/translations/${id}/fr`, { token: admin })).json).toEqual({ success: true });
    expect((await menu('fr')).find((d) => d.id === id)).toMatchObject({ name: 'Last Word', lang: 'en' });
    expect(expectApiError(await call('POST', `/api/admin/translations/${id}/fr/approve`, { token: admin }), 404).message)
      .toBe('No translation of this drink in that language');
  });

  it('"Draft with AI" without Workers AI (locally) is refused with the screen\'s words, and stores nothing', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const count = async () => (await env.DB.prepare("SELECT count(*) AS n FROM menu_drink_translations WHERE language = 'de'").first<{ n: number }>())!.n;
    const before = await count();
    const res = await call('POST', '/api/admin/translations/ai-drafts', { token: admin, body: { lang: 'de' } });
    const error = expectApiError(res, 409);
    expect(error).toMatchObject({ code: 'ai_unavailable', message: AI_DRAFTS_LOCAL_NOTE });
    expect(await count()).toBe(before);
  });

  it('with Workers AI bound, drafts the missing German translations as AI drafts guests do not see until approved', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const asked: { id: string; name: string; description: string }[][] = [];
    const ai = {
      run: (_model: string, input: { messages: { role: string; content: string }[] }) => {
        const drinks = JSON.parse(input.messages[1]!.content) as { id: string; name: string; description: string }[];
        asked.push(drinks);
        expect(input.messages[0]!.content).toContain('from English into German');
        // One answer leaves its description out: an incomplete draft is not stored.
        const translations = drinks.map((d, i) => ({ id: d.id, name: `DE ${d.name}`, description: i === 1 ? '' : `DE ${d.description}` }));
        return Promise.resolve({ response: JSON.stringify({ translations: [...translations, { id: 'not-asked', name: 'X', description: 'Y' }] }) });
      },
    } as unknown as Ai;
    (env as { AI?: Ai }).AI = ai;
    const listed = await call('GET', '/api/admin/translations?lang=de', { token: admin });
    expect(listed.json.ai_drafts).toEqual({ available: true, note: null });
    const total = (listed.json.drinks as unknown[]).length;

    const res = await call('POST', '/api/admin/translations/ai-drafts', { token: admin, body: { lang: 'de' } });
    expect(res.status, res.text).toBe(200);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.length).toBe(Math.min(20, total));
    expect(res.json).toEqual({ drafted: asked[0]!.length - 1, remaining: total - asked[0]!.length + 1 });
    const first = asked[0]![0]!;
    expect(await translationRow(first.id, 'de')).toMatchObject({ name: `DE ${first.name}`, status: 'draft', source: 'ai' });
    expect(await translationRow(asked[0]![1]!.id, 'de')).toBeNull();
    expect((await menu('de')).every((d) => d.lang === 'en')).toBe(true);

    const approved = await call('POST', `/api/admin/translations/${first.id}/de/approve`, { token: admin });
    expect(approved.json.translation).toMatchObject({ status: 'approved', source: 'ai' });
    expect((await menu('de')).find((d) => d.id === first.id)).toMatchObject({ name: `DE ${first.name}`, lang: 'de' });
    const audit = await env.DB.prepare("SELECT summary FROM audit_log WHERE action = 'translation.ai_drafts' ORDER BY created_at DESC LIMIT 1").first<{ summary: string }>();
    expect(audit!.summary).toBe(`Drafted ${asked[0]!.length - 1} German translations with AI`);
  });

  it('a model that fails stores nothing and says so', async () => {
    (env as { AI?: Ai }).AI = { run: () => Promise.resolve({ response: 'not json' }) } as unknown as Ai;
    const admin = await mintToken(DEMO_EMAILS.admin);
    const res = await call('POST', '/api/admin/translations/ai-drafts', { token: admin, body: { lang: 'fr' } });
    expect(expectApiError(res, 502).code).toBe('ai_failed');
  });
});

describe('the venue\'s own texts in a language (docs/decisions/265)', () => {
  const venueRead = async () => (await call('GET', '/api/venues/artisan-bar')).json.venue as { description: string; translations: Record<string, { description: string }> };

  it('the seed translates the description into Spanish; the Venue answer carries it beside the venue\'s own words', async () => {
    const venue = await venueRead();
    expect(venue.description).toMatch(/^Hand-cut ice/);
    expect(venue.translations.es!.description).toMatch(/^Hielo tallado a mano/);
    expect(venue.translations.fr).toBeUndefined();
    const admin = await mintToken(DEMO_EMAILS.admin);
    expect((await call('GET', '/api/admin/translations?lang=es', { token: admin })).json.venue).toEqual({ description: venue.description, translation: venue.translations.es });
    expect((await call('GET', '/api/admin/translations?lang=de', { token: admin })).json.venue.translation).toBeNull();
  });

  it('the admin saves the description in French, guests read it at once; saving it again changes nothing; removing it is audited', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const body = { description: 'Glace taillée à la main et sirops maison, à la lueur des bougies.' };
    const saved = await call('PUT', '/api/admin/translations/venue/fr', { token: admin, body });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ translation: body, changed: true });
    expect((await venueRead()).translations.fr).toEqual(body);
    expect((await venueRead()).translations.es!.description).toMatch(/^Hielo tallado/);
    expect((await call('PUT', '/api/admin/translations/venue/fr', { token: admin, body: { description: ` ${body.description} ` } })).json.changed).toBe(false);

    expect((await call('DELETE', '/api/admin/translations/venue/fr', { token: admin })).json).toEqual({ success: true });
    expect((await venueRead()).translations.fr).toBeUndefined();
    expect(expectApiError(await call('DELETE', '/api/admin/translations/venue/fr', { token: admin }), 404).message).toBe("No translation of the venue's description in that language");
    const audit = await env.DB.prepare("SELECT action, summary FROM audit_log WHERE action LIKE 'translation.venue_%' ORDER BY created_at DESC, rowid DESC LIMIT 3").all<{ action: string; summary: string }>();
    expect(audit.results.map((r) => r.summary)).toEqual([
      'Removed the French description of The Artisan Bar', 'Saved the French description of The Artisan Bar unchanged', 'Translated the description of The Artisan Bar into French',
    ]);
  });

  it('bad input is a 400 naming the field; the venue\'s own language is refused; staff are refused', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    expect(expectApiError(await call('PUT', '/api/admin/translations/venue/fr', { token: admin, body: { description: '  ' } }), 400).details)
      .toEqual([{ path: 'description', message: 'Description is required' }]);
    expect(expectApiError(await call('PUT', '/api/admin/translations/venue/fr', { token: admin, body: { description: 'x'.repeat(2001) } }), 400).details)
      .toEqual([{ path: 'description', message: 'Description is at most 2,000 characters' }]);
    expect(expectApiError(await call('PUT', '/api/admin/translations/venue/en', { token: admin, body: { description: 'x' } }), 400).message)
      .toBe('The menu is written in English: edit the venue profile');
    expect(expectApiError(await call('PUT', '/api/admin/translations/venue/it', { token: admin, body: { description: 'x' } }), 400).code).toBe('invalid_request');
    expectApiError(await call('PUT', '/api/admin/translations/venue/fr', { token: await mintToken(DEMO_EMAILS.staff), body: { description: 'x' } }), 403);
    expect((await venueRead()).translations.fr).toBeUndefined();
  });
});

describe('the venue\'s default language', () => {
  it('is in the Venue answer, editable on the profile, and labels the menu; a bad one is a 400', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    expect((await call('GET', '/api/venues/artisan-bar')).json.venue.default_language).toBe('en');
    const bad = await call('PATCH', '/api/admin/venue', { token: admin, body: { default_language: 'it' } });
    expect(expectApiError(bad, 400).details).toEqual([{ path: 'default_language', message: 'Language is one of en, es, fr, de' }]);
    const saved = await call('PATCH', '/api/admin/venue', { token: admin, body: { default_language: 'es' } });
    expect(saved.json.venue.default_language).toBe('es');
    expect((await call('GET', '/api/venues/artisan-bar')).json.venue.default_language).toBe('es');
    // Asking for the venue's own language reads the drinks as written.
    expect((await menu('es')).every((d) => d.lang === 'es')).toBe(true);
    await call('PATCH', '/api/admin/venue', { token: admin, body: { default_language: 'en' } });
  });
});

describe('the AI bartender in the guest\'s language', () => {
  afterEach(() => { delete (env as { AI?: Ai }).AI; });

  it('passes the guest\'s `lang` to the deployed model, which is asked to answer in it; a bad one is a 400', async () => {
    const prompts: string[] = [];
    const negroni = await drinkId('Negroni');
    (env as { AI?: Ai }).AI = {
      run: (_model: string, input: { messages: { role: string; content: string }[] }) => {
        prompts.push(input.messages[0]!.content);
        return Promise.resolve({ response: JSON.stringify({
          type: 'menu', menuDrinkId: negroni, previewName: 'Negroni', blurb: 'Amargo e intenso.', tags: [], recipe: [], reply: '¡Prueba el Negroni!',
          guestConstraints: { allergens: [], alcoholFree: false, lightOnAlcohol: false },
        }) });
      },
    } as unknown as Ai;
    const { token } = await guestToken();
    const res = await call('POST', '/api/ai/vibe', { token, body: { slug: 'artisan-bar', lang: 'es', selectedCategories: ['Gin', 'Bold'] } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ backend: 'workers-ai', message: '¡Prueba el Negroni!' });
    expect(prompts[0]).toContain('Write "reply" and "blurb" in Spanish, every sentence of them');
    const bad = await call('POST', '/api/ai/chat', { token, body: { slug: 'artisan-bar', lang: 'pt', messages: [{ role: 'user', content: 'hola' }] } });
    expect(expectApiError(bad, 400).code).toBe('invalid_request');
  });
});
