// A signed-in guest's profile: reading and naming it, and signing out (spec: Guest profile). Apart from sign-in's
// calls (./api.ts), so the sign-in page's first download carries none of it (docs/decisions/275).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { authQueries } from './api';
import { signOutGuest } from './guest-session';
import { useGuestSession } from './hooks';

/** The signed-in guest's profile (spec: Guest profile); disabled while not signed in. */
export function useGuestProfile() {
  const { signedIn, guestId } = useGuestSession();
  return useQuery({ ...authQueries.guestProfile(guestId), enabled: signedIn });
}

export function useUpdateGuestProfile() {
  const queryClient = useQueryClient();
  const { guestId } = useGuestSession();
  return useMutation({
    mutationFn: async (displayName: string) =>
      (await apiRequest('PATCH', '/me', { body: { display_name: displayName }, credentials: 'guest' })).profile,
    onSuccess: (profile) => queryClient.setQueryData(authQueries.guestProfile(guestId).queryKey, profile),
  });
}

/** Spec: sign out goes to /venue/{slug}; the device continues with a fresh anonymous session. */
export function useGuestSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async (slug: string) => {
    await signOutGuest(slug).catch((err: unknown) => console.error('Sign out failed', err));
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'venues' });
    navigate(`/venue/${slug}`);
  }, [navigate, queryClient]);
}
