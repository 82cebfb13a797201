import { installAuthBridge } from '../../lib/api-client';
import { guestToken } from './guest-session';
import { staffToken, syncClaims } from './staff-session';

/** Connects the API client to the two sessions: which token a request carries, and claims sync. */
export function installAuth() {
  installAuthBridge({
    tokenFor: (credentials) => (credentials === 'staff' ? staffToken() : credentials === 'guest' ? guestToken() : null),
    syncClaims,
  });
}
