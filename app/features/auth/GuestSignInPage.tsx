import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useOutletContext } from 'react-router';
import { OTP_CODE_LENGTH } from '../../../shared/constants';
import { GuestHeader } from '../guest/venue/GuestHeader';
import type { VenueContext } from '../guest/venue/VenueLayout';
import { useSendCode, useVerifyCode } from './api';
import { useGuestSession } from './hooks';
import { formatPhoneInput, sanitizeCode } from './phone-format';

/** Guest phone sign-in (spec: /venue/{slug}/auth): phone step, then code step. */
export default function GuestSignInPage() {
  const { venue } = useOutletContext<VenueContext>();
  const navigate = useNavigate();
  const guest = useGuestSession();
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [demoCode, setDemoCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useSendCode();
  const verify = useVerifyCode();
  const profilePath = `/venue/${venue.slug}/me`;

  if (guest.ready && guest.signedIn && !verify.isPending && step === 'phone') return <Navigate to={profilePath} replace />;

  function onSend(event: FormEvent) {
    event.preventDefault();
    if (!phone.trim() || send.isPending) return;
    setError(null);
    send.mutate({ phone, slug: venue.slug }, {
      onSuccess: (sent) => {
        setDemoCode(sent.demo_code ?? null);
        setCode('');
        setStep('code');
      },
      onError: () => setError('Failed to send code. Please try again.'),
    });
  }

  function onVerify(event: FormEvent) {
    event.preventDefault();
    if (code.length !== OTP_CODE_LENGTH || verify.isPending) return;
    setError(null);
    verify.mutate({ phone, code, slug: venue.slug }, {
      onSuccess: () => navigate(profilePath),
      onError: () => {
        setError('Invalid code. Please try again.');
        setCode('');
      },
    });
  }

  return (
    <>
      <GuestHeader title="Sign in" subtitle={venue.name} back={{ to: `/venue/${venue.slug}`, label: `Back to ${venue.name}` }} />
      <main className="guest-main">
        <section className="card auth-card">
          {step === 'phone' ? (
            <form className="stack" onSubmit={onSend}>
              <h2>Enter your phone</h2>
              <div className="field">
                <label htmlFor="guest-phone">Phone number</label>
                <input
                  id="guest-phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="(555) 123-4567" required
                  value={phone} onChange={(e) => setPhone(formatPhoneInput(e.target.value))}
                  aria-describedby="sms-note"
                />
              </div>
              {error && <p className="field-error" role="alert">{error}</p>}
              <button type="submit" className="btn btn-primary" disabled={send.isPending || !phone.trim()}>
                {send.isPending ? 'Sending...' : 'Send Code'}
              </button>
              <p id="sms-note" className="muted">By continuing, you agree to receive SMS messages</p>
            </form>
          ) : (
            <form className="stack" onSubmit={onVerify}>
              <h2>Enter verification code</h2>
              <p className="muted">We sent a {OTP_CODE_LENGTH}-digit code to {phone}.</p>
              <div className="field">
                <label htmlFor="guest-code">Verification code</label>
                <input
                  id="guest-code" type="text" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*"
                  maxLength={OTP_CODE_LENGTH} value={code} onChange={(e) => setCode(sanitizeCode(e.target.value))}
                  className="code-input"
                />
              </div>
              {demoCode && <p className="demo-code" role="note">Demo code: {demoCode}</p>}
              {error && <p className="field-error" role="alert">{error}</p>}
              <button type="submit" className="btn btn-primary" disabled={verify.isPending || code.length !== OTP_CODE_LENGTH}>
                {verify.isPending ? 'Verifying...' : 'Verify & Continue'}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => { setStep('phone'); setError(null); setCode(''); }}>
                Change phone number
              </button>
            </form>
          )}
        </section>
      </main>
    </>
  );
}
