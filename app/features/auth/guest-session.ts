// The guest's device session (docs/product.md §5.3, docs/decisions/192-sessions-tokens-and-signing-out.md): a signed token
// issued by the server on the first venue visit and kept in localStorage, with the spec's
// guest_session_id and guest_venue_slug beside it. Phone sign-in re-issues it with the guest id.
// Types only: guest pages' first download carries no zod (bundle budget, docs/decisions/219).
import type { GuestSession } from '../../../shared/schemas/auth';
import { ApiRequestError, SchemaMismatchError, apiRequest } from '../../lib/api-client';
import { decodeJwt } from './jwt';

const TOKEN_KEY = 'barhop.guest_token';
export const GUEST_SESSION_ID_KEY = 'guest_session_id';
export const GUEST_VENUE_SLUG_KEY = 'guest_venue_slug';

export type GuestSessionState = {
  token: string | null;
  sessionId: string | null;
  guestId: string | null;
  signedIn: boolean;
  /** True once the token has been issued or confirmed by the server during this page load. */
  ready: boolean;
};

function fromToken(token: string | null, ready: boolean): GuestSessionState {
  const claims = token ? decodeJwt<{ sub?: string; guest_id?: string | null }>(token) : null;
  const guestId = claims?.guest_id ?? null;
  return { token: claims ? token : null, sessionId: claims?.sub ?? null, guestId, signedIn: guestId !== null, ready };
}

let state: GuestSessionState = fromToken(typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY), false);
const listeners = new Set<() => void>();

export const getGuestSession = () => state;
export function subscribeGuestSession(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** The token guest-credentialed requests carry. */
export const guestToken = () => state.token;

function store(session: GuestSession | null, venueSlug?: string) {
  if (session) {
    localStorage.setItem(TOKEN_KEY, session.token);
    localStorage.setItem(GUEST_SESSION_ID_KEY, session.session_id);
    if (venueSlug && !localStorage.getItem(GUEST_VENUE_SLUG_KEY)) localStorage.setItem(GUEST_VENUE_SLUG_KEY, venueSlug);
  } else {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(GUEST_SESSION_ID_KEY);
  }
  state = fromToken(session?.token ?? null, session !== null);
  listeners.forEach((l) => l());
}

let pending: Promise<GuestSessionState> | null = null;

async function requestSession(venueSlug: string | undefined, withToken: boolean) {
  const session = await apiRequest('POST', '/auth/guest-session', {
    body: venueSlug ? { slug: venueSlug } : {},
    credentials: withToken ? 'guest' : 'none',
  });
  // The two fields this device keeps, checked by hand instead of with the zod schema.
  if (typeof session?.token !== 'string' || typeof session.session_id !== 'string') throw new SchemaMismatchError('auth', session);
  return session;
}

/**
 * A device session for this browser: confirms the stored one with the server once per page load
 * (it is re-signed, never replaced), or asks for a new one on the first visit.
 */
export function ensureGuestSession(venueSlug?: string): Promise<GuestSessionState> {
  if (state.ready) return Promise.resolve(state);
  pending ??= (async () => {
    let session: GuestSession | null = null;
    if (state.token) {
      try {
        session = await requestSession(venueSlug, true);
      } catch (err) {
        // A token the server no longer accepts: start over with a fresh session.
        if (!(err instanceof ApiRequestError && err.status === 401)) throw err;
      }
    }
    session ??= await requestSession(venueSlug, false);
    store(session, venueSlug);
    return state;
  })().finally(() => { pending = null; });
  return pending;
}

/** After a successful code verification: the same device session, now signed in. */
export function applySignedInSession(session: GuestSession) {
  store(session);
}

/** Sign out: the server unlinks the device session, then the device starts a fresh anonymous one. */
export async function signOutGuest(venueSlug?: string) {
  try {
    if (state.token) await apiRequest('POST', '/auth/guest/logout', { credentials: 'guest' });
  } finally {
    store(null);
    state = { ...state, ready: false };
    await ensureGuestSession(venueSlug).catch(() => state);
  }
}

/** Test hook: re-read storage and forget the page-load confirmation. */
export function resetGuestSessionForTests() {
  pending = null;
  state = fromToken(localStorage.getItem(TOKEN_KEY), false);
}
