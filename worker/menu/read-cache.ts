// Guest menu reads from the isolate's memory (docs/decisions/085). The menu and the venue are read
// on every guest page and change rarely; each read used to cost a D1 statement, the resource that
// runs out first at scale (docs/scale.md). An entry lives READ_CACHE_TTL_MS at most, and every
// successful write through this isolate's API drops them all (invalidateGuestReads, called by the
// `dropReadCacheOnWrite` middleware below), so a guest who reloads after an admin's change sees it at once
// when both go through the same isolate; across isolates a menu is at most READ_CACHE_TTL_MS old.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../env';

export const READ_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 2_000;

type Entry = { expires: number; generation: number; value: Promise<unknown> };

let generation = 0;
/** One store per D1 binding: worker tests give each file its own database. */
const stores = new WeakMap<object, Map<string, Entry>>();

/** Any write may change a menu (availability, stock, a venue's profile): the next reads go to D1. */
export function invalidateGuestReads() {
  generation++;
}

/** `load()`'s answer for `key`, shared by every read of the same database within the TTL; failures are not kept. */
export function cachedRead<T>(binding: object, key: string, load: () => Promise<T>): Promise<T> {
  let store = stores.get(binding);
  if (!store) {
    store = new Map();
    stores.set(binding, store);
  }
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now && hit.generation === generation) return hit.value as Promise<T>;
  if (store.size >= MAX_ENTRIES) store.clear();
  const value = load();
  const entry: Entry = { expires: now + READ_CACHE_TTL_MS, generation, value };
  store.set(key, entry);
  value.catch(() => {
    if (store.get(key) === entry) store.delete(key);
  });
  return value;
}

/** The request wrote and succeeded: what may change what guests read. */
export const isSuccessfulWrite = (c: Context<AppContext>) =>
  c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS' && c.res.status < 400;

/**
 * A resource whose writes never change what guests read of a menu or a venue marks itself with this (on its
 * sub-app): guests' own orders, carts, tables, sign-ins and error reports. Busy ordering must not empty the menu
 * cache for everyone (docs/decisions/157).
 */
export const keepsGuestReads = createMiddleware<AppContext>(async (c, next) => {
  c.set('keepsGuestReads', true);
  await next();
});

/**
 * A write that turned out to change nothing guests read (a translation saved unchanged, docs/decisions/217) says so
 * from its handler: the menu reads stay, and no menu change is announced (worker/menu/menu-changes.ts).
 */
export const keepGuestReadsThisTime = (c: Context<AppContext>) => c.set('keepsGuestReads', true);

/**
 * Any other successful write through the API may change what guests read (a drink switched off, stock that sells
 * one out, a venue's profile): the isolate's guest reads are dropped.
 */
export const dropReadCacheOnWrite = createMiddleware<AppContext>(async (c, next) => {
  await next();
  if (!isSuccessfulWrite(c)) return;
  if (!c.get('keepsGuestReads')) invalidateGuestReads();
});
