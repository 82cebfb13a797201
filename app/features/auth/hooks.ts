// The guest's session hooks. The back office's (useAuth) are in staff-hooks.ts, so guest pages do not
// download the back-office session (bundle budget, docs/decisions/219).
import { useEffect, useSyncExternalStore } from 'react';
import type { ImpersonationRole } from '../../../shared/schemas/auth';
import { ensureGuestSession, getGuestSession, subscribeGuestSession } from './guest-session';

/** The guest's device session: `{ ready, signedIn, guestId, token, sessionId }`. */
export function useGuestSession() {
  return useSyncExternalStore(subscribeGuestSession, getGuestSession, getGuestSession);
}

/** Called by the venue layout: makes sure this device has a session (first visit remembers the venue). */
export function useEnsureGuestSession(slug: string | undefined) {
  const session = useGuestSession();
  useEffect(() => {
    if (!slug) return;
    ensureGuestSession(slug).catch((err: unknown) => console.error('Guest session failed', err));
  }, [slug]);
  return session;
}

export type { ImpersonationRole };
