import { Hono } from 'hono';
import { ImageUploadQuery } from '../../shared/schemas/admin';
import { deleteOwnedImage, IMAGE_URL_PREFIX, ownedKeyOf, readUploadedImage, storeImage } from './uploads';
import { requireAdmin, scopedVenueId } from '../auth';
import type { AppContext } from '../env';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';

/**
 * Photo uploads to R2 (multipart `file` or a raw body), at most 5 MB, JPEG/PNG/WebP/GIF by their
 * bytes. Served from /images/<key>. Another venue's key answers 404.
 */
export const adminImageRoutes = new Hono<AppContext>()
  .use(requireAdmin)
  .post('/', validate('query', ImageUploadQuery), async (c) => {
    const bytes = await readUploadedImage(c.req.raw);
    return c.json(await storeImage(c.env, scopedVenueId(c), c.req.valid('query').kind, bytes), 201);
  })
  .delete('/:key{.+}', async (c) => {
    const venueId = scopedVenueId(c);
    const url = `${IMAGE_URL_PREFIX}${c.req.param('key')}`;
    const key = ownedKeyOf(venueId, url);
    if (!key || !(await c.env.IMAGES.head(key))) throw notFound('Image not found');
    await deleteOwnedImage(c.env, venueId, url);
    return c.json({ success: true });
  });
