import { installAuthBridge } from '../../lib/api-client';
import { guestToken } from './guest-session';
import { loadedStaffSession } from './staff-registry';

/** Connects the API client to the two sessions: which token a request carries, and claims sync. */
export function installAuth() {
  installAuthBridge({
    tokenFor: (credentials) => (credentials === 'staff' ? loadedStaffSession()?.staffToken() ?? null : credentials === 'guest' ? guestToken() : null),
    // Only a staff token can be outdated, and a staff token only exists once the staff session loaded.
    syncClaims: async () => (await loadedStaffSession()?.syncClaims()) ?? false,
    staffUnauthorized: async () => (await loadedStaffSession()?.sessionRefused()) ?? false,
  });
}
