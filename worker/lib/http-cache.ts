import type { Context, TypedResponse } from 'hono';
import type { AppContext } from '../env';

/**
 * Public menu reads (docs/decisions/085): the same for every caller, revalidated on every use, so a
 * guest who reloads sees an admin's sold-out switch at once, while a repeat read of an unchanged
 * menu is a 304 without a body (weak ETag over the JSON body, If-None-Match).
 */
export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';
/** Reads that carry the caller's own data (e.g. a drink with the guest's rating): never in shared caches. */
export const PRIVATE_REVALIDATE = 'private, max-age=0, must-revalidate';

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** True when If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** A serialised JSON body and its ETag; `T` is the shape it was serialised from, so the answer stays typed for the app. */
export type JsonEntity<T = unknown> = { body: string; etag: string; readonly shape?: T };

/** A JSON body and its weak ETag (SHA-1 of the serialised body), ready to answer with or to keep. */
export async function jsonEntity<T>(data: T): Promise<JsonEntity<T>> {
  const body = JSON.stringify(data);
  return { body, etag: `W/"${hex(await crypto.subtle.digest('SHA-1', encoder.encode(body)))}"` };
}

/**
 * A JSON answer with a weak ETag and `cacheControl`, or 304 without a body when If-None-Match
 * matches. The body is serialised once and hashed as it is, which costs less than an ETag
 * middleware that clones the finished response and reads it back.
 */
export async function revalidatedJson<T>(c: Context<AppContext>, data: T, cacheControl: string) {
  return revalidatedEntity(c, await jsonEntity(data), cacheControl);
}

/** The same for a body already serialised and hashed (e.g. kept by worker/menu/read-cache.ts). */
export function revalidatedEntity<T>(c: Context<AppContext>, { body, etag }: JsonEntity<T>, cacheControl: string) {
  c.header('ETag', etag);
  c.header('Cache-Control', cacheControl);
  // The answer depends on who asks when the read is private.
  if (cacheControl === PRIVATE_REVALIDATE) c.header('Vary', 'Authorization', { append: true });
  if (matches(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  return serialisedJson<T>(c, body);
}

/**
 * A 200 whose body is `T` already serialised (a kept menu, a placement the venue's hub encoded): typed as the JSON
 * answer it is, so the app's client reads `T` (docs/decisions/177).
 */
export const serialisedJson = <T>(c: Context<AppContext>, body: string) =>
  c.body(body, 200, { 'Content-Type': 'application/json' }) as unknown as Response & TypedResponse<T, 200, 'json'>;
