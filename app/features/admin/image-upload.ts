// Photos are downscaled in the browser before upload (at most 1600 px on the long side, WebP when the
// browser can encode it), so phones' 12-megapixel shots arrive as a few hundred KB.
import { IMAGE_MAX_BYTES, ImageUploadResponse } from '../../../shared/schemas/admin';
import { apiRequest } from '../../lib/api-client';

export const MAX_IMAGE_EDGE_PX = 1600;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const ACCEPT_ATTRIBUTE = ACCEPTED.join(',');

/** The size to draw at: the long edge capped at `max`, aspect kept. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_EDGE_PX) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function downscale(file: File): Promise<Blob> {
  // GIFs may be animated: a canvas would keep one frame, so they go up as they are.
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try { bitmap = await createImageBitmap(file); } catch { return file; }
  const size = fitWithin(bitmap.width, bitmap.height);
  if (size.width === bitmap.width && size.height === bitmap.height && file.size <= IMAGE_MAX_BYTES) { bitmap.close(); return file; }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.85));
  return blob && blob.type === 'image/webp' ? blob : (await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85))) ?? file;
}

/** Checks, downsizes and uploads a photo; resolves with its `/images/...` URL. */
export async function uploadPhoto(file: File, kind: 'drink' | 'logo' | 'cover'): Promise<string> {
  if (!ACCEPTED.includes(file.type)) throw new Error('Choose a JPEG, PNG, WebP or GIF image');
  const blob = await downscale(file);
  if (blob.size > IMAGE_MAX_BYTES) throw new Error('Images are at most 5 MB');
  const form = new FormData();
  form.append('file', blob, file.name);
  const uploaded = await apiRequest('POST', '/admin/images', { body: form, query: { kind }, schema: ImageUploadResponse, timeoutMs: 60_000 });
  return uploaded.url;
}
