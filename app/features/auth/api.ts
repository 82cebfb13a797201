// A guest's sign-in calls: sending and checking a code. A signed-in guest's profile is ./guest-profile-api.ts and the
// login screen's demo accounts ./demo-api.ts, so the sign-in page's first download carries neither (docs/decisions/275).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { applySignedInSession, ensureGuestSession } from './guest-session';

export const authKeys = {
  guestProfile: (guestId: string | null) => ['auth', 'guest-profile', guestId] as const,
};

/** The sign-in reads as query options (key and read together), for the hooks below and any prefetch alike. */
export const authQueries = {
  guestProfile: (guestId: string | null) => queryOptions({
    queryKey: authKeys.guestProfile(guestId),
    queryFn: async () => (await apiRequest('GET', '/me', { credentials: 'guest' })).profile,
  }),
};

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
