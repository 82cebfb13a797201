import { installAuthBridge } from '../../lib/api-client';
import { guestToken } from './guest-session';

type StaffSession = { staffToken(): string | null; syncClaims(): Promise<boolean> };
let staffSession: StaffSession | null = null;

/**
 * Called by staff-session.ts when it loads. Back-office pages load it before they send anything;
 * guest pages never do, which keeps the back office's session out of their first download (bundle
 * budget, docs/decisions/080).
 */
export function registerStaffSession(session: StaffSession) {
  staffSession = session;
}

/** Connects the API client to the two sessions: which token a request carries, and claims sync. */
export function installAuth() {
  installAuthBridge({
    tokenFor: (credentials) => (credentials === 'staff' ? staffSession?.staffToken() ?? null : credentials === 'guest' ? guestToken() : null),
    syncClaims: async () => {
      if (!staffSession) await import('./staff-session');
      return staffSession!.syncClaims();
    },
  });
}
