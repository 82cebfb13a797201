// The venue's Stripe connection (docs/decisions/244): read, start or continue Stripe's onboarding, ask Stripe again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StripeConnectionResponse, StripeOnboardingResponse } from '../../../../shared/schemas/stripe-connection';
import { apiRequest } from '../../../lib/api-client';

export const stripeConnectionKey = ['admin', 'stripe-connection'] as const;

export const useStripeConnection = () => useQuery({
  queryKey: stripeConnectionKey,
  queryFn: async () => (await apiRequest('GET', '/admin/payments/stripe', { schema: StripeConnectionResponse })).connection,
});

/** "Connect Stripe" / "Continue setup": the account (made the first time) and the link to Stripe's onboarding. */
export function useStartStripeOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/admin/payments/stripe/connect', { schema: StripeOnboardingResponse }),
    onSuccess: (answer) => client.setQueryData(stripeConnectionKey, answer.connection),
  });
}

/** Back from Stripe (or "Check again"): the account as Stripe holds it now. */
export function useCheckStripeConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest('POST', '/admin/payments/stripe/check', { schema: StripeConnectionResponse })).connection,
    onSuccess: (connection) => client.setQueryData(stripeConnectionKey, connection),
  });
}
