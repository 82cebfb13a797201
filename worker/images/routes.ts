import { Hono } from 'hono';
import type { AppContext } from '../env';
import { notFound } from '../lib/errors';
import { drinkArtSvg, parseArt } from './drink-art';
import { drinkPictureSvg, pictureTitle, venuePictureSvg } from './generated-pictures';
import { parseVenueArt, venueCoverSvg, venueLogoSvg } from './venue-art';
import { parseVenueIcon, venueIconPng } from './venue-icon';

const R2_MAX_KEY_BYTES = 1024;
const SVG_HEADERS = { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' };
/** Generated art: the URL holds the inputs and their hash, so its answer never changes (docs/decisions/185). */
const ART_HEADERS = { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' };
const HASHED_SVG = /^([0-9a-f]{8})\.svg$/;

function venueArt(file: string, url: string, kind: 'cover' | 'logo') {
  const hash = HASHED_SVG.exec(file)?.[1];
  const art = hash ? parseVenueArt(kind, hash, new URL(url).searchParams) : null;
  if (!art) throw notFound('Image not found');
  return new Response(kind === 'cover' ? venueCoverSvg(art) : venueLogoSvg(art), { headers: ART_HEADERS });
}

/** /images/*: generated art (drinks, venue covers and logos), older generated pictures, and uploaded photos from R2 (immutable keys, long cache). */
export const imageRoutes = new Hono<AppContext>()
  .get('/art/venue-cover/:file', (c) => venueArt(c.req.param('file'), c.req.url, 'cover'))
  .get('/art/venue-logo/:file', (c) => venueArt(c.req.param('file'), c.req.url, 'logo'))
  .get('/art/venue-icon/:file', async (c) => {
    const icon = parseVenueIcon(c.req.param('file'), new URL(c.req.url).searchParams);
    if (!icon) throw notFound('Image not found');
    return new Response(await venueIconPng(icon), { headers: { ...ART_HEADERS, 'Content-Type': 'image/png' } });
  })
  .get('/art/:file', (c) => {
    const hash = HASHED_SVG.exec(c.req.param('file'))?.[1];
    const art = hash ? parseArt(hash, new URL(c.req.url).searchParams) : null;
    if (!art) throw notFound('Image not found');
    return c.body(drinkArtSvg(art), 200, ART_HEADERS);
  })
  .get('/generated/drink/:file', (c) => {
    const name = pictureTitle(c.req.param('file'));
    return c.body(drinkPictureSvg(name, c.req.query('glass') ?? null, c.req.query('category') ?? null), 200, SVG_HEADERS);
  })
  .get('/generated/venue/:file', (c) => c.body(venuePictureSvg(pictureTitle(c.req.param('file'))), 200, SVG_HEADERS))
  .get('/:key{.+}', async (c) => {
    const key = c.req.param('key');
    // R2 throws on keys over 1024 bytes (a 500); no stored key is that long (found by reliability-fuzz).
    if (new TextEncoder().encode(key).length > R2_MAX_KEY_BYTES) throw notFound('Image not found');
    const object = await c.env.IMAGES.get(key);
    if (!object) throw notFound('Image not found');
    const headers = new Headers();
    object.writeHttpMetadata(headers);
    headers.set('ETag', object.httpEtag);
    headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(object.body, { headers });
  });
