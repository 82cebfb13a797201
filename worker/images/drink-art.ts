// Generated drink art (docs/decisions/185): the glass, the liquid's colours and layers, ice, foam and garnish,
// drawn as a small SVG from the recipe. The URL carries the drawing's inputs and a hash of them, so a recipe
// change gives a new URL and every URL can be cached forever; the Worker draws it on request, no storage.
import { GARNISH_KINDS, ingredientLook, type GarnishKind } from '../../shared/ingredient-colours';

export const GLASS_KINDS = ['coupe', 'martini', 'rocks', 'highball', 'collins', 'wine', 'flute', 'pint', 'shot', 'mug', 'tiki'] as const;
export type GlassKind = (typeof GLASS_KINDS)[number];
const ICE_KINDS = ['none', 'cubes', 'crushed', 'big'] as const;
type IceKind = (typeof ICE_KINDS)[number];

/** Bump when the drawing changes, so cached art is fetched again under new URLs. */
const ART_VERSION = '1';

export type ArtLayer = { colour: string; share: number };
export type DrinkArt = {
  glass: GlassKind;
  /** Bottom first; shares are whole percentages summing to 100. */
  layers: ArtLayer[];
  ice: IceKind;
  foam: string | null;
  bubbles: boolean;
  rim: boolean;
  garnishes: GarnishKind[];
  /** The backdrop's colour when the drink has its own (docs/decisions/185); null draws it from the liquid. */
  accent: string | null;
};
export type ArtRecipeLine = { ingredient: string; quantity: number; unit: string };
export type ArtDrink = { glass: string | null; category: string | null; method: string | null; recipe: ArtRecipeLine[]; accent?: string | null };

/** The glasses of the recipe data (and synonyms) as the eleven drawn ones. */
const GLASS_SYNONYMS: Record<string, GlassKind> = {
  'mule mug': 'mug', 'julep cup': 'rocks', demitasse: 'mug', cup: 'mug', weizen: 'pint', nosing: 'wine', copita: 'wine', hurricane: 'tiki',
  'old fashioned': 'rocks', lowball: 'rocks', 'nick and nora': 'coupe', champagne: 'flute', beer: 'pint',
};

function glassOf(drink: ArtDrink): GlassKind {
  const glass = (drink.glass ?? '').trim().toLowerCase();
  if ((GLASS_KINDS as readonly string[]).includes(glass)) return glass as GlassKind;
  if (GLASS_SYNONYMS[glass]) return GLASS_SYNONYMS[glass];
  if (drink.category === 'beer') return 'pint';
  if (drink.category === 'wine') return 'wine';
  if (drink.category === 'shot') return 'shot';
  return 'rocks';
}

/** Millilitres a line pours (solids and garnishes pour none). */
function pouredMl({ quantity, unit }: ArtRecipeLine): number {
  const u = unit.trim().toLowerCase();
  if (u === 'ml') return quantity;
  if (u === 'cl') return quantity * 10;
  if (u === 'oz') return quantity * 30;
  if (u === 'dash' || u === 'drop') return quantity * 0.8;
  if (u === 'tsp' || u === 'barspoon') return quantity * 5;
  return 0;
}

const hex = (n: number) => Math.round(Math.max(0, Math.min(255, n))).toString(16).padStart(2, '0');
function mix(colours: { colour: string; weight: number }[]): string {
  const total = colours.reduce((s, c) => s + c.weight, 0) || 1;
  const channel = (i: number) => colours.reduce((s, c) => s + parseInt(c.colour.slice(i, i + 2), 16) * c.weight, 0) / total;
  return hex(channel(0)) + hex(channel(2)) + hex(channel(4));
}

const ICE_BY_GLASS: Record<GlassKind, IceKind> = {
  coupe: 'none', martini: 'none', wine: 'none', flute: 'none', pint: 'none', shot: 'none',
  rocks: 'cubes', highball: 'cubes', collins: 'cubes', mug: 'cubes', tiki: 'crushed',
};

/** What the art of a drink shows, from its glass and recipe. */
export function drinkArt(drink: ArtDrink): DrinkArt {
  const glass = glassOf(drink);
  const method = (drink.method ?? '').toLowerCase();
  let ice = ICE_BY_GLASS[glass];
  if (glass === 'rocks' && method === 'stir') ice = 'big';
  if (method === 'blend') ice = 'none';
  if (drink.glass?.toLowerCase() === 'julep cup') ice = 'crushed';
  if (method === 'pour' && glass === 'rocks' && drink.category === 'spirit') ice = 'none';
  if (drink.glass?.toLowerCase() === 'demitasse') ice = 'none';

  const mixed: { colour: string; weight: number }[] = [];
  const sinking: { colour: string; weight: number }[] = [];
  let cream = 0;
  let creamColour = 'f8f4ea';
  let foam: string | null = null;
  let bubbles = false;
  let rim = false;
  const garnishes: GarnishKind[] = [];
  const layered = method === 'build' || method === 'layer';
  for (const line of drink.recipe) {
    const look = ingredientLook(line.ingredient);
    if (!look) continue;
    const ml = pouredMl(line);
    if (look.role === 'garnish' && look.garnish && !garnishes.includes(look.garnish)) garnishes.push(look.garnish);
    else if (look.role === 'rim') rim = true;
    else if (look.role === 'foam') foam = 'f7f1e3';
    else if (look.role === 'cream') { cream += Math.max(ml, 1); creamColour = look.colour; mixed.push({ colour: look.colour, weight: Math.max(ml, 1) * 2 }); }
    else if (look.role === 'sparkling' || look.role === 'liquid') {
      if (look.role === 'sparkling') bubbles = true;
      if (ml <= 0) continue;
      (layered && look.heavy ? sinking : mixed).push({ colour: look.colour, weight: ml });
    }
  }
  // Beer pours with a head; an espresso drink shaken hard wears a crema.
  if (drink.category === 'beer') foam = drink.recipe.some((l) => /stout/i.test(l.ingredient)) ? 'e6d3b3' : 'f6efdc';
  if (method === 'shake' && drink.recipe.some((l) => /espresso/i.test(l.ingredient))) foam = 'c79a62';
  if (glass === 'tiki' && !garnishes.includes('umbrella')) garnishes.push('umbrella');
  if (method === 'blend' || cream > 0) bubbles = false;

  const body = mixed.length ? mix(mixed) : cream > 0 ? creamColour : 'eef3f6';
  const sinkMl = sinking.reduce((s, c) => s + c.weight, 0);
  const bodyMl = mixed.reduce((s, c) => s + c.weight, 0) || 1;
  const layers: ArtLayer[] = [];
  if (sinkMl > 0) {
    const share = Math.max(12, Math.min(45, Math.round((sinkMl / (sinkMl + bodyMl)) * 100 * 2)));
    layers.push({ colour: mix(sinking), share });
    layers.push({ colour: mix([{ colour: mix(sinking), weight: 1 }, { colour: body, weight: 2 }]), share: 12 });
    layers.push({ colour: body, share: 100 - share - 12 });
  } else {
    layers.push({ colour: body, share: 100 });
  }
  const accent = drink.accent && COLOUR.test(drink.accent) ? drink.accent : null;
  return { glass, layers, ice, foam, bubbles, rim, garnishes: garnishes.slice(0, 3), accent };
}

/** The query string that describes a drawing, in one canonical order. */
export function artQuery(art: DrinkArt): string {
  const params = new URLSearchParams({ v: ART_VERSION, g: art.glass, l: art.layers.map((l) => `${l.colour}.${l.share}`).join('_'), i: art.ice });
  if (art.foam) params.set('f', art.foam);
  if (art.bubbles) params.set('b', '1');
  if (art.rim) params.set('r', '1');
  if (art.garnishes.length) params.set('x', art.garnishes.join('_'));
  if (art.accent) params.set('a', art.accent);
  return params.toString();
}

/** FNV-1a, 32 bits, as 8 hex digits: the URL's content hash. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

export const ART_PATH = '/images/art/';

/** The art's URL: `/images/art/<hash>.svg?<inputs>`; the same inputs always give the same URL. */
export function drinkArtUrl(drink: ArtDrink): string {
  const query = artQuery(drinkArt(drink));
  return `${ART_PATH}${fnv1a(query)}.svg?${query}`;
}

/**
 * The art a drink shows when no photo was uploaded: drawn from its recipe, in the glass its current art has
 * (seeded drinks carry their recipe's glass in the URL; a new drink's is chosen from its category). An uploaded
 * photo (any other URL) is kept as it is.
 */
export function redrawnDrinkArt(imageUrl: string | null, drink: Omit<ArtDrink, 'glass' | 'accent'> & { name?: string }): string | null {
  if (imageUrl && !imageUrl.startsWith(ART_PATH)) return imageUrl;
  const params = imageUrl ? new URL(imageUrl, 'https://art.invalid').searchParams : null;
  // The backdrop stays the drink's own; a new drink's comes from its name, so two drinks of one recipe differ.
  const accent = params?.get('a') ?? (drink.name ? nameAccent(drink.name) : null);
  return drinkArtUrl({ ...drink, glass: params?.get('g') ?? null, accent });
}

/** A pale backdrop of hue `hue` (degrees); `light` 0..1 picks how pale. */
function pastel(hue: number, light: number): string {
  const s = 0.55;
  const l = 0.78 + light * 0.1;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return hex(channel(0)) + hex(channel(8)) + hex(channel(4));
}

/**
 * The backdrop of the `index`th drink of a menu of `size` (docs/decisions/185): hues a golden angle apart and two
 * shades, so every drink of the menu has its own and neighbours differ most.
 */
export const menuAccent = (index: number, size: number) => pastel((index * 137.508) % 360, size > 1 ? index % 2 : 0);

/** A drink's own backdrop from its name, for a drink an admin adds. */
export const nameAccent = (name: string) => pastel(parseInt(fnv1a(name.trim().toLowerCase()), 16) % 360, 0.5);

const COLOUR = /^[0-9a-f]{6}$/;
/** Reads an art URL's inputs back; null unless they are exactly what artQuery writes under that hash. */
export function parseArt(hash: string, query: URLSearchParams): DrinkArt | null {
  if (query.get('v') !== ART_VERSION) return null;
  const glass = query.get('g') as GlassKind;
  const ice = query.get('i') as IceKind;
  if (!GLASS_KINDS.includes(glass) || !ICE_KINDS.includes(ice)) return null;
  const layers = (query.get('l') ?? '').split('_').map((part) => {
    const [colour, share] = part.split('.');
    return { colour: colour ?? '', share: Number(share) };
  });
  if (layers.length === 0 || layers.length > 4 || layers.some((l) => !COLOUR.test(l.colour) || !Number.isInteger(l.share) || l.share < 0 || l.share > 100)) return null;
  const foam = query.get('f');
  if (foam !== null && !COLOUR.test(foam)) return null;
  const garnishes = (query.get('x') ?? '').split('_').filter(Boolean) as GarnishKind[];
  if (garnishes.length > 3 || garnishes.some((g) => !GARNISH_KINDS.includes(g))) return null;
  const accent = query.get('a');
  if (accent !== null && !COLOUR.test(accent)) return null;
  const art: DrinkArt = { glass, layers, ice, foam, bubbles: query.get('b') === '1', rim: query.get('r') === '1', garnishes, accent };
  const canonical = artQuery(art);
  return fnv1a(canonical) === hash && canonical === query.toString() ? art : null;
}

// ---- Drawing: a 200×200 box, the table line at y=176. ----

type GlassShape = { bowl: string; rimY: number; bottomY: number; fillY: number; rimLeft: number; rimRight: number; stem?: string; handle?: string };
const SHAPES: Record<GlassKind, GlassShape> = {
  coupe: { bowl: 'M50 80 L150 80 Q148 120 100 124 Q52 120 50 80 Z', rimY: 80, bottomY: 124, fillY: 88, rimLeft: 50, rimRight: 150, stem: 'M100 124 L100 170 M76 173 Q100 166 124 173' },
  martini: { bowl: 'M46 66 L154 66 L100 124 Z', rimY: 66, bottomY: 124, fillY: 74, rimLeft: 46, rimRight: 154, stem: 'M100 124 L100 170 M76 173 Q100 166 124 173' },
  wine: { bowl: 'M64 48 L136 48 Q140 118 100 124 Q60 118 64 48 Z', rimY: 48, bottomY: 124, fillY: 84, rimLeft: 64, rimRight: 136, stem: 'M100 124 L100 170 M76 173 Q100 166 124 173' },
  flute: { bowl: 'M86 32 L114 32 Q118 112 100 120 Q82 112 86 32 Z', rimY: 32, bottomY: 120, fillY: 44, rimLeft: 86, rimRight: 114, stem: 'M100 120 L100 170 M80 173 Q100 167 120 173' },
  rocks: { bowl: 'M60 90 L140 90 L135 172 L65 172 Z', rimY: 90, bottomY: 162, fillY: 108, rimLeft: 60, rimRight: 140 },
  highball: { bowl: 'M70 50 L130 50 L126 172 L74 172 Z', rimY: 50, bottomY: 164, fillY: 62, rimLeft: 70, rimRight: 130 },
  collins: { bowl: 'M76 36 L124 36 L121 172 L79 172 Z', rimY: 36, bottomY: 164, fillY: 48, rimLeft: 76, rimRight: 124 },
  pint: { bowl: 'M62 40 L138 40 L134 60 L126 172 L74 172 L66 60 Z', rimY: 40, bottomY: 166, fillY: 46, rimLeft: 62, rimRight: 138 },
  shot: { bowl: 'M78 110 L122 110 L117 172 L83 172 Z', rimY: 110, bottomY: 162, fillY: 118, rimLeft: 78, rimRight: 122 },
  mug: { bowl: 'M64 70 L128 70 L128 166 Q128 172 122 172 L70 172 Q64 172 64 166 Z', rimY: 70, bottomY: 166, fillY: 84, rimLeft: 64, rimRight: 128, handle: 'M128 90 Q152 90 152 116 Q152 142 128 142' },
  tiki: { bowl: 'M72 38 L128 38 Q136 80 116 104 Q128 134 122 172 L78 172 Q72 134 84 104 Q64 80 72 38 Z', rimY: 38, bottomY: 168, fillY: 50, rimLeft: 72, rimRight: 128 },
};

const num = (n: number) => Number(n.toFixed(1));
const lighten = (colour: string, by: number) => mix([{ colour, weight: 1 - by }, { colour: 'ffffff', weight: by }]);

/** Deterministic scatter: the same drawing always puts bubbles and ice in the same places. */
function scatter(seed: number, count: number) {
  let s = seed >>> 0 || 1;
  const next = () => { s = Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) >>> 0; s = (s ^ (s >>> 12)) >>> 0; return (s % 1000) / 1000; };
  return Array.from({ length: count }, () => [next(), next()] as const);
}

function liquidShapes(art: DrinkArt, shape: GlassShape) {
  const top = shape.fillY;
  const height = shape.bottomY - top + 8;
  let y = shape.bottomY + 8;
  const rects: string[] = [];
  for (const layer of art.layers) {
    const h = (height * layer.share) / 100;
    y -= h;
    rects.push(`<rect x="40" y="${num(y)}" width="120" height="${num(h + 0.6)}" fill="#${layer.colour}"/>`);
  }
  const surface = lighten(art.layers[art.layers.length - 1]!.colour, 0.35);
  rects.push(`<rect x="40" y="${top}" width="120" height="3" fill="#${surface}"/>`);
  if (art.foam) rects.push(`<rect x="40" y="${top - 2}" width="120" height="12" fill="#${art.foam}"/><rect x="40" y="${top + 9}" width="120" height="2" fill="#${lighten(art.foam, 0.5)}" opacity=".6"/>`);
  return rects.join('');
}

function iceShapes(art: DrinkArt, shape: GlassShape, seed: number) {
  const cube = (x: number, y: number, s: number, r: number) =>
    `<rect x="${num(x)}" y="${num(y)}" width="${s}" height="${s}" rx="4" transform="rotate(${r} ${num(x + s / 2)} ${num(y + s / 2)})"/>`;
  const mid = (shape.rimLeft + shape.rimRight) / 2;
  let shapes = '';
  if (art.ice === 'big') shapes = cube(mid - 20, shape.fillY + 8, 40, 4);
  if (art.ice === 'cubes') {
    const span = shape.rimRight - shape.rimLeft - 30;
    shapes = scatter(seed, 4).map(([a, b], i) => cube(shape.rimLeft + 8 + ((i % 2) * span) / 2 + a * 8, shape.fillY - 4 + Math.floor(i / 2) * 26 + b * 6, 22, a * 30 - 15)).join('');
  }
  if (art.ice === 'crushed') {
    shapes = scatter(seed, 14).map(([a, b]) => {
      const x = shape.rimLeft + 6 + a * (shape.rimRight - shape.rimLeft - 18);
      const y = shape.fillY - 6 + b * 40;
      return `<path d="M${num(x)} ${num(y)} l8 -3 l4 7 l-7 5 z"/>`;
    }).join('');
  }
  return shapes ? `<g fill="#ffffff" fill-opacity=".38" stroke="#ffffff" stroke-opacity=".75" stroke-width="1.2">${shapes}</g>` : '';
}

function bubbleShapes(shape: GlassShape, seed: number) {
  const width = shape.rimRight - shape.rimLeft;
  return `<g fill="none" stroke="#ffffff" stroke-opacity=".7">${scatter(seed + 7, 9).map(([a, b]) =>
    `<circle cx="${num(shape.rimLeft + 6 + a * (width - 12))}" cy="${num(shape.fillY + 10 + b * (shape.bottomY - shape.fillY - 14))}" r="${num(1.2 + a * 1.6)}"/>`).join('')}</g>`;
}

/** Garnishes on the rim (right), on a pick, or floating; each in its own <g class="garnish-…">. */
function garnishShapes(art: DrinkArt, shape: GlassShape) {
  const x = shape.rimRight - 4;
  const y = shape.rimY;
  const mid = (shape.rimLeft + shape.rimRight) / 2;
  const wheel = (fill: string, rind: string) =>
    `<circle cx="${x}" cy="${y}" r="15" fill="#${rind}"/><circle cx="${x}" cy="${y}" r="12" fill="#${fill}"/>` +
    `<path d="M${x} ${y - 11}V${y + 11}M${x - 11} ${y}H${x + 11}M${x - 8} ${y - 8}L${x + 8} ${y + 8}M${x - 8} ${y + 8}L${x + 8} ${y - 8}" stroke="#${rind}" stroke-opacity=".5" stroke-width="1.4"/>`;
  const twist = (colour: string) => `<path d="M${x - 6} ${y - 4} q10 -14 14 0 q4 14 14 2 q6 -8 2 -16" fill="none" stroke="#${colour}" stroke-width="5" stroke-linecap="round"/>`;
  const parts: Record<GarnishKind, () => string> = {
    mint: () => [[-10, -18, -30], [0, -24, 0], [10, -17, 30], [-3, -12, -10]].map(([dx, dy, r]) =>
      `<ellipse cx="${mid + dx!}" cy="${shape.fillY + dy!}" rx="6" ry="12" transform="rotate(${r} ${mid + dx!} ${shape.fillY + dy!})" fill="#2f8a3b" stroke="#1f5f28" stroke-width="1"/>`).join('') +
      `<path d="M${mid} ${shape.fillY + 2} L${mid} ${shape.fillY - 14}" stroke="#1f5f28" stroke-width="1.5"/>`,
    'lime-wheel': () => wheel('c5e17a', '5b8f22'),
    'lemon-wheel': () => wheel('fbeb8a', 'e3c21a'),
    'orange-twist': () => twist('f28c28'),
    'lemon-twist': () => twist('f2d43d'),
    cherry: () => `<path d="M${mid + 4} ${shape.fillY - 6} q4 -14 14 -18" fill="none" stroke="#5d3a1a" stroke-width="1.6"/><circle cx="${mid + 2}" cy="${shape.fillY - 2}" r="7.5" fill="#a3122b"/><circle cx="${mid - 0.5}" cy="${shape.fillY - 5}" r="2" fill="#ffffff" fill-opacity=".6"/>`,
    olive: () => `<path d="M${shape.rimLeft + 10} ${y - 18} L${mid + 18} ${shape.fillY + 24}" stroke="#8a6a3a" stroke-width="2"/><ellipse cx="${mid}" cy="${shape.fillY + 10}" rx="8" ry="6" transform="rotate(35 ${mid} ${shape.fillY + 10})" fill="#7d8f3a"/><circle cx="${mid + 3}" cy="${shape.fillY + 12}" r="2.4" fill="#c0392b"/>`,
    cucumber: () => `<circle cx="${x}" cy="${y}" r="13" fill="#4f7d3a"/><circle cx="${x}" cy="${y}" r="10.5" fill="#d8eec0"/><circle cx="${x}" cy="${y}" r="4" fill="#b5d99a"/>`,
    chili: () => `<circle cx="${mid - 12}" cy="${shape.fillY + 1}" r="6" fill="none" stroke="#3f8f29" stroke-width="3"/>`,
    berries: () => `<circle cx="${mid - 6}" cy="${shape.fillY - 3}" r="5" fill="#6a1b4d"/><circle cx="${mid + 4}" cy="${shape.fillY - 5}" r="5" fill="#8e1b3a"/><circle cx="${mid - 1}" cy="${shape.fillY - 11}" r="4.5" fill="#3d1a5b"/>`,
    umbrella: () => `<path d="M${shape.rimLeft + 14} ${y + 20} L${shape.rimLeft - 4} ${y - 26}" stroke="#6b4f2a" stroke-width="2"/><path d="M${shape.rimLeft - 26} ${y - 20} Q${shape.rimLeft - 4} ${y - 52} ${shape.rimLeft + 18} ${y - 32} Z" fill="#e4572e"/><path d="M${shape.rimLeft - 18} ${y - 24} Q${shape.rimLeft - 6} ${y - 44} ${shape.rimLeft + 6} ${y - 30}" fill="none" stroke="#ffc857" stroke-width="3"/>`,
    'coffee-beans': () => `<ellipse cx="${mid - 7}" cy="${shape.fillY}" rx="4" ry="3" fill="#3b2314"/><ellipse cx="${mid + 1}" cy="${shape.fillY - 1}" rx="4" ry="3" fill="#3b2314"/><ellipse cx="${mid + 9}" cy="${shape.fillY}" rx="4" ry="3" fill="#3b2314"/>`,
  };
  return art.garnishes.map((g) => `<g class="garnish-${g}">${parts[g]()}</g>`).join('');
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The SVG of a drawing: crisp at any size (vector), a few KB. */
export function drinkArtSvg(art: DrinkArt, title = 'Drink'): string {
  const shape = SHAPES[art.glass];
  const seed = parseInt(fnv1a(artQuery(art)), 16);
  const top = art.layers[art.layers.length - 1]!.colour;
  const backdrop = art.accent ?? lighten(top === 'eef3f6' ? 'c9d6df' : top, 0.78);
  const glassFill = art.glass === 'mug' ? '#ffffff' : '#ffffff';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(title)}" data-glass="${art.glass}">` +
    `<defs><radialGradient id="bg" cx=".5" cy=".35" r=".8"><stop offset="0" stop-color="#${lighten(backdrop, 0.5)}"/><stop offset="1" stop-color="#${backdrop}"/></radialGradient>` +
    `<clipPath id="in"><path d="${shape.bowl}"/></clipPath></defs>` +
    `<rect width="200" height="200" fill="url(#bg)"/>` +
    `<ellipse cx="100" cy="176" rx="58" ry="6" fill="#000000" fill-opacity=".08"/>` +
    (shape.stem ? `<path d="${shape.stem}" fill="none" stroke="#7b8a97" stroke-width="3" stroke-linecap="round"/>` : '') +
    (shape.handle ? `<path d="${shape.handle}" fill="none" stroke="#7b8a97" stroke-width="7" stroke-linecap="round"/>` : '') +
    `<path d="${shape.bowl}" fill="${glassFill}" fill-opacity=".35"/>` +
    `<g clip-path="url(#in)" class="liquid">${liquidShapes(art, shape)}${art.bubbles ? bubbleShapes(shape, seed) : ''}${iceShapes(art, shape, seed)}` +
    `<rect x="${shape.rimLeft + 6}" y="${shape.rimY}" width="6" height="${shape.bottomY - shape.rimY}" fill="#ffffff" fill-opacity=".35"/></g>` +
    `<path d="${shape.bowl}" fill="none" stroke="#5f6f7c" stroke-opacity=".85" stroke-width="2.5" stroke-linejoin="round"/>` +
    (art.rim ? `<path d="M${shape.rimLeft} ${shape.rimY}H${shape.rimRight}" stroke="#ffffff" stroke-width="4" stroke-dasharray="1.5 2" stroke-linecap="round"/>` : '') +
    garnishShapes(art, shape) +
    `</svg>`;
}
