import { Hono } from 'hono';
import type { AppContext } from '../env';
import { notFound } from '../lib/errors';
import { drinkPictureSvg, pictureTitle, venuePictureSvg } from './generated-pictures';

const R2_MAX_KEY_BYTES = 1024;
const SVG_HEADERS = { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' };

/** /images/*: generated demo pictures, and uploaded photos from R2 (immutable keys, long cache). */
export const imageRoutes = new Hono<AppContext>()
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
