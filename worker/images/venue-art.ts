// Generated venue covers and logos (docs/decisions/185): a typographic cover in the venue's own theme colours
// (its secondary as the ground, its primary as the accent), until the owner uploads a photo. Like drink art,
// the URL carries the inputs and their hash, so it is cached forever and a new theme or name is a new URL.

export type VenueArtKind = 'cover' | 'logo';
export type VenueArt = { name: string; primary: string; secondary: string };

const COLOUR = /^[0-9a-f]{6}$/;
const MAX_NAME = 80;

export const bare = (colour: string) => colour.replace(/^#/, '').toLowerCase();

export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

function query(art: VenueArt) {
  return new URLSearchParams({ n: art.name, p: bare(art.primary), s: bare(art.secondary) }).toString();
}

/** `/images/art/venue-cover/<hash>.svg?n=…&p=…&s=…` (or venue-logo). */
export function venueArtUrl(kind: VenueArtKind, art: VenueArt): string {
  const q = query(art);
  return `/images/art/venue-${kind}/${fnv1a(kind + q)}.svg?${q}`;
}

/** A generated cover or logo follows the venue's name and theme; an uploaded one (any other URL) is kept. */
export function redrawnVenueArt(kind: VenueArtKind, current: string | null, art: VenueArt): string | null {
  if (current && !current.startsWith(`/images/art/venue-${kind}/`)) return current;
  return venueArtUrl(kind, art);
}

/** The inputs of a venue art URL, or null unless they are exactly what venueArtUrl writes under that hash. */
export function parseVenueArt(kind: VenueArtKind, hash: string, params: URLSearchParams): VenueArt | null {
  const name = params.get('n') ?? '';
  const art = { name, primary: params.get('p') ?? '', secondary: params.get('s') ?? '' };
  if (!name.trim() || name.length > MAX_NAME || !COLOUR.test(art.primary) || !COLOUR.test(art.secondary)) return null;
  const q = query(art);
  return q === params.toString() && fnv1a(kind + q) === hash ? art : null;
}

const VENUE_ART_URL = /^\/images\/art\/venue-(cover|logo)\/([0-9a-f]{8})\.svg\?(.*)$/;
/** The SVG behind a venue art URL, else null (the first paint inlines it: docs/decisions/219). */
export function venueArtSvgForUrl(url: string): string | null {
  const match = VENUE_ART_URL.exec(url);
  if (!match) return null;
  const kind = match[1] as VenueArtKind;
  const art = parseVenueArt(kind, match[2]!, new URLSearchParams(match[3]));
  return art ? (kind === 'cover' ? venueCoverSvg(art) : venueLogoSvg(art)) : null;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Relative luminance (WCAG) of a 6-digit hex colour. */
function luminance(colour: string) {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(colour.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
/** Near-white or near-black, whichever reads better on the ground. */
export const inkOn = (ground: string) => (luminance(ground) > 0.35 ? '111827' : 'fffbf5');

/** The name in at most two lines, split at the space nearest the middle. */
function lines(name: string): string[] {
  const words = name.trim().split(/\s+/);
  if (name.length <= 16 || words.length === 1) return [name.trim()];
  let best = 1;
  for (let i = 1; i < words.length; i += 1) {
    if (Math.abs(words.slice(0, i).join(' ').length - name.length / 2) < Math.abs(words.slice(0, best).join(' ').length - name.length / 2)) best = i;
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

export function venueCoverSvg(art: VenueArt): string {
  const ground = bare(art.secondary);
  const accent = bare(art.primary);
  const ink = inkOn(ground);
  const text = lines(art.name);
  const longest = Math.max(...text.map((l) => l.length));
  const size = Math.max(22, Math.min(52, Math.floor(600 / Math.max(longest, 8))));
  const firstY = 128 - ((text.length - 1) * size * 1.1) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" role="img" aria-label="${escapeXml(art.name)}">` +
    `<rect width="400" height="240" fill="#${ground}"/>` +
    `<g fill="none" stroke="#${accent}" stroke-opacity=".28" stroke-width="1.5">` +
    [0, 1, 2, 3, 4, 5].map((i) => `<circle cx="400" cy="0" r="${70 + i * 34}"/>`).join('') + `</g>` +
    `<rect x="0" y="226" width="400" height="14" fill="#${accent}"/>` +
    text.map((line, i) => `<text x="200" y="${Math.round(firstY + i * size * 1.1)}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="${size}" fill="#${ink}" letter-spacing="1">${escapeXml(line)}</text>`).join('') +
    `<path d="M170 ${Math.round(firstY + (text.length - 1) * size * 1.1 + 22)}h60" stroke="#${accent}" stroke-width="3" stroke-linecap="round"/>` +
    `</svg>`;
}

export function venueLogoSvg(art: VenueArt): string {
  const ground = bare(art.primary);
  const initials = art.name.split(/\s+/).filter((w) => /^\p{L}/u.test(w) && w.toLowerCase() !== 'the').slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || art.name.trim()[0]!.toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(art.name)}">` +
    `<rect width="96" height="96" rx="20" fill="#${ground}"/>` +
    `<rect x="6" y="6" width="84" height="84" rx="15" fill="none" stroke="#${inkOn(ground)}" stroke-opacity=".35" stroke-width="1.5"/>` +
    `<text x="48" y="62" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="${initials.length > 1 ? 36 : 46}" fill="#${inkOn(ground)}">${escapeXml(initials)}</text>` +
    `</svg>`;
}
