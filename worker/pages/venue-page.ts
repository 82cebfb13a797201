// A guest venue page's HTML (/venue/{slug}, /venue/{slug}/...), rendered by the Worker (docs/decisions/219).
// The SPA shell (index.html from the static assets) gains the venue's title and colour and the venue and menu as
// boot data (the very bodies of GET /api/venues/:slug and /drinks, so the app starts without those two round trips);
// the menu itself also gets its first paint inside <div id="root">, the stylesheet inlined and a preload of the
// cover. Anything that goes wrong (unknown or inactive venue, a failed read) leaves the plain shell, which the SPA
// handles as before.
import { Hono, type Context } from 'hono';
import { requestId } from 'hono/request-id';
import type { Drink } from '../../shared/schemas/drink';
import type { Venue } from '../../shared/schemas/venue';
import type { AppContext, WorkerEnv } from '../env';
import { generatedVenuePictureSvg, venueArtSvgForUrl } from '../images';
import { ApiError } from '../lib/errors';
import { redactSecrets } from '../lib/error-handler';
import { requestLog, withDb } from '../lib/middleware';
import { venueDatabase } from '../shards';
import { appleTouchIconUrl, cachedMenuEntity, cachedVenueEntity, venueManifest } from '../venues';
import { AFTER_FIRST_PAINT_LOADER } from './after-first-paint-loader';
import { firstPaintWords } from './first-paint-words';
import { escapeHtml, menuFirstPaint, themeStyle } from './menu-first-paint';
import { venueManifestPath } from '../../shared/venue-manifest';
import { venueTextsIn } from '../../shared/venue-texts';
import { accepts } from 'hono/accepts';
import { getCookie } from 'hono/cookie';
import { askedLanguage, CONTENT_LANGUAGES, LANGUAGE_COOKIE, toContentLanguage, type ContentLanguage } from '../../shared/languages';

/** Where static files come from: the Worker's static assets; tests pass a fixed template and stylesheet. */
export type AssetSource = (env: WorkerEnv, url: URL) => Promise<Response>;
const fromAssets: AssetSource = (env, url) => env.ASSETS.fetch(url);

/** The id of the boot data element the app reads (app/features/venues/api.ts). */
export const BOOT_ELEMENT_ID = 'barhop-boot';
/** What GET /api/venues/:id accepts (IdParam): longer is no venue. */
const MAX_SLUG_LENGTH = 100;
const MENU_PATH = /^\/venue\/[^/]+\/?$/;
/** The built shell's one stylesheet (Vite writes it so); a dev server's shell has none and styles from JS. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]* href="([^"]+)"[^>]*>/;
const CSS_COLOR = /^#[0-9a-f]{3,8}$/i;

/**
 * The card screens, the only documents that load Stripe.js: the pay screen (docs/decisions/222) and the hold screen
 * that opens a tab on a card (docs/decisions/222).
 */
const CARD_PATH = /^\/venue\/[^/]+\/(?:table\/(?:pay\/[^/]+|hold)|checkout\/pay)\/?$/;
/**
 * What Stripe.js and its Payment Element need (its script, its iframes, its API), allowed on the card screens'
 * documents only: every other page keeps the policy of public/_headers, with no foreign script, frame or connection.
 */
export const CARD_PAYMENT_SOURCES = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
} as const;

/**
 * The language the guest asked for, by the guest app's own rule (shared/languages.ts): `?lang=`, the choice kept in
 * the language cookie, the browser's languages (Accept-Language, by preference). null: the venue's default decides.
 */
function askedPageLanguage(c: Context<AppContext>, url: URL): ContentLanguage | null {
  const browser = browserLanguages(c).map(toContentLanguage).find((l) => l !== null);
  return askedLanguage({ search: url.search, stored: getCookie(c, LANGUAGE_COOKIE) ?? null, browser: browser ? [browser] : [] });
}

/** The browser's language tags by preference (Accept-Language), as the app reads navigator.languages. */
function browserLanguages(c: Context<AppContext>): string[] {
  let tags: string[] = [];
  accepts(c, {
    header: 'Accept-Language', supports: [...CONTENT_LANGUAGES], default: '',
    match: (list) => { tags = list.filter((a) => a.q > 0).sort((a, b) => b.q - a.q).map((a) => a.type); return ''; },
  });
  return tags;
}

/** The locale the app writes money in for `language` (app/i18n/i18n.ts): the browser's own tag for it ('es-MX'), else the language. */
const moneyLocaleFor = (c: Context<AppContext>, language: ContentLanguage) =>
  browserLanguages(c).find((tag) => toContentLanguage(tag) === language) ?? language;

/** True for the paths this module renders; the Worker's fetch sends them here instead of the API app. */
export const isVenuePagePath = (pathname: string) => pathname.startsWith('/venue/');

/**
 * The boot data as the inside of a <script type="application/json">: `<` as \u003c, so no text in a venue or
 * a drink (`</script>`, `<!--`) can end the element; JSON.parse reads the escape back as `<`. `loaderLanguage`: the
 * language of the loader's menu read, when not English (the app files that menu under it).
 */
export function bootJson(slug: string, venueBody: string, menuBody: string | null, loaderLanguage: ContentLanguage = 'en') {
  const lang = loaderLanguage === 'en' ? '' : `,"lang":${JSON.stringify(loaderLanguage)}`;
  return `{"slug":${JSON.stringify(slug)},"venue":${venueBody}${menuBody === null ? '' : `,"menu":${menuBody}`}${lang}}`.replace(/</g, '\\u003c');
}

/**
 * The menu's read, which a page with a first paint fetches once that paint is shown: GET /api/venues/:id/drinks in
 * English, GET /api/drinks with `lang` in another language, as the app reads it (app/features/venues/api.ts).
 */
export const menuReadPath = (slug: string, language: ContentLanguage = 'en') => (language === 'en'
  ? `/api/venues/${encodeURIComponent(slug)}/drinks`
  : `/api/drinks?${new URLSearchParams({ slug, lang: language })}`);

/** A data: URI for an SVG, so an <img> shows it without a request. */
const svgDataUri = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

/** The menu's cover: its URL and whether the first paint draws it without a request (data: URI). */
type Cover = { url: string; inlined: boolean };
/**
 * `language`: the one the page is read in (asked, else the venue's default), for the venue's own texts (docs/decisions/265).
 * `menuLanguage`: the language of the menu read its loader makes after a first paint (`menuReadPath`).
 */
type PageParts = {
  slug: string; venue: Venue; language: ContentLanguage; venueBody: string; menuBody: string; firstPaint: string | null; cover: Cover | null;
  menuLanguage: ContentLanguage;
};

/**
 * Reads the venue and its menu through the API's own cached readers, on the venue's shard; null for an unknown or
 * inactive venue. The menu's first paint is drawn in the language the guest asked for, from the menu read in that
 * language, with the app's words for it (docs/decisions/272). Nothing asked, the venue's default language decides,
 * which the app learns only from the venue read after its first render: a default other than English gets no first
 * paint, so the guest never sees one language replaced by another (docs/decisions/217).
 */
async function pageParts(c: Context<AppContext>, slug: string, isMenu: boolean, asked: ContentLanguage | null): Promise<PageParts | null> {
  if (slug.length > MAX_SLUG_LENGTH) return null;
  try {
    // The venue's own shard, as GET /api/venues/:slug and /drinks read it (docs/decisions/150).
    const { db, d1 } = await venueDatabase(c.env, slug);
    const [venueEntity, menuEntity] = await Promise.all([
      cachedVenueEntity(db, d1, slug),
      cachedMenuEntity(db, d1, slug),
    ]);
    const { venue } = JSON.parse(venueEntity.body) as { venue: Venue };
    let firstPaint: string | null = null;
    let cover: Cover | null = null;
    const coverUrl = venue.cover_image_url ?? venue.image_url;
    const language = asked ?? toContentLanguage(venue.default_language) ?? 'en';
    const menuLanguage = asked ?? 'en';
    if (isMenu && language === menuLanguage) {
      const [localMenu, say] = await Promise.all([
        menuLanguage === 'en' ? menuEntity : cachedMenuEntity(db, d1, slug, menuLanguage),
        firstPaintWords(menuLanguage),
      ]);
      const { drinks } = JSON.parse(localMenu.body) as { drinks: Drink[] };
      const generated = coverUrl ? venueArtSvgForUrl(coverUrl) ?? generatedVenuePictureSvg(coverUrl) : null;
      firstPaint = menuFirstPaint(venue, drinks, {
        ...(generated && { coverSrc: svgDataUri(generated) }), language: menuLanguage, say, moneyLocale: moneyLocaleFor(c, menuLanguage),
      });
      if (coverUrl) cover = { url: coverUrl, inlined: generated !== null };
    }
    return { slug, venue, language, venueBody: venueEntity.body, menuBody: menuEntity.body, firstPaint, cover, menuLanguage };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    const message = err instanceof Error ? err.message : String(err);
    console.error(JSON.stringify({ request_id: c.get('requestId'), level: 'error', message: redactSecrets(`venue page: ${message}`) }));
    return null;
  }
}

/** Stylesheet texts by URL: built assets are content-hashed, so a URL's text never changes. */
const stylesheets = new Map<string, string>();

/** The stylesheet's text to put in a <style>, or null (not found, or text that could end the element). */
async function stylesheetText(env: WorkerEnv, loadAsset: AssetSource, url: URL) {
  const known = stylesheets.get(url.href);
  if (known !== undefined) return known;
  const res = await loadAsset(env, url);
  if (!res.ok) return null;
  const css = await res.text();
  if (/<\/style/i.test(css)) return null;
  stylesheets.set(url.href, css);
  return css;
}

type Rewrite = PageParts & { stylesheet: { href: string; css: string | null } | null };

function rewrite(shell: Response, { slug, venue, language, venueBody, menuBody, firstPaint, cover, stylesheet, menuLanguage }: Rewrite) {
  const color = venue.theme_colors.secondary;
  const { description } = venueTextsIn(venue, language);
  const painted = Boolean(firstPaint && stylesheet);
  // A page with a first paint leaves the menu's body out of its boot data: with it, the HTML no longer arrives in
  // one round trip of a new connection (≈ 14 KB), and the paint needs only what it draws. Its loader reads the menu
  // after the paint, beside the app's modules (docs/decisions/219, amended).
  const boot = painted ? bootJson(slug, venueBody, null, menuLanguage) : bootJson(slug, venueBody, menuBody);
  // The cover is the menu's largest element. Drawn from a data: URI by the first paint, its preload only warms
  // the URL React's <img> will use (no blink at the swap) and must not compete with the page's own requests;
  // otherwise it is the largest paint itself, wanted as early as possible.
  let deferredEntry: string | null = null;
  const preloads: string[] = [];
  const preload = cover && `<link rel="preload" as="image" href="${escapeHtml(cover.url)}" fetchpriority="${painted && cover.inlined ? 'low' : 'high'}">`;
  return new HTMLRewriter()
    .on('title', { element: (el) => { el.setInnerContent(escapeHtml(venue.name), { html: true }); } })
    .on('meta[name="theme-color"]', {
      element: (el) => { if (CSS_COLOR.test(color)) el.replace(`<meta name="theme-color" content="${color}">`, { html: true }); },
    })
    .on('meta[name="description"]', {
      element: (el) => { if (description) el.replace(`<meta name="description" content="${escapeHtml(description)}">`, { html: true }); },
    })
    // The first paint waits for no stylesheet request: one round trip less before it (docs/decisions/219).
    .on('link[rel="stylesheet"]', {
      element: (el) => { if (stylesheet?.css && el.getAttribute('href') === stylesheet.href) el.replace(`<style>${stylesheet.css}</style>`, { html: true }); },
    })
    .on('head', {
      element: (el) => {
        if (preload) el.append(preload, { html: true });
        // Add to Home Screen: the venue's own manifest (worker/venues/manifest.ts, docs/decisions/227 amended).
        el.append(`<link rel="manifest" href="${escapeHtml(venueManifestPath(venue.slug))}">`, { html: true });
        // An iPhone reads its Home Screen icon and standalone launch from these, not from the manifest (docs/decisions/253).
        el.append(`<link rel="apple-touch-icon" href="${escapeHtml(appleTouchIconUrl(venue))}">`, { html: true });
        el.append('<meta name="apple-mobile-web-app-capable" content="yes"><meta name="mobile-web-app-capable" content="yes">', { html: true });
        el.append(`<meta name="apple-mobile-web-app-title" content="${escapeHtml(venueManifest(venue).short_name)}">`, { html: true });
      },
    })
    // The app's modules are requested with its entry, after the first paint, not before it: on a slow link their
    // bytes would otherwise share the bandwidth with the HTML the paint needs (docs/decisions/219).
    .on('link[rel="modulepreload"][href]', {
      element: (el) => {
        if (!painted) return;
        preloads.push(el.getAttribute('href')!);
        el.remove();
      },
    })
    .on('script[type="module"][src]', {
      element: (el) => {
        const entry = el.getAttribute('src');
        if (!painted || !entry) return;
        el.remove();
        deferredEntry = entry;
      },
    })
    .on('div#root', {
      element: (el) => {
        if (painted) el.setInnerContent(firstPaint!, { html: true });
        el.after(`<script type="application/json" id="${BOOT_ELEMENT_ID}">${boot}</script>`, { html: true });
      },
    })
    // Last in the body: by the time it runs, the first paint's markup is all parsed.
    .on('body', {
      element: (el) => {
        el.onEndTag((end) => {
          if (!deferredEntry) return;
          const preload = preloads.length ? ` data-preload="${escapeHtml(preloads.join(' '))}"` : '';
          const menu = ` data-menu="${escapeHtml(menuReadPath(slug, menuLanguage))}"`;
          end.before(`<script data-entry="${escapeHtml(deferredEntry)}"${preload}${menu}>${AFTER_FIRST_PAINT_LOADER}</script>`, { html: true });
        });
      },
    })
    .transform(shell);
}

async function renderVenuePage(c: Context<AppContext>, loadAsset: AssetSource) {
  const url = new URL(c.req.url);
  const shell = await loadAsset(c.env, new URL('/', url));
  if (!shell.ok || !shell.headers.get('Content-Type')?.includes('text/html')) return shell;
  // The shell keeps the headers the asset server gives it (security headers from public/_headers); the body
  // changes with the menu, so no ETag, and the browser asks again on every visit.
  const headers = new Headers(shell.headers);
  for (const name of ['ETag', 'Content-Length', 'CF-Cache-Status']) headers.delete(name);
  headers.set('Cache-Control', 'no-cache');
  // Whether the menu comes with a first paint depends on the guest's languages (askedPageLanguage).
  headers.set('Vary', 'Accept-Language, Cookie');
  const shellCsp = headers.get('Content-Security-Policy');
  if (shellCsp && CARD_PATH.test(url.pathname)) {
    let csp = shellCsp;
    for (const [directive, sources] of Object.entries(CARD_PAYMENT_SOURCES)) csp = withSources(csp, directive, [...sources]);
    headers.set('Content-Security-Policy', csp);
  }
  const template = await shell.text();
  const page = (html: string) => new Response(html, { status: 200, headers });
  const parts = await pageParts(c, c.req.param('slug') ?? '', MENU_PATH.test(url.pathname), askedPageLanguage(c, url));
  if (!parts) return page(template);
  // A first paint needs the page's stylesheet in the HTML; a dev server's shell has none (styles come from JS).
  const href = parts.firstPaint ? STYLESHEET_LINK.exec(template)?.[1] : undefined;
  let stylesheet: Rewrite['stylesheet'] = null;
  if (href) {
    const css = await stylesheetText(c.env, loadAsset, new URL(href, url)).catch(() => null);
    stylesheet = { href, css };
  }
  const csp = headers.get('Content-Security-Policy');
  if (csp && parts.firstPaint && stylesheet) {
    // No 'unsafe-inline' styles (docs/decisions/109): the first paint's theme attribute and the inlined
    // stylesheet are allowed by their hashes, nothing else inline.
    const sources = ["'unsafe-hashes'", await cspHash(themeStyle(parts.venue))];
    if (stylesheet.css) sources.push(await cspHash(stylesheet.css));
    headers.set('Content-Security-Policy', withStyleSources(csp, sources));
  }
  return rewrite(page(template), { ...parts, stylesheet });
}

/** A CSP hash source of an inline style's exact text. */
async function cspHash(text: string) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** The policy with `sources` added to its style-src. */
export const withStyleSources = (csp: string, sources: string[]) => withSources(csp, 'style-src', sources);

/** The policy with `sources` added to `directive`; a directive it lacks starts from 'self' (default-src's). */
export function withSources(csp: string, directive: string, sources: string[]) {
  const directives = csp.split(';').map((d) => d.trim()).filter(Boolean);
  const named = new RegExp(`^${directive}(\\s|$)`);
  if (!directives.some((d) => named.test(d))) return [...directives, `${directive} 'self' ${sources.join(' ')}`].join('; ');
  return directives.map((d) => (named.test(d) ? `${d} ${sources.join(' ')}` : d)).join('; ');
}

/** The pages app; `loadAsset` is injectable for tests (the worker test pool has no static assets). */
export function venuePages(loadAsset: AssetSource = fromAssets) {
  return new Hono<AppContext>()
    .use(requestId({ headerName: 'X-Request-Id' }))
    .use(requestLog)
    .use(withDb)
    .get('/venue/:slug', (c) => renderVenuePage(c, loadAsset))
    .get('/venue/:slug/*', (c) => renderVenuePage(c, loadAsset))
    // Other methods and shapes are the asset server's, as before the Worker ran first here.
    .notFound((c) => c.env.ASSETS.fetch(c.req.raw));
}

export const venuePageApp = venuePages();
