import { useSyncExternalStore } from 'react';
import { memberKey, memberSessionId } from './membership';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
};

/** Remembers the device's session at the venue (membership.ts); null forgets it. */
export function setMemberSession(slug: string, sessionId: string | null) {
  try {
    if (sessionId) localStorage.setItem(memberKey(slug), sessionId);
    else localStorage.removeItem(memberKey(slug));
  } catch {
    // Storage refused: the device is at the table until this page is closed.
  }
  listeners.forEach((l) => l());
}

/** Forgets the device's session at the venue, unless it has joined another since. */
export function forgetMemberSession(slug: string, sessionId: string) {
  if (memberSessionId(slug) === sessionId) setMemberSession(slug, null);
}

/** The table session this device belongs to at the venue, followed across joins and leaves. */
export const useMemberSessionId = (slug: string | undefined): string | null =>
  useSyncExternalStore(subscribe, () => (slug ? memberSessionId(slug) : null), () => null);
