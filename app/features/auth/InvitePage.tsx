// /invite/:token: the one-time link an admin handed over (docs/decisions/191). The person sees who the link is for,
// chooses a password and is signed in to their area; a used or expired link says so and how to get a new one.
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schemas/super';
import { InviteInfo } from '../../../shared/schemas/team';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { toast } from '../../ui/toast';
import { homeForRole } from './roles';
import { Spinner } from './Spinner';
import { acceptInvite } from './staff-session';

export default function InvitePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invite = useQuery({
    queryKey: ['invite', token], retry: false,
    queryFn: () => apiRequest('GET', '/auth/invites/:token', { params: { token }, credentials: 'none', schema: InviteInfo }),
  });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) { setError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`); return; }
    if (password !== repeat) { setError('The two passwords differ'); return; }
    setError(null);
    setBusy(true);
    try {
      const user = await acceptInvite(token, password);
      toast.success('Welcome aboard');
      navigate(homeForRole(user.role), { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'Could not use this link'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth-screen">
      <section className="card auth-card" aria-labelledby="invite-title">
        <div className="auth-card-head">
          <KeyRound aria-hidden="true" size={32} />
          <h1 id="invite-title">Choose your password</h1>
        </div>
        {invite.isPending ? <Spinner label="Checking your link..." />
          : invite.isError ? <p className="field-error" role="alert">{errorMessage(invite.error, 'This link does not work')}</p> : (
            <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
              <p>
                <strong>{invite.data.display_name ?? invite.data.email}</strong>, you are joining {invite.data.venue_name ?? 'the venue'} as {invite.data.role}.
                Your sign-in email is <strong>{invite.data.email}</strong>.
              </p>
              <div className="field">
                <label htmlFor="invite-password">New password</label>
                <input id="invite-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
                <p className="muted">At least {MIN_PASSWORD_LENGTH} characters.</p>
              </div>
              <div className="field">
                <label htmlFor="invite-repeat">Repeat the password</label>
                <input id="invite-repeat" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
              </div>
              {error && <p className="field-error" role="alert">{error}</p>}
              <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Signing in...' : 'Set password and sign in'}</button>
            </form>
          )}
      </section>
    </main>
  );
}
