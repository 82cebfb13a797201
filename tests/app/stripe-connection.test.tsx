// Settings → Payments, the venue's Stripe panel (docs/decisions/244): what Stripe still needs in words, "Continue
// setup" while anything is left, and a check with Stripe when the owner comes back from its onboarding.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StripeConnectionPanel } from '../../app/features/admin/payments/StripeConnectionPanel';
import type { StripeConnection } from '../../shared/schemas/stripe-connection';
import { mockApi, renderPage } from './render';

const incomplete: StripeConnection = {
  state: 'incomplete', account_id: 'acct_1', charges_enabled: false, payouts_enabled: false, disabled_reason: 'requirements.past_due',
  currently_due: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip', 'company.address.city', 'person_1AbC.dob.day', 'person_1AbC.dob.month', 'settings.payments.statement_descriptor'], checked_at: null, cards_configured: true,
};
const enabled: StripeConnection = { ...incomplete, state: 'charges_enabled', charges_enabled: true, payouts_enabled: true, currently_due: [], disabled_reason: null };

describe('the Stripe panel', () => {
  it('lists what Stripe still needs in words, each once, with "Continue setup" and charges and payouts as No', async () => {
    mockApi({ 'GET /api/admin/payments/stripe': { body: { connection: incomplete } } });
    renderPage(<StripeConnectionPanel />, '/admin/profile');
    const panel = await screen.findByRole('region', { name: 'Payments: Stripe' });
    expect(await within(panel).findByText('Setup incomplete')).toBeTruthy();
    const items = within(within(panel).getByRole('list', { name: 'What Stripe still needs' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['A bank account for payouts', "Acceptance of Stripe's terms of service", "The company's address", "A person's date of birth", 'Settings payments statement descriptor']);
    expect(within(panel).getByText('Stripe needs the information below before the venue can take cards')).toBeTruthy();
    expect(within(panel).getByText('Charges enabled').nextElementSibling?.textContent).toBe('No');
    expect(within(panel).getByText('Payouts enabled').nextElementSibling?.textContent).toBe('No');
    expect(within(panel).getByRole('button', { name: 'Continue setup' })).toBeTruthy();
  });

  it('back from Stripe it asks Stripe how the account stands and shows charges enabled, with nothing left to set up', async () => {
    const calls = mockApi({
      'GET /api/admin/payments/stripe': { body: { connection: incomplete } },
      'POST /api/admin/payments/stripe/check': { body: { connection: enabled } },
    });
    renderPage(<StripeConnectionPanel />, '/admin/profile?stripe=return');
    const panel = await screen.findByRole('region', { name: 'Payments: Stripe' });
    await waitFor(() => expect(within(panel).getByText('Charges enabled', { selector: '.badge' })).toBeTruthy());
    expect(calls.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/admin/payments/stripe/check')).toHaveLength(1);
    expect(within(panel).getByText('Payouts enabled').nextElementSibling?.textContent).toBe('Yes');
    expect(within(panel).queryByRole('button', { name: 'Continue setup' })).toBeNull();
    expect(within(panel).queryByRole('list', { name: 'What Stripe still needs' })).toBeNull();
  });

  it('a venue not connected is offered "Connect Stripe"; without Stripe keys there is nothing to connect', async () => {
    mockApi({ 'GET /api/admin/payments/stripe': { body: { connection: { ...incomplete, state: 'not_connected', account_id: null, currently_due: [], disabled_reason: null } } } });
    const first = renderPage(<StripeConnectionPanel />, '/admin/profile');
    expect(await screen.findByRole('button', { name: 'Connect Stripe' })).toBeTruthy();
    first.unmount();
    mockApi({ 'GET /api/admin/payments/stripe': { body: { connection: { ...incomplete, state: 'not_connected', account_id: null, cards_configured: false } } } });
    renderPage(<StripeConnectionPanel />, '/admin/profile');
    expect(await screen.findByText('Card payments are not set up on this Barhop (no Stripe keys): guests pay at the bar.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Stripe' })).toBeNull();
  });
});
