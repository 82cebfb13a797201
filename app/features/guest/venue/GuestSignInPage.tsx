import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useOutletContext } from 'react-router';
import { OTP_CODE_LENGTH } from '../../../../shared/constants';
import { GuestHeader } from './GuestHeader';
import type { VenueContext } from './VenueLayout';
import { useSendCode, useVerifyCode } from '../../auth/api';
import { useGuestSession } from '../../auth/hooks';
import { ApiRequestError } from '../../../lib/api-client';
import { formatPhoneInput, sanitizeCode } from '../../auth/phone-format';
import { saveSignInStep, savedSignInStep, takeSignInReturn, type SignInReturn } from '../../auth/sign-in-flow';
import { useLingui } from '@lingui/react/macro';

/** Guest phone sign-in (spec: /venue/{slug}/auth): phone step, then code step. */
export default function GuestSignInPage() {
  const { venue } = useOutletContext<VenueContext>();
  const navigate = useNavigate();
  const { t } = useLingui();
  const guest = useGuestSession();
  // A reload on the code step stays on it (docs/decisions/126).
  const [saved] = useState(() => savedSignInStep(venue.slug));
  // A screen that sends the guest here may hand the return with the navigation (the AI's Add to Cart) instead of
  // keeping it in the tab's storage (a drink page): the same return either way (docs/decisions/238).
  const location = useLocation();
  const [handed] = useState(() => (location.state as { signInReturn?: SignInReturn } | null)?.signInReturn ?? null);
  const [step, setStep] = useState<'phone' | 'code'>(saved ? 'code' : 'phone');
  const [phone, setPhone] = useState(saved?.phone ?? '');
  const [code, setCode] = useState('');
  const [demoCode, setDemoCode] = useState<string | null>(saved?.demoCode ?? null);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const send = useSendCode();
  const verify = useVerifyCode();
  const client = useQueryClient();
  const profilePath = `/venue/${venue.slug}/me`;

  function sendCode() {
    setError(null);
    send.mutate({ phone, slug: venue.slug }, {
      onSuccess: (sent) => {
        setDemoCode(sent.demo_code ?? null);
        setCode('');
        setLocked(false);
        setStep('code');
        saveSignInStep(venue.slug, { phone, demoCode: sent.demo_code ?? null });
      },
      // The server says what is wrong with the number ("Enter a valid phone number") or that it is too soon.
      onError: (err) => setError(err instanceof ApiRequestError && err.status < 500 ? err.message : t`Failed to send code. Please try again.`),
    });
  }

  /** Back where sign-in was asked for, with the drink the guest was adding put in the cart. */
  async function afterSignIn() {
    saveSignInStep(venue.slug, null);
    const stored = takeSignInReturn(venue.slug);
    const target = handed ?? stored;
    // The drink's add and its toast load once the guest has signed in with one to add (docs/decisions/275).
    const add = target?.add;
    if (add) await import('./add-after-sign-in').then((after) => after.addAfterSignIn(client, venue.slug, add), () => undefined);
    navigate(target?.returnTo ?? profilePath);
  }

  if (guest.ready && guest.signedIn && !verify.isPending && step === 'phone') return <Navigate to={profilePath} replace />;

  function onSend(event: FormEvent) {
    event.preventDefault();
    if (!phone.trim() || send.isPending) return;
    sendCode();
  }

  function onVerify(event: FormEvent) {
    event.preventDefault();
    if (code.length !== OTP_CODE_LENGTH || verify.isPending) return;
    setError(null);
    verify.mutate({ phone, code, slug: venue.slug }, {
      onSuccess: () => void afterSignIn(),
      onError: (err) => {
        const isLocked = err instanceof ApiRequestError && err.code === 'code_locked';
        setLocked(isLocked);
        setError(isLocked ? t`This code is locked after too many wrong tries.`
          : err instanceof ApiRequestError && err.status === 429 ? err.message : t`Invalid code. Please try again.`);
        setCode('');
      },
    });
  }

  return (
    <>
      <GuestHeader title={t`Sign in`} subtitle={venue.name} back={{ to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }}` }} />
      <main className="guest-main">
        <section className="card auth-card">
          {step === 'phone' ? (
            <form className="stack" onSubmit={onSend}>
              <h2>{t`Enter your phone`}</h2>
              <div className="field">
                <label htmlFor="guest-phone">{t`Phone number`}</label>
                <input
                  id="guest-phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="(555) 123-4567" required
                  value={phone} onChange={(e) => setPhone(formatPhoneInput(e.target.value))}
                  aria-describedby="sms-note"
                />
              </div>
              {error && <p className="field-error" role="alert">{error}</p>}
              <button type="submit" className="btn btn-primary" disabled={send.isPending || !phone.trim()}>
                {send.isPending ? t`Sending...` : t`Send Code`}
              </button>
              <p id="sms-note" className="muted">{t`By continuing, you agree to receive SMS messages`}</p>
            </form>
          ) : (
            <form className="stack" onSubmit={onVerify}>
              <h2>{t`Enter verification code`}</h2>
              <p className="muted">{t`We sent a ${{ digits: OTP_CODE_LENGTH }}-digit code to ${phone}.`}</p>
              <div className="field">
                <label htmlFor="guest-code">{t`Verification code`}</label>
                <input
                  id="guest-code" type="text" inputMode="numeric" autoComplete="one-time-code"
                  value={code} onChange={(e) => setCode(sanitizeCode(e.target.value))}
                  className="code-input" disabled={locked}
                />
              </div>
              {demoCode && <p className="demo-code" role="note">{t`Demo code: ${{ code: demoCode }}`}</p>}
              {error && <p className="field-error" role="alert">{error}</p>}
              {locked && (
                <button type="button" className="btn" disabled={send.isPending} onClick={sendCode}>{send.isPending ? t`Sending...` : t`Send a new code`}</button>
              )}
              <button type="submit" className="btn btn-primary" disabled={locked || verify.isPending || code.length !== OTP_CODE_LENGTH}>
                {verify.isPending ? t`Verifying...` : t`Verify & Continue`}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => { setStep('phone'); setError(null); setCode(''); setLocked(false); saveSignInStep(venue.slug, null); }}>
                {t`Change phone number`}
              </button>
            </form>
          )}
        </section>
      </main>
    </>
  );
}
