// The venue's Home Screen icon (docs/decisions/253): a cocktail glass in the venue's colours, as a PNG at the sizes
// installing needs (192 and 512 px; 180 px for an iPhone's apple-touch-icon). Like the other generated art, the URL
// carries the inputs and their hash, so it is cached forever and a new theme is a new URL.
import { encodePng } from './png';
import { bare, fnv1a, inkOn } from './venue-art';

export const VENUE_ICON_SIZES = [180, 192, 512] as const;
export type VenueIconSize = (typeof VENUE_ICON_SIZES)[number];
export type VenueIcon = { primary: string; secondary: string; size: VenueIconSize };

const COLOUR = /^[0-9a-f]{6}$/;
/** Bump when the drawing changes, so installed icons are fetched again under new URLs. */
const ICON_VERSION = '1';

const query = (icon: Omit<VenueIcon, 'size'>) => new URLSearchParams({ p: bare(icon.primary), s: bare(icon.secondary) }).toString();
const hashOf = (icon: VenueIcon) => fnv1a(`icon${ICON_VERSION}-${icon.size}-${query(icon)}`);

/** `/images/art/venue-icon/<hash>-<size>.png?p=…&s=…` */
export const venueIconUrl = (icon: VenueIcon) => `/images/art/venue-icon/${hashOf(icon)}-${icon.size}.png?${query(icon)}`;

/** The inputs of an icon URL's file and query, or null unless they are exactly what venueIconUrl writes. */
export function parseVenueIcon(file: string, params: URLSearchParams): VenueIcon | null {
  const match = /^([0-9a-f]{8})-(\d+)\.png$/.exec(file);
  const size = Number(match?.[2]);
  if (!match || !(VENUE_ICON_SIZES as readonly number[]).includes(size)) return null;
  const icon = { primary: params.get('p') ?? '', secondary: params.get('s') ?? '', size: size as VenueIconSize };
  if (!COLOUR.test(icon.primary) || !COLOUR.test(icon.secondary) || query(icon) !== params.toString()) return null;
  return hashOf(icon) === match[1] ? icon : null;
}

type Shape = (x: number, y: number) => boolean;
const rgbOf = (hex: string) => [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Inside the triangle (x0,top)–(x1,top)–(apex): a cocktail glass's bowl. */
const bowl = (x0: number, x1: number, top: number, apexY: number): Shape => (x, y) => {
  if (y < top || y > apexY) return false;
  const half = ((x1 - x0) / 2) * (1 - (y - top) / (apexY - top));
  return Math.abs(x - (x0 + x1) / 2) <= half;
};
const box = (x0: number, y0: number, x1: number, y1: number): Shape => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;

/**
 * The drawing, in units of the icon's side, inside the central circle every icon mask keeps (radius 0.4): the ground
 * is the venue's primary colour, the glass its ink, the drink its secondary colour.
 */
export function drawVenueIcon(icon: VenueIcon): Uint8Array {
  const ground = rgbOf(bare(icon.primary));
  const ink = rgbOf(inkOn(bare(icon.primary)));
  const drink = rgbOf(bare(icon.secondary));
  const layers: [Shape, [number, number, number]][] = [
    [bowl(0.28, 0.72, 0.26, 0.53), ink],
    [bowl(0.325, 0.675, 0.3, 0.495), drink],
    [box(0.482, 0.5, 0.518, 0.72), ink],
    [box(0.39, 0.7, 0.61, 0.74), ink],
  ];
  const { size } = icon;
  const rgb = new Uint8Array(size * size * 3);
  const samples = 3;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0];
      // Several samples per pixel: the glass's slanted edges without steps.
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          let colour = ground;
          for (const [inside, fill] of layers) if (inside(x, y)) colour = fill;
          for (let c = 0; c < 3; c += 1) sum[c]! += colour[c]!;
        }
      }
      const at = (py * size + px) * 3;
      for (let c = 0; c < 3; c += 1) rgb[at + c] = Math.round(sum[c]! / (samples * samples));
    }
  }
  return rgb;
}

export const venueIconPng = (icon: VenueIcon) => encodePng(icon.size, icon.size, drawVenueIcon(icon));
