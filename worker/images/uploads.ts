// Photos in R2 (drinks, venue logos and covers). Keys are namespaced by venue so an admin can only
// ever address, replace or delete their own venue's objects; content is sniffed, never trusted.
import { and, eq, or } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { IMAGE_MAX_BYTES } from '../../shared/schemas/admin';
import { menuDrinks, venues } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { ApiError } from '../lib/errors';

export const IMAGE_URL_PREFIX = '/images/';

type Sniffed = { contentType: string; ext: string };

/** The image type from the first bytes (JPEG, PNG, WebP, GIF), or null for anything else. */
export function sniffImageType(bytes: Uint8Array): Sniffed | null {
  const starts = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', ext: 'png' };
  if (bytes.length >= 6 && (starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))) return { contentType: 'image/gif', ext: 'gif' };
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return { contentType: 'image/webp', ext: 'webp' };
  return null;
}

export const venuePrefix = (venueId: string) => `venues/${venueId}/`;

/** The R2 key behind an `/images/...` URL when it belongs to this venue, else null. */
export function ownedKeyOf(venueId: string, url: string | null | undefined): string | null {
  if (!url?.startsWith(IMAGE_URL_PREFIX)) return null;
  const key = url.slice(IMAGE_URL_PREFIX.length);
  // R2 throws on keys over 1024 bytes: such a key was never stored here (reliability-fuzz).
  if (!key.startsWith(venuePrefix(venueId)) || key.includes('..') || new TextEncoder().encode(key).length > 1024) return null;
  return key;
}

const tooLarge = () => new ApiError(413, 'payload_too_large', `Images are at most ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`);

/** Stores an uploaded image after checking its size and its real type. */
export async function storeImage(env: WorkerEnv, venueId: string, kind: 'drink' | 'logo' | 'cover', bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw new ApiError(400, 'invalid_request', 'The image is empty');
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw tooLarge();
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw new ApiError(415, 'unsupported_media_type', 'Only JPEG, PNG, WebP or GIF images can be uploaded');
  const key = `${venuePrefix(venueId)}${kind}s/${newId(24)}.${sniffed.ext}`;
  await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: sniffed.contentType, cacheControl: 'public, max-age=31536000, immutable' } });
  return { key, url: `${IMAGE_URL_PREFIX}${key}`, content_type: sniffed.contentType, size: bytes.byteLength };
}

/** Removes a photo the venue owns; URLs of other venues or outside R2 are left alone. */
export async function deleteOwnedImage(env: WorkerEnv, venueId: string, url: string | null | undefined) {
  const key = ownedKeyOf(venueId, url);
  if (key) await env.IMAGES.delete(key);
}

/**
 * Removes a photo the venue owns once nothing of the venue shows it any more: no drink of its menu, not its cover,
 * logo or picture. Called after the write that stopped one of them showing it (a drink deleted or given another
 * photo, a cover or logo replaced), so a photo shared with another still in use stays.
 */
export async function deleteImageIfUnused(db: Db, env: WorkerEnv, venueId: string, url: string | null | undefined) {
  if (!url || !ownedKeyOf(venueId, url)) return;
  const [drinks, venue] = await db.batch([
    db.select({ id: menuDrinks.id }).from(menuDrinks).where(and(eq(menuDrinks.restaurantId, venueId), eq(menuDrinks.imageUrl, url))).limit(1),
    db.select({ id: venues.id }).from(venues)
      .where(and(eq(venues.id, venueId), or(eq(venues.imageUrl, url), eq(venues.logoUrl, url), eq(venues.coverImageUrl, url)))).limit(1),
  ]);
  if (drinks.length === 0 && venue.length === 0) await deleteOwnedImage(env, venueId, url);
}

/**
 * Reads the request's image: a multipart form's `file` (or `image`) field, or the raw body.
 * Content-Length is checked first so an oversize upload is refused before it is read.
 */
export async function readUploadedImage(req: Request): Promise<Uint8Array> {
  const declared = Number(req.headers.get('Content-Length') ?? '0');
  // Multipart framing adds a few hundred bytes around the file.
  if (declared > IMAGE_MAX_BYTES + 16 * 1024) throw tooLarge();
  const contentType = req.headers.get('Content-Type') ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const form = await req.formData().catch(() => { throw new ApiError(400, 'invalid_request', 'Malformed multipart body'); });
    const file = form.get('file') ?? form.get('image');
    if (!file || typeof file === 'string') throw new ApiError(400, 'invalid_request', 'Send the image in a "file" field');
    if (file.size > IMAGE_MAX_BYTES) throw tooLarge();
    return new Uint8Array(await file.arrayBuffer());
  }
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw tooLarge();
  return bytes;
}
