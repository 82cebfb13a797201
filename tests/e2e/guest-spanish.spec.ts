import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedInGuest } from './guest-helpers';
import { bartender, SLUG } from './table-helpers';
import { ALLERGEN_WORDS } from '../../shared/allergen-words';
import { catalogs } from '../app/po-catalogs';

const spanish = catalogs.es;

// Every word a guest reads comes from the guest's language (docs/decisions/217, docs/decisions/265): a phone set
// to Spanish walks the menu, a drink, the cart, an order, its status and a table's tab, and each screen's visible
// text is checked against what only an English reader should see.

type Drink = { id: string; name: string; description: string; allergens: string[]; lang?: string };

/** A demo table no other spec uses (the demo venues have tables 1 to 20). */
const TABLE = '11';
/** The allergen words a drink may carry, as an English reader reads them. */
const ENGLISH_ALLERGENS: readonly string[] = ALLERGEN_WORDS.filter((word) => spanish[word] !== word);
/** Names that are the same in every language. */
const BRANDS = ['Barhop', 'The Artisan Bar'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The catalogue's English source texts whose Spanish differs, as patterns over one text node: `{name}`
 * placeholders match anything. A text made only of placeholders says nothing English and is left out.
 */
const englishSources = Object.entries(spanish)
  .filter(([english, translated]) => english !== translated && /[A-Za-z]{2}/.test(english.replace(/\{\w+\}/g, '')))
  .map(([english]) => ({ english, pattern: new RegExp(`^${english.split(/\{\w+\}/).map(escape).join('.*')}$`, 's') }));

/** The visible text of the page, one entry per text node, and the placeholders and labels a guest reads. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, template, [hidden]')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      texts.push(text);
    }
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))) {
      if (field.checkVisibility()) texts.push(field.placeholder.trim());
    }
    return texts;
  });
}

/**
 * Every English text on the screen: a catalogue source text, or one of `words` inside a text. The `allowed` names
 * (brands, the drinks as the Spanish menu names them) are taken out first: "Corpse Reviver No. 2 de la casa" is a
 * Spanish name that holds another drink's.
 */
async function englishOn(page: Page, screen: string, words: readonly string[], allowed: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const longestFirst = [...allowed].sort((a, b) => b.length - a.length);
  for (const text of await visibleTexts(page)) {
    if (allowed.includes(text)) continue;
    const source = englishSources.find(({ pattern }) => pattern.test(text));
    if (source) found.push(`${screen}: "${text}" is the English "${source.english}"`);
    const rest = longestFirst.reduce((left, name) => left.split(name).join(' '), text);
    for (const word of words) {
      if (new RegExp(`(^|[^\\p{L}])${escape(word)}($|[^\\p{L}])`, 'iu').test(rest)) found.push(`${screen}: "${text}" says "${word}"`);
    }
  }
  return found;
}

async function menuIn(request: APIRequestContext, lang?: string): Promise<Drink[]> {
  const res = await request.get(`/api/drinks?slug=${SLUG}${lang ? `&lang=${lang}` : ''}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).drinks as Drink[];
}

test('a guest whose phone reads Spanish walks menu, drink, cart, order, status and a table tab, and reads no English', async ({ browser, request, auth }) => {
  test.setTimeout(240_000);
  const admin = await auth.headers('admin');
  const venue = (await (await request.get(`/api/venues/${SLUG}`)).json()).venue as { description: string; happy_hours: unknown[] };
  // A happy hour running all day (two rules, so none ends while the test runs) that prices no drink of the menu.
  const allDay = { days: [0, 1, 2, 3, 4, 5, 6], discount_bp: 1000, categories: ['no-such-category'] };
  const set = await request.patch('/api/admin/venue', { headers: admin, data: { happy_hours: [{ ...allDay, start: '00:00', end: '23:59' }, { ...allDay, start: '23:59', end: '00:00' }] } });
  expect(set.ok(), await set.text()).toBe(true);
  try {
    const english = await menuIn(request);
    const inSpanish = await menuIn(request, 'es');
    const translated = inSpanish.filter((d) => d.lang === 'es' && d.name !== english.find((e) => e.id === d.id)!.name);
    // Brands, and every drink as the Spanish menu names it: translated, or (without a translation) as written.
    const allowed = [...BRANDS, ...inSpanish.map((d) => d.name)];
    const cooler = inSpanish.find((d) => d.name === 'Refresco de pepino')!;
    expect(cooler, 'the demo seed translates the Cucumber Cooler').toBeTruthy();
    expect(english.some((d) => d.allergens.includes('sulphites')), 'a drink of the menu contains sulphites').toBe(true);
    // What only an English reader reads: the translated drinks' English names, allergen words, the happy hour, and
    // the venue's own description as written.
    const words = [...translated.map((d) => english.find((e) => e.id === d.id)!.name), ...ENGLISH_ALLERGENS, 'Happy hour', venue.description];
    const problems: string[] = [];
    const check = async (page: Page, screen: string) => problems.push(...await englishOn(page, screen, words, allowed));

    // A signed-in guest's phone (signed-in guests never meet the first-order ceiling: tests/e2e/guest-helpers.ts).
    const token = await signedInGuest(request, SLUG);
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, locale: 'es-ES' });
    await context.addInitScript((guestToken) => localStorage.setItem('barhop.guest_token', guestToken), token);
    const page = await context.newPage();

    await page.goto(`/venue/${SLUG}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const menu = page.getByRole('list', { name: 'Bebidas' });
    await expect(menu.getByRole('link')).toHaveCount(inSpanish.length);
    await expect(menu.getByText('Refresco de pepino', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Hora feliz hasta las /)).toBeVisible();
    await expect(page.getByText(/Contiene:/).first()).toBeVisible();
    await check(page, 'menu');

    await menu.getByRole('link', { name: /^Refresco de pepino/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Refresco de pepino' })).toBeVisible();
    await check(page, 'drink');
    await page.getByRole('button', { name: /^Añadir al carrito/ }).click();
    await expect(page.getByText('1 × Refresco de pepino', { exact: false }).first()).toBeVisible();

    await page.goto(`/venue/${SLUG}/cart`);
    const summary = page.getByRole('region', { name: 'Resumen del pedido' });
    await expect(summary.getByText('Impuestos (8,75 %)')).toBeVisible();
    await expect(page.getByText('Refresco de pepino', { exact: false }).first()).toBeVisible();
    await check(page, 'cart');
    await page.getByRole('button', { name: 'Pedir — se paga en la barra' }).click();

    await expect(page.getByRole('heading', { name: '¡Pedido confirmado!' })).toBeVisible();
    await expect(page.getByText('Refresco de pepino', { exact: false }).first()).toBeVisible();
    await check(page, 'confirmation');
    await page.getByRole('link', { name: 'Seguir mi pedido' }).click();
    await expect(page.getByRole('heading', { name: 'Pedido recibido' })).toBeVisible();
    await expect(page.getByText('Refresco de pepino', { exact: false }).first()).toBeVisible();
    await check(page, 'status');
    await context.close();

    // A table: a Spanish phone joins by the table's code, sends a round of the Cucumber Cooler, reads the tab.
    const bar = bartender(request, await auth.token('staff'), TABLE);
    for (const open of await bar.sessions()) await bar.end(open.session_id);
    const tableContext = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, locale: 'es-ES' });
    const table = await tableContext.newPage();
    await table.goto((await auth.tableQr(TABLE)).path);
    const sheet = table.getByRole('dialog', { name: 'Unirse a la mesa' });
    await sheet.getByLabel('Tu nombre').fill('Ana');
    await sheet.getByRole('button', { name: 'Unirse a la mesa' }).click();
    await expect(table.getByRole('navigation', { name: 'Tu mesa' })).toBeVisible();
    await table.goto(`/venue/${SLUG}/drink/${cooler.id}`);
    await table.getByRole('button', { name: /^Añadir al carrito de la mesa/ }).click();
    await expect(table.getByText(`añadido al carrito de la mesa ${TABLE}`)).toBeVisible();
    await table.goto(`/venue/${SLUG}/cart`);
    await expect(table.getByText('Impuestos (8,75 %)')).toBeVisible();
    await expect(table.getByText('Refresco de pepino', { exact: false }).first()).toBeVisible();
    await check(table, 'table cart');
    await table.getByRole('button', { name: /^Enviar ronda/ }).click();
    await expect(table.getByText('Se está preparando la ronda 1.', { exact: false })).toBeVisible();
    await table.goto(`/venue/${SLUG}/table/tab`);
    await expect(table.getByRole('heading', { name: 'Rondas' })).toBeVisible();
    await expect(table.getByText('Refresco de pepino', { exact: false }).first()).toBeVisible();
    await check(table, 'tab');
    for (const open of await bar.sessions()) await bar.end(open.session_id);
    await tableContext.close();

    expect(problems).toEqual([]);
  } finally {
    const restored = await request.patch('/api/admin/venue', { headers: admin, data: { happy_hours: venue.happy_hours } });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});
