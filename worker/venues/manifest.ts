// A web app manifest per venue (docs/decisions/227, amended 2026-11-28): a regular adds their bar to the Home Screen,
// opens its menu like an app, and on an iPhone only a site on the Home Screen can be told "Your order is ready" by push.
import type { Venue } from '../../shared/schemas/venue';
import { venueArtUrl, venueIconUrl } from '../images';

export const MANIFEST_CONTENT_TYPE = 'application/manifest+json';

type ManifestIcon = { src: string; sizes?: string; type?: string; purpose?: string };
export type VenueManifest = {
  id: string; name: string; short_name: string; description?: string; start_url: string; scope: string;
  display: 'standalone'; theme_color: string; background_color: string; icons: ManifestIcon[];
};

const HEX = /^#[0-9a-fA-F]{6}$/;
/** Barhop's own colours (index.html's theme colour), for a venue whose theme is not #rrggbb. */
const BARHOP_COLOURS = { primary: '#2563eb', secondary: '#1e3a8a' };

/** The icon an iPhone puts on its Home Screen (apple-touch-icon): 180 px, as Safari asks. */
export function appleTouchIconUrl(venue: Pick<Venue, 'theme_colors'>): string {
  const { primary, secondary } = venue.theme_colors;
  return venueIconUrl({ ...(HEX.test(primary) && HEX.test(secondary) ? { primary, secondary } : BARHOP_COLOURS), size: 180 });
}

/**
 * Starts at the venue's menu, scoped to the venue's pages, in its theme: the bar (theme colour) as the page's own
 * <meta name="theme-color"> paints it (worker/pages/venue-page.ts), its background as the launch screen. The icon is
 * the venue's generated logo (worker/images/venue-art.ts, an SVG for any size), and an uploaded logo before it.
 */
export function venueManifest(venue: Pick<Venue, 'slug' | 'name' | 'description' | 'logo_url' | 'theme_colors'>): VenueManifest {
  const home = `/venue/${encodeURIComponent(venue.slug)}`;
  const { primary, secondary, background } = venue.theme_colors;
  const icons: ManifestIcon[] = [];
  if (venue.logo_url && !venue.logo_url.startsWith('/images/art/venue-logo/')) icons.push({ src: venue.logo_url, purpose: 'any' });
  const themed = HEX.test(primary) && HEX.test(secondary);
  icons.push(themed
    ? { src: venueArtUrl('logo', { name: venue.name, primary, secondary }), sizes: 'any', type: 'image/svg+xml', purpose: 'any' }
    : { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' });
  // Installing needs raster icons at 192 and 512 px (docs/decisions/253); the glass sits inside every mask's circle.
  const colours = themed ? { primary, secondary } : BARHOP_COLOURS;
  icons.push(
    { src: venueIconUrl({ ...colours, size: 192 }), sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: venueIconUrl({ ...colours, size: 512 }), sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: venueIconUrl({ ...colours, size: 512 }), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  );
  return {
    id: home,
    name: venue.name,
    short_name: venue.name.length <= 12 ? venue.name : venue.name.replace(/^the\s+/i, '').slice(0, 12).trim(),
    ...(venue.description ? { description: venue.description } : {}),
    start_url: home,
    scope: home,
    display: 'standalone',
    theme_color: HEX.test(secondary) ? secondary : '#000000',
    background_color: HEX.test(background) ? background : '#ffffff',
    icons,
  };
}
