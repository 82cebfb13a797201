// Staff and admin writes that can change what guests read of a venue's menu (docs/decisions/154): each such
// resource marks its sub-app with `changesVenueMenu`, and after a successful write the venue's hub tells every
// open socket, so guest menus, drink pages and carts refetch without a reload.
import { createMiddleware } from 'hono/factory';
import { scopedVenueId } from '../auth';
import type { AppContext } from '../env';
import { venueHub } from '../live';
import { isSuccessfulWrite } from './read-cache';

/** After a staff write that succeeded, announces the menu change; the write's answer does not wait for it. */
export const changesVenueMenu = createMiddleware<AppContext>(async (c, next) => {
  await next();
  if (!isSuccessfulWrite(c) || c.get('caller')?.kind !== 'staff' || c.get('keepsGuestReads')) return;
  let venueId: string;
  try {
    venueId = scopedVenueId(c);
  } catch {
    return;
  }
  c.executionCtx.waitUntil(venueHub(c.env, venueId).announceMenuChange(venueId).catch((err: unknown) => console.error('menu change not announced', venueId, err)));
});
