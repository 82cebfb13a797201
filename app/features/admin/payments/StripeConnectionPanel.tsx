import { CreditCard, ExternalLink, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { StripeConnection } from '../../../../shared/schemas/stripe-connection';
import { STRIPE_CONNECTION_LABELS, stripeDisabledReasonWords, stripeRequirementWords } from '../../../../shared/stripe-connection';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useCheckStripeConnection, useStartStripeOnboarding, useStripeConnection } from './api';

const BADGES = { not_connected: 'badge-info', incomplete: 'badge-warning', charges_enabled: 'badge-success' } as const;

/** Anything left to do at Stripe: the account cannot charge or be paid out yet, or Stripe asks for more. */
const setupIncomplete = (c: StripeConnection) => !c.charges_enabled || !c.payouts_enabled || c.currently_due.length > 0;

/**
 * Settings → Payments, the venue's Stripe connection (docs/decisions/244): "Connect Stripe" makes the venue's account and opens Stripe's
 * onboarding; back from it (`?stripe=return`) the panel asks Stripe how the account stands and shows charges,
 * payouts and what Stripe still needs, with "Continue setup" while anything is left.
 */
export function StripeConnectionPanel() {
  const connection = useStripeConnection();
  const start = useStartStripeOnboarding();
  const check = useCheckStripeConnection();
  const [params, setParams] = useSearchParams();
  const back = params.get('stripe');
  const checkedOnReturn = useRef(false);
  const panel = useRef<HTMLElement>(null);

  // Back from Stripe, the owner lands on this panel, below the venue's profile.
  useEffect(() => {
    if (back) panel.current?.scrollIntoView({ block: 'start' });
  }, [back, connection.data]);

  useEffect(() => {
    if (back !== 'return' || checkedOnReturn.current) return;
    checkedOnReturn.current = true;
    check.mutate(undefined, {
      onSettled: () => setParams((p) => { p.delete('stripe'); return p; }, { replace: true }),
      onError: (err) => toast.error(errorMessage(err, 'Could not ask Stripe how the account stands')),
    });
  }, [back, check, setParams]);

  async function openOnboarding() {
    try {
      const answer = await start.mutateAsync();
      window.location.assign(answer.url);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not open Stripe'));
    }
  }

  if (connection.isError) return <section className="card stack" aria-labelledby="stripe-heading"><h2 id="stripe-heading">Payments: Stripe</h2><p role="alert">Failed to load the Stripe connection</p></section>;
  if (!connection.data) return <section className="card stack" aria-labelledby="stripe-heading"><h2 id="stripe-heading">Payments: Stripe</h2><p className="muted">Loading...</p></section>;
  const c = connection.data;
  const due = stripeRequirementWords(c.currently_due);
  const disabled = stripeDisabledReasonWords(c.disabled_reason);
  const busy = start.isPending || check.isPending;

  return (
    <section className="card stack" aria-labelledby="stripe-heading" id="payments" ref={panel}>
      <div className="row">
        <h2 id="stripe-heading"><CreditCard aria-hidden="true" size={20} /> Payments: Stripe</h2>
        <span className={`badge ${BADGES[c.state]}`}>{STRIPE_CONNECTION_LABELS[c.state]}</span>
      </div>
      {!c.cards_configured ? (
        <p className="muted">Card payments are not set up on this Barhop (no Stripe keys): guests pay at the bar.</p>
      ) : c.state === 'not_connected' ? (
        <>
          <p>Connect the venue&apos;s Stripe account to take cards in the app. Until then guests pay at the bar.</p>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => void openOnboarding()} disabled={busy}>
              <ExternalLink aria-hidden="true" size={16} /> {start.isPending ? 'Opening Stripe...' : 'Connect Stripe'}
            </button>
          </div>
        </>
      ) : (
        <>
          {back === 'refresh' && <p role="status">Stripe&apos;s setup link expired: continue where you left off.</p>}
          {check.isPending && <p className="muted" role="status">Asking Stripe how the account stands...</p>}
          <dl className="stripe-connection-facts">
            <dt>Charges enabled</dt><dd>{c.charges_enabled ? 'Yes' : 'No'}</dd>
            <dt>Payouts enabled</dt><dd>{c.payouts_enabled ? 'Yes' : 'No'}</dd>
            <dt>Stripe account</dt><dd className="mono">{c.account_id}</dd>
          </dl>
          {disabled && <p>{disabled}</p>}
          {due.length > 0 && (
            <div className="stack">
              <h3>What Stripe still needs</h3>
              <ul aria-label="What Stripe still needs">{due.map((d) => <li key={d}>{d}</li>)}</ul>
            </div>
          )}
          <p className="muted">{c.charges_enabled ? 'Guests can pay by card in the app.' : 'Until Stripe enables charges, guests pay at the bar.'}</p>
          <div className="row">
            {setupIncomplete(c) && (
              <button type="button" className="btn btn-primary" onClick={() => void openOnboarding()} disabled={busy}>
                <ExternalLink aria-hidden="true" size={16} /> {start.isPending ? 'Opening Stripe...' : 'Continue setup'}
              </button>
            )}
            <button type="button" className="btn btn-ghost" onClick={() => check.mutate(undefined, { onError: (err) => toast.error(errorMessage(err, 'Could not ask Stripe')) })} disabled={busy}>
              <RefreshCw aria-hidden="true" size={16} /> Check again
            </button>
          </div>
        </>
      )}
    </section>
  );
}
