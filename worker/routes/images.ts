import { Hono } from 'hono';
import type { AppContext } from '../env';
import { notFound } from '../lib/errors';
import { drinkPictureSvg, venuePictureSvg } from '../images/generated-pictures';

const SVG_HEADERS = { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' };
const titleFromSlug = (slug: string) => slug.replace(/\.svg$/, '').split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

/** /images/*: generated demo pictures, and uploaded photos from R2 (immutable keys, long cache). */
export const imageRoutes = new Hono<AppContext>()
  .get('/generated/drink/:file', (c) => {
    const name = titleFromSlug(c.req.param('file'));
    return c.body(drinkPictureSvg(name, c.req.query('glass') ?? null, c.req.query('category') ?? null), 200, SVG_HEADERS);
  })
  .get('/generated/venue/:file', (c) => c.body(venuePictureSvg(titleFromSlug(c.req.param('file'))), 200, SVG_HEADERS))
  .get('/:key{.+}', async (c) => {
    const object = await c.env.IMAGES.get(c.req.param('key'));
    if (!object) throw notFound('Image not found');
    const headers = new Headers();
    object.writeHttpMetadata(headers);
    headers.set('ETag', object.httpEtag);
    headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(object.body, { headers });
  });
