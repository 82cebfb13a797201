// Offline pictures for seeded drinks and venues: a glass silhouette on a colour derived from the name.

function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 360;
}

/** 'dry-martini.svg' → 'Dry Martini': the picture's name is its file name. */
export const pictureTitle = (file: string) => file.replace(/\.svg$/, '').split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Glass outlines in a 200×200 box, keyed by the recipe's glass. */
const GLASSES: Record<string, string> = {
  coupe: 'M60 70 Q100 120 140 70 Z M98 112 L98 150 M78 152 L122 152',
  martini: 'M55 65 L145 65 L100 115 Z M100 115 L100 152 M78 154 L122 154',
  rocks: 'M68 80 L132 80 L126 150 L74 150 Z',
  highball: 'M76 50 L124 50 L120 155 L80 155 Z',
  collins: 'M78 45 L122 45 L119 158 L81 158 Z',
  pint: 'M70 50 L130 50 L122 158 L78 158 Z',
  wine: 'M72 55 Q72 115 100 118 Q128 115 128 55 Z M100 118 L100 154 M80 156 L120 156',
  flute: 'M88 40 Q86 110 100 115 Q114 110 112 40 Z M100 115 L100 154 M84 156 L116 156',
  shot: 'M82 95 L118 95 L114 150 L86 150 Z',
  mug: 'M70 65 L122 65 L122 150 L70 150 Z M122 85 Q145 85 145 105 Q145 125 122 125',
  hurricane: 'M80 45 Q70 90 88 110 Q78 135 80 152 L120 152 Q122 135 112 110 Q130 90 120 45 Z',
  cup: 'M72 70 L128 70 Q126 140 100 145 Q74 140 72 70 Z',
};

export function drinkPictureSvg(name: string, glass: string | null, category: string | null): string {
  const h = hue(name);
  const path = GLASSES[glass ?? ''] ?? (category === 'beer' ? GLASSES.pint : category === 'wine' ? GLASSES.wine : GLASSES.rocks);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},70%,62%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},65%,38%)"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/>
<circle cx="150" cy="45" r="18" fill="hsla(${(h + 180) % 360},80%,85%,0.55)"/>
<path d="${path}" fill="hsla(0,0%,100%,0.28)" stroke="#fff" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>
</svg>`;
}

export function venuePictureSvg(name: string): string {
  const h = hue(name);
  const initials = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w) && w.toLowerCase() !== 'the').slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},55%,30%)"/><stop offset="1" stop-color="hsl(${(h + 50) % 360},60%,14%)"/></linearGradient></defs>
<rect width="400" height="240" fill="url(#g)"/>
<g fill="hsla(${(h + 30) % 360},90%,75%,0.35)"><circle cx="70" cy="60" r="6"/><circle cx="120" cy="40" r="4"/><circle cx="330" cy="70" r="5"/><circle cx="290" cy="30" r="3"/></g>
<text x="200" y="148" text-anchor="middle" font-family="Georgia, serif" font-size="84" fill="#fff" fill-opacity="0.9">${escapeXml(initials)}</text>
</svg>`;
}

const GENERATED_VENUE_PICTURE = /^\/images\/generated\/venue\/([^/?#]+)$/;

/** The SVG behind a generated venue picture URL (what GET /images/generated/venue/:file answers), else null. */
export function generatedVenuePictureSvg(url: string): string | null {
  const file = GENERATED_VENUE_PICTURE.exec(url)?.[1];
  if (!file) return null;
  try {
    return venuePictureSvg(pictureTitle(decodeURIComponent(file)));
  } catch {
    return null;
  }
}
