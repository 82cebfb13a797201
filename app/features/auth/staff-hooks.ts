import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { StaffRole } from '../../../shared/constants';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../ui/toast';
import {
  exitImpersonation, getStaffSession, login, logout, startImpersonation, startStaffSession, subscribeStaffSession, syncClaims,
} from './staff-session';

/**
 * The back-office session. `role`, `restaurantId` and `claimsVersion` are those of the token in
 * use (the impersonated role and venue while a super admin impersonates); `user.role` stays the
 * real one, and `isSuperAdmin` follows it.
 */
export function useAuth() {
  const session = useSyncExternalStore(subscribeStaffSession, getStaffSession, getStaffSession);
  useEffect(() => { void startStaffSession(); }, []);
  const { user, impersonation } = session;
  const role: StaffRole | null = impersonation?.context.role ?? user?.role ?? null;
  return {
    user,
    role,
    restaurantId: impersonation?.venue.id ?? user?.restaurant_id ?? null,
    claimsVersion: user?.claims_version ?? null,
    isAdmin: role === 'admin' || role === 'superadmin',
    isSuperAdmin: user?.role === 'superadmin',
    loading: session.loading,
    /** The server ended the session (disabled, reset, signed out elsewhere): the sign-in page says so. */
    signedOutByServer: session.signedOutByServer,
    impersonation: impersonation ? { ...impersonation.context, venue: impersonation.venue } : null,
    login,
    logout,
    startImpersonation,
    exitImpersonation,
    syncClaims,
  };
}

/** For a 'Sync Claims from DB' button: the spec's toasts around a user-triggered sync. */
export function useSyncClaimsWithToast() {
  return useCallback(async () => {
    try {
      if (!(await syncClaims())) throw new Error('Not authenticated');
      toast.success('Claims synced successfully!');
    } catch (err) {
      toast.error(`Failed to sync claims: ${errorMessage(err, 'unknown error')}`);
    }
  }, []);
}
