import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { applySignedInSession, ensureGuestSession, signOutGuest } from './guest-session';
import { useGuestSession } from './hooks';

export const authKeys = {
  demo: ['auth', 'demo'] as const,
  guestProfile: (guestId: string | null) => ['auth', 'guest-profile', guestId] as const,
};

/** The sign-in reads as query options (key and read together), for the hooks below and any prefetch alike. */
export const authQueries = {
  demo: () => queryOptions({
    queryKey: authKeys.demo,
    staleTime: Infinity,
    queryFn: () => apiRequest('GET', '/auth/demo', { credentials: 'none' }),
  }),
  guestProfile: (guestId: string | null) => queryOptions({
    queryKey: authKeys.guestProfile(guestId),
    queryFn: async () => (await apiRequest('GET', '/me', { credentials: 'guest' })).profile,
  }),
};

/** Demo accounts and password for the login screen (empty outside demo mode). */
export const useDemoInfo = () => useQuery(authQueries.demo());

export function useSendCode() {
  return useMutation({
    mutationFn: async ({ phone, slug }: { phone: string; slug?: string }) => {
      await ensureGuestSession(slug);
      return apiRequest('POST', '/auth/otp/send', { body: { phone }, credentials: 'guest' });
    },
  });
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ phone, code, slug }: { phone: string; code: string; slug?: string }) => {
      await ensureGuestSession(slug);
      return apiRequest('POST', '/auth/otp/verify', { body: { phone, code }, credentials: 'guest' });
    },
    onSuccess: (verified) => {
      applySignedInSession(verified);
      queryClient.setQueryData(authQueries.guestProfile(verified.guest_id).queryKey, verified.profile);
      // Cart, favourites and orders now belong to the account: reload whatever was cached.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'venues' });
    },
  });
}

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
