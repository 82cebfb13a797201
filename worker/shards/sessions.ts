// D1 read replication through the Sessions API (docs/decisions/150). Reads that may lag (venues, menus) go to
// any replica; a read that must see the caller's own write carries that write's bookmark, which the write's
// answer returned in the X-D1-Bookmark header and the app sends back (app/lib/api-client.ts).
import type { Context } from 'hono';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../db/schema';
import type { AppContext, Db } from '../env';
import { isShardBinding, type ShardBinding } from './bindings';
import type { VenueDatabase } from './directory';

export const BOOKMARK_HEADER = 'X-D1-Bookmark';

/** D1's bookmark shape; anything else a client sends is ignored rather than handed to D1. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** A bookmark names its database: bookmarks of one D1 database mean nothing to another. */
export const encodeBookmark = (shard: ShardBinding, bookmark: string) => `${shard}:${bookmark}`;

export function decodeBookmark(header: string | undefined): { shard: ShardBinding; bookmark: string } | null {
  if (!header) return null;
  const at = header.indexOf(':');
  const shard = header.slice(0, at);
  const bookmark = header.slice(at + 1);
  return at > 0 && isShardBinding(shard) && BOOKMARK.test(bookmark) ? { shard, bookmark } : null;
}

const laggingHandles = new WeakMap<D1Database, Db>();

/**
 * A handle whose reads may be served by the nearest replica, however far behind ('first-unconstrained').
 * One session per binding and isolate: its reads never go back in time, and drizzle is built once
 * (docs/decisions/085).
 */
export function laggingReads(d1: D1Database): Db {
  let db = laggingHandles.get(d1);
  if (!db) {
    db = drizzle(d1.withSession('first-unconstrained') as unknown as D1Database, { schema });
    laggingHandles.set(d1, db);
  }
  return db;
}

/**
 * The handle for reads that must see the caller's own write: a session that starts at the request's bookmark
 * when it names this shard, else the binding (the primary). `answerBookmark` puts the session's bookmark on the
 * answer once the reads are done.
 */
export function ownWriteReads(c: Context<AppContext>, venue: VenueDatabase): { db: Db; answerBookmark: () => void } {
  const sent = decodeBookmark(c.req.header(BOOKMARK_HEADER));
  if (!sent || sent.shard !== venue.shard) return { db: venue.db, answerBookmark: () => {} };
  const session = venue.d1.withSession(sent.bookmark);
  return {
    db: drizzle(session as unknown as D1Database, { schema }),
    answerBookmark: () => sendBookmark(c, venue.shard, session.getBookmark()),
  };
}

/** The answer carries the bookmark of the write (or session read) it made, for the caller's next read. */
export function sendBookmark(c: Context<AppContext>, shard: ShardBinding, bookmark: string | null | undefined) {
  if (bookmark) c.header(BOOKMARK_HEADER, encodeBookmark(shard, bookmark));
}
