// The guest menu's first paint as static HTML, drawn by the Worker inside <div id="root"> (docs/decisions/219).
// It repeats what VenueLayout + MenuPage + GuestHeader + GuestTabBar render on their first commit, element for
// element and class for class, so the swap to React's own DOM moves nothing (CLS). tests/app/menu-first-paint
// renders the React page and this markup side by side and fails when they drift apart.
import { categoryName } from '../../shared/categories';
import { FIRST_SCREEN_DRINKS } from '../../shared/constants';
import { allergenList } from '../../shared/content-words';
import { english, type Say } from '../../shared/english-messages';
import { CONTENT_LANGUAGES, LANGUAGE_NAMES, type ContentLanguage } from '../../shared/languages';
import { formatCents } from '../../shared/money';
import type { Drink } from '../../shared/schemas/drink';
import type { Venue } from '../../shared/schemas/venue';
import { themeVariables } from '../../shared/theme';
import { venueTextsIn } from '../../shared/venue-texts';
import type { StylesheetIconName, StylesheetIconSize } from '../../shared/stylesheet-icons';

/** Text and attribute values: every character that could end an attribute or open a tag is an entity. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** An icon as app/ui/StylesheetIcon.tsx draws it: the stylesheet gives it its shape (docs/decisions/277). */
function icon(name: StylesheetIconName, size?: StylesheetIconSize) {
  return `<span class="icon icon-${name}${size ? ` icon-${size}` : ''}" aria-hidden="true"></span>`;
}

/** Only colours reach the style attribute; anything else is left to React, which sets properties one by one. */
const CSS_COLOR = /^#[0-9a-f]{3,8}$/i;

/** The first paint's one style attribute; the page's CSP allows exactly this value by its hash (venue-page.ts). */
export function themeStyle(venue: Venue) {
  return Object.entries(themeVariables(venue.theme_colors)).filter(([, value]) => CSS_COLOR.test(value))
    .map(([property, value]) => `${property}: ${value};`).join(' ');
}

/** MenuPage's chips: each category with its count, in first-seen order (app/features/guest/menu/menu-filter.ts). */
function categoryCounts(drinks: Drink[]) {
  const counts = new Map<string, number>();
  for (const drink of drinks) counts.set(drink.category, (counts.get(drink.category) ?? 0) + 1);
  return [...counts.entries()];
}

/** How a paint speaks: its words (first-paint-words.ts) and the locale it writes money in. */
type Speech = { t: Say; moneyLocale: string | undefined };

function drinkCard(drink: Drink, venue: Venue, { t, moneyLocale }: Speech) {
  const picture = drink.image_url
    ? `<img alt="" width="200" height="200" loading="lazy" fetchpriority="low" src="${escapeHtml(drink.image_url)}">`
    : `<span class="img-placeholder " aria-hidden="true">${icon('glass-water')}</span>`;
  return `<li><a class="drink-card" href="/venue/${escapeHtml(venue.slug)}/drink/${escapeHtml(drink.id)}">${picture}`
    // Marked with the language they are written in, as the app marks them (docs/decisions/217).
    + `<span class="drink-card-body"><span class="drink-name" lang="${escapeHtml(drink.lang)}">${escapeHtml(drink.name)}</span>`
    + `<span class="drink-description" lang="${escapeHtml(drink.lang)}">${escapeHtml(drink.description)}</span>`
    // The same facts line and badge as app/features/guest/menu/DrinkCard.tsx (docs/decisions/238).
    + (drink.allergens.length > 0 ? `<span class="drink-allergens"><strong>${escapeHtml(t({ message: 'Contains:' }))}</strong> ${escapeHtml(allergenList(t, drink.allergens))}</span>` : '')
    + (drink.unchecked_ingredients.length > 0 ? `<span class="drink-allergens">${escapeHtml(t({ message: 'May contain allergens we could not check: {ingredients}', values: { ingredients: drink.unchecked_ingredients.join(', ') } }))}</span>` : '')
    + `<span class="drink-meta"><span class="price">${escapeHtml(formatCents(drink.price_cents, moneyLocale))}</span>`
    + `<span class="badge">${escapeHtml(categoryName(t, drink.category, venue.name))}</span>`
    + (drink.contains_alcohol ? '' : `<span class="badge badge-success">${escapeHtml(t({ message: 'Alcohol-free' }))}</span>`)
    + '</span></span></a></li>';
}

/**
 * Drink cards drawn before the app starts: the rows a phone shows under the header, cover, search and chips. The
 * app's first commit draws the same (app/features/guest/menu/MenuPage.tsx) and adds the rest below them later, so
 * nothing that is on screen moves.
 */
const FIRST_PAINT_DRINKS = FIRST_SCREEN_DRINKS;

export type FirstPaintOptions = {
  /** What the cover <img> shows; by default the cover's own URL (a data: URI saves the LCP image its request). */
  coverSrc?: string;
  /** How many drink cards to draw (FIRST_PAINT_DRINKS). */
  drinkCards?: number;
  /** The language the paint is read in (English by default) and its words (first-paint-words.ts). */
  language?: ContentLanguage;
  say?: Say;
  /** The locale money is written in, as the app writes it in that language (app/i18n/i18n.ts); the runtime's by default. */
  moneyLocale?: string;
};

/**
 * Controls that only work with the app (search, chips, the header's buttons) are inert until it replaces them:
 * a letter typed or a chip tapped before then would be lost in the swap. Links work without it.
 */
const INERT = ' inert';

/** The guest header's language picker (app/i18n/LanguagePicker.tsx, docs/decisions/217), `language` chosen. */
const languagePicker = (language: ContentLanguage, t: Say) => `<label class="language-picker language-picker-compact">${icon('languages', 18)}<span class="language-code" aria-hidden="true">${language.toUpperCase()}</span><span class="visually-hidden">${escapeHtml(t({ message: 'Language' }))}</span><select>`
  + CONTENT_LANGUAGES.map((code) => `<option value="${code}" lang="${code}">${LANGUAGE_NAMES[code]}</option>`).join('')
  + '</select></label>';

/**
 * The menu screen (/venue/{slug}) of `venue` with `drinks` (the menu read in `options.language`), as its first React
 * commit draws it in that language (docs/decisions/272).
 */
export function menuFirstPaint(venue: Venue, drinks: Drink[], options: FirstPaintOptions = {}) {
  const language = options.language ?? 'en';
  const t = options.say ?? english;
  // Every text a guest reads is escaped: a translation is text too.
  const say = (message: string, values?: Record<string, unknown>) => escapeHtml(t({ message, values }));
  const speech: Speech = { t, moneyLocale: options.moneyLocale };
  const slug = escapeHtml(venue.slug);
  const base = `/venue/${slug}`;
  const cover = venue.cover_image_url ?? venue.image_url;
  // The description as the app reads it in this language (docs/decisions/265).
  const about = venueTextsIn(venue, language);
  const header = '<header class="venue-header">'
    + `<a class="icon-link" aria-label="${say('Back to venues')}" href="/">${icon('arrow-left')}</a>`
    + (venue.logo_url ? `<img class="venue-logo" src="${escapeHtml(venue.logo_url)}" alt="" width="36" height="36" fetchpriority="low">` : '')
    + `<div class="venue-header-text"><h1>${escapeHtml(venue.name)}</h1>${venue.address ? `<p class="muted">${escapeHtml(venue.address)}</p>` : ''}</div>`
    + `<div class="venue-header-actions"${INERT}>`
    + `<button type="button" class="btn btn-small btn-on-header">${icon('sparkles', 16)} <span class="label-wide">${say('AI Bartender')}</span></button>`
    + languagePicker(language, t)
    + `<button type="button" class="icon-button" aria-label="${say('Switch to dark theme')}" title="${say('Switch to dark theme')}">${icon('moon')}</button>`
    + '</div></header>';
  const hero = cover
    ? `<div class="venue-hero"><img alt="" width="960" height="320" src="${escapeHtml(options.coverSrc ?? cover)}">${about.description ? `<p lang="${escapeHtml(about.lang)}">${escapeHtml(about.description)}</p>` : ''}</div>`
    : '';
  const search = `<div class="search-field"${INERT}>${icon('search', 18)}<label class="visually-hidden" for="drink-search">${say('Search drinks')}</label>`
    + `<input id="drink-search" placeholder="${say('Search drinks')}" type="search" value=""></div>`;
  const chips = `<div class="chips" role="group" aria-label="${say('Categories')}"${INERT}>`
    + `<button type="button" class="chip" aria-pressed="true">${say('All Drinks ({count})', { count: drinks.length })}</button>`
    + categoryCounts(drinks).map(([category, count]) =>
      `<button type="button" class="chip" aria-pressed="false">${escapeHtml(categoryName(t, category, venue.name))} (${count})</button>`).join('')
    + '</div>';
  const cards = drinks.slice(0, options.drinkCards ?? FIRST_PAINT_DRINKS);
  const grid = drinks.length === 0
    ? `<p class="empty-state">${say('No drinks found')}</p>`
    : `<ul class="drink-grid" aria-label="${say('Drinks')}">${cards.map((drink) => drinkCard(drink, venue, speech)).join('')}</ul>`;
  const aiLinks = '<div class="ai-links">'
    + `<a class="ai-link-card" href="${base}/vibe">${icon('sparkles')} <span><strong>${say('Vibe Mixer')}</strong><br>${say('Pick a vibe, get a drink')}</span></a>`
    + `<a class="ai-link-card" href="${base}/ai">${icon('sparkles')} <span><strong>${say('AI Chat')}</strong><br>${say('Ask the bartender')}</span></a>`
    + '</div>';
  const tabs = ([[base, 'Menu', 'glass-water'], [`${base}/vibe`, 'Vibe', 'sparkles'], [`${base}/ai`, 'AI Chat', 'message-circle'],
    [`${base}/cart`, 'Cart', 'shopping-cart'], [`${base}/me`, 'Profile', 'user']] as const)
    .map(([href, label, name]) => `<a${href === base ? ' aria-current="page" class="active"' : ''} href="${href}">${icon(name, 22)}<span>${say(label)}</span></a>`)
    .join('');
  return `<div class="guest-shell" data-live="offline" style="${escapeHtml(themeStyle(venue))}">${header}`
    // What comes after the grid waits for the whole grid: drawn under a part of it, it would move down when the
    // app adds the rest (on a tall screen, where it is in view).
    + `<main class="guest-main">${hero}${search}${chips}${grid}${cards.length === drinks.length ? aiLinks : ''}</main>`
    + `<nav class="guest-tabbar" aria-label="${say('Venue')}">${tabs}</nav></div>`;
}
