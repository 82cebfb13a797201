import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { useGuestProfile } from '../../auth/guest-profile-api';
import { displayPhone } from '../../auth/display-phone';
import { formatPhoneInput } from '../../auth/phone-format';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import type { ReadyTarget } from './ready-push';

/** The texts of docs/product.md §8.5, verbatim (the English ids, docs/decisions/217); `<number>` is the number shown. */
export const READY_TEXT_TEXT = {
  offer: /*i18n*/ "Text me when it's ready",
  consent: /*i18n*/ "We'll send one text to <number> when your order is ready. Standard rates may apply. Nothing else.",
  /** A table's tab is told at every round of it (docs/decisions/231). */
  tabConsent: /*i18n*/ "We'll send one text to <number> each time a round of your tab is ready. Standard rates may apply. Nothing else.",
  thisNumber: /*i18n*/ 'this number',
  confirm: /*i18n*/ 'Send me the text',
  subscribed: /*i18n*/ "We'll text <number> when it's ready",
  failed: /*i18n*/ 'Could not set up the text. Try again.',
  cancel: /*i18n*/ "Don't text me",
  cancelFailed: /*i18n*/ 'Could not cancel the text. Try again.',
} as const;

const withNumber = (text: string, number: string) => text.replace('<number>', number);

type State = { step: 'offer' | 'consent' | 'working' } | { step: 'done'; phone: string };

/**
 * "Text me when it's ready" (docs/decisions/227, amended 2026-11-28): for a guest whom push cannot reach, offered only
 * where the platform can text. A signed-in guest is texted at their verified number; anyone else types one (any
 * country: the Worker reads it with libphonenumber-js). Nothing is sent before the consent is read and confirmed.
 */
export function ReadyTextOffer({ target }: { target: ReadyTarget }) {
  const { t } = useLingui();
  const texts = useQuery({ queryKey: ['push', 'key'], queryFn: () => apiRequest('GET', '/push/key', { credentials: 'none' }), staleTime: Infinity });
  const profile = useGuestProfile();
  const verified = profile.data?.phone_number ?? null;
  const [state, setState] = useState<State>({ step: 'offer' });
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!texts.data?.ready_texts) return null;
  if (state.step === 'done') {
    const cancel = async () => {
      setError(null);
      try {
        if ('order' in target) await apiRequest('DELETE', '/orders/:id/ready-text', { params: { id: target.order }, credentials: 'guest' });
        else await apiRequest('DELETE', '/tables/sessions/:id/ready-text', { params: { id: target.table }, credentials: 'guest' });
        setState({ step: 'offer' });
      } catch {
        setError(translate(READY_TEXT_TEXT.cancelFailed));
      }
    };
    return (
      <div className="stack">
        <p className="muted center" role="status"><MessageSquare aria-hidden="true" size={16} /> {withNumber(translate(READY_TEXT_TEXT.subscribed), displayPhone(state.phone))}</p>
        <button type="button" className="btn btn-ghost btn-block" onClick={() => void cancel()}>{translate(READY_TEXT_TEXT.cancel)}</button>
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
    );
  }
  if (state.step === 'offer') {
    return (
      <button type="button" className="btn btn-block" onClick={() => setState({ step: 'consent' })}>
        <MessageSquare aria-hidden="true" size={18} /> {translate(READY_TEXT_TEXT.offer)}
      </button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ step: 'working' });
    setError(null);
    try {
      const body = verified ? {} : { phone };
      const answer = 'order' in target
        ? await apiRequest('POST', '/orders/:id/ready-text', { params: { id: target.order }, body, credentials: 'guest' })
        : await apiRequest('POST', '/tables/sessions/:id/ready-text', { params: { id: target.table }, body, credentials: 'guest' });
      setState({ step: 'done', phone: answer.phone });
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status === 400 ? err.message : translate(READY_TEXT_TEXT.failed));
      setState({ step: 'consent' });
    }
  };
  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      {!verified && (
        <div className="field">
          <label htmlFor="ready-text-phone">{t`Phone number`}</label>
          <input
            id="ready-text-phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="(555) 123-4567" required
            value={phone} onChange={(e) => setPhone(formatPhoneInput(e.target.value))} aria-describedby="ready-text-consent"
          />
        </div>
      )}
      <p id="ready-text-consent" className="muted">{withNumber(translate('order' in target ? READY_TEXT_TEXT.consent : READY_TEXT_TEXT.tabConsent), verified ? displayPhone(verified) : translate(READY_TEXT_TEXT.thisNumber))}</p>
      {error && <p className="field-error" role="alert">{error}</p>}
      <button type="submit" className="btn btn-block" disabled={state.step === 'working'}>{translate(READY_TEXT_TEXT.confirm)}</button>
    </form>
  );
}
