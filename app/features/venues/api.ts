import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
// Types only: the guest's first download stays free of zod (bundle budget, docs/decisions/219).
import type { Drink } from '../../../shared/schemas/drink';
import type { Venue } from '../../../shared/schemas/venue';
import { apiRequest } from '../../lib/api-client';
import { useLocale } from '../../i18n/i18n';
import type { Locale } from '../../i18n/locales';
import { loadHappyHourClock } from './happy-hour-clock';

export const venueKeys = {
  all: ['venues'] as const,
  one: (idOrSlug: string) => ['venues', idOrSlug] as const,
  /** The drinks in one language (docs/decisions/217): each language is its own read. */
  drinks: (idOrSlug: string, lang: Locale = 'en') => ['venues', idOrSlug, 'drinks', lang] as const,
};

/**
 * The venue reads as query options (key and read together): the hooks below and the venue page's
 * prefetch (prefetchVenuePage) use the same key for the same answer.
 */
export const venueQueries = {
  one: (idOrSlug: string) => queryOptions({
    queryKey: venueKeys.one(idOrSlug),
    queryFn: async () => {
      const { venue } = await apiRequest('GET', '/venues/:id', { params: { id: idOrSlug }, credentials: 'none' });
      // A venue with a happy hour is read with the clock its prices need (docs/decisions/275).
      await loadHappyHourClock(venue);
      return venue;
    },
  }),
  /**
   * In English the venue's menu read (the one the Worker writes into a venue page, docs/decisions/219); in another
   * language GET /api/drinks with `lang`, the same list with the drinks' names and descriptions in that language
   * where the venue has them (docs/decisions/217).
   */
  drinks: (idOrSlug: string, lang: Locale = 'en') => queryOptions({
    queryKey: venueKeys.drinks(idOrSlug, lang),
    queryFn: async () => (lang === 'en'
      ? await apiRequest('GET', '/venues/:id/drinks', { params: { id: idOrSlug }, credentials: 'none' })
      : await apiRequest('GET', '/drinks', { query: { slug: idOrSlug, lang }, credentials: 'none' })).drinks,
  }),
};

export const useVenue = (idOrSlug: string | undefined) => useQuery({ ...venueQueries.one(idOrSlug ?? ''), enabled: Boolean(idOrSlug) });

/** Available drinks of a venue, sorted by name, in the guest's language. */
export function useVenueDrinks(idOrSlug: string | undefined) {
  const lang = useLocale();
  return useQuery({ ...venueQueries.drinks(idOrSlug ?? '', lang), enabled: Boolean(idOrSlug) });
}

/**
 * What the Worker puts in a venue page's HTML (worker/pages/venue-page.ts): the venue read's answer, and the menu
 * read's, except on a page with a first paint, whose loader reads the menu after the paint (docs/decisions/219), in
 * the language `lang` names (English when absent, docs/decisions/272).
 */
type BootData = { slug: string; venue: { venue: Venue }; menu?: { drinks: Drink[] }; lang?: Locale };

function bootData(slug: string): BootData | null {
  try {
    const boot = JSON.parse(document.getElementById('barhop-boot')?.textContent ?? 'null') as BootData | null;
    return boot?.slug === slug && boot.venue?.venue && (boot.menu === undefined || Array.isArray(boot.menu.drinks)) ? boot : null;
  } catch {
    return null;
  }
}

declare global {
  interface Window {
    /** The menu read the first paint's loader started (worker/pages/after-first-paint-loader.ts): its body, or null. */
    barhopMenu?: Promise<unknown>;
  }
}

/** The loader's menu read, when it answered with a menu. */
async function loadersMenu(): Promise<Drink[] | null> {
  const body = (await window.barhopMenu?.catch(() => null)) as { drinks?: unknown } | null | undefined;
  return Array.isArray(body?.drinks) ? (body.drinks as Drink[]) : null;
}

/**
 * On a guest venue URL, the venue and its menu come from the page itself when the Worker wrote them in, or from
 * the read its loader started after the first paint (docs/decisions/219); otherwise the app starts both reads at
 * once, side by side, instead of after the page chunks load and one after the other (bench/, docs/decisions/219).
 * Settles once the menu is in the cache when the page had it coming (and the clock of a venue's happy hour), so the
 * first render draws it in place.
 */
export async function prefetchVenuePage(client: QueryClient, pathname: string, lang: Locale = 'en') {
  const slug = /^\/venue\/([^/]+)/.exec(pathname)?.[1];
  if (!slug) return;
  const idOrSlug = decodeURIComponent(slug);
  const boot = bootData(idOrSlug);
  if (boot) {
    const { venue } = boot.venue;
    client.setQueryData(venueQueries.one(idOrSlug).queryKey, venue);
    // The menu screen reads the drinks by the venue's slug, a URL may name the venue by id. The boot data's drinks
    // are the English menu, the loader's are in the language the first paint was drawn in; a guest reading another
    // language gets theirs read at once.
    const menuLang = boot.menu ? 'en' : boot.lang ?? 'en';
    const clock = loadHappyHourClock(venue);
    const drinks = boot.menu?.drinks ?? await loadersMenu();
    if (drinks) for (const key of new Set([idOrSlug, venue.slug])) client.setQueryData(venueQueries.drinks(key, menuLang).queryKey, drinks);
    else void client.prefetchQuery(venueQueries.drinks(idOrSlug, menuLang));
    if (lang !== menuLang) void client.prefetchQuery(venueQueries.drinks(venue.slug, lang));
    await clock;
    return;
  }
  void client.prefetchQuery(venueQueries.one(idOrSlug));
  void client.prefetchQuery(venueQueries.drinks(idOrSlug, lang));
}
