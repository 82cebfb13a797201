import { KeyRound, Martini } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../ui/toast';
import { useDemoInfo } from './demo-api';
import { useAuth } from './staff-hooks';
import { homeForRole } from './roles';
import { Spinner } from './Spinner';

type LoginLocationState = { from?: string; denied?: boolean } | null;

function loginErrorText(err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.status === 401) return 'Invalid email or password';
    if (err.status === 429 || err.status === 400) return err.message;
  }
  return 'Login failed';
}

/** Staff, admin and super admin sign-in (spec: /login). */
export default function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as LoginLocationState)?.from;
  const [showSignedInPanel, setShowSignedInPanel] = useState(Boolean((location.state as LoginLocationState)?.denied));
  const demo = useDemoInfo();
  const demoAccounts = demo.data?.demo_mode ? demo.data.accounts : [];
  const demoPassword = demo.data?.demo_mode ? demo.data.password ?? '' : '';
  const [form, setForm] = useState<{ email: string; password: string } | null>(null);
  // Once a field has focus the form is the person's: demo values arriving later never overwrite or mix into it.
  const holdForm = () => setForm((held) => held ?? { email, password });
  const email = form?.email ?? (demoAccounts.find((a) => a.role === 'admin')?.email ?? '');
  const password = form?.password ?? demoPassword;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (auth.loading) return <main className="center-screen"><Spinner label="Checking your session..." /></main>;

  if (auth.user && !showSignedInPanel && !submitting) {
    return <Navigate to={homeForRole(auth.impersonation?.role ?? auth.user.role)} replace />;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const user = await auth.login(email.trim(), password);
      toast.success('Login successful');
      setShowSignedInPanel(false);
      navigate(homeForRole(user.role), { replace: true });
    } catch (err) {
      setError(loginErrorText(err));
    } finally {
      setSubmitting(false);
    }
  }

  async function clearSession() {
    await auth.logout().catch(() => undefined);
    setShowSignedInPanel(false);
  }

  return (
    <main className="auth-screen">
      <section className="card auth-card" aria-labelledby="login-title">
        <div className="auth-card-head">
          <Martini aria-hidden="true" size={32} />
          <h1 id="login-title">Admin Sign In</h1>
          <p className="muted">Staff, venue admins and super admins</p>
        </div>

        {!auth.user && auth.signedOutByServer && (
          <p className="session-ended" role="status" data-testid="signed-out-notice">
            <strong>You've been signed out</strong>. Your session ended (your access may have changed). Sign in again to continue.
          </p>
        )}

        {auth.user && showSignedInPanel ? (
          <div className="stack" role="status">
            <p>
              You are signed in as <strong>{auth.user.email}</strong> ({auth.role}).
              {from ? ` That account cannot open ${from}.` : ''}
            </p>
            <Link className="btn btn-primary" to={homeForRole(auth.impersonation?.role ?? auth.user.role)}>Continue</Link>
            <button type="button" className="btn" onClick={() => void clearSession()}>Clear Session &amp; Show Login</button>
          </div>
        ) : (
          <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate={false}>
            <div className="field">
              <label htmlFor="login-email">Email</label>
              <input
                id="login-email" type="email" autoComplete="username" required value={email} onFocus={holdForm}
                onChange={(e) => setForm({ email: e.target.value, password })}
              />
            </div>
            <div className="field">
              <label htmlFor="login-password">Password</label>
              <input
                id="login-password" type="password" autoComplete="current-password" required value={password} onFocus={holdForm}
                onChange={(e) => setForm({ email, password: e.target.value })}
              />
            </div>
            {error && <p className="field-error" role="alert">{error}</p>}
            <button type="submit" className="btn btn-primary" disabled={submitting || !email || !password}>
              {submitting ? 'Signing in...' : 'Sign In'}
            </button>
          </form>
        )}

        {demoAccounts.length > 0 && (
          <section className="demo-accounts" aria-labelledby="demo-accounts-title">
            <h2 id="demo-accounts-title"><KeyRound aria-hidden="true" size={16} /> Demo accounts</h2>
            <p className="muted">Password for all: <code>{demoPassword}</code></p>
            <ul>
              {demoAccounts.map((account) => (
                <li key={account.email}>
                  <button
                    type="button" className="btn btn-ghost btn-small demo-account"
                    aria-label={`Use ${account.role} demo account ${account.email}`}
                    onClick={() => { setForm({ email: account.email, password: demoPassword }); setShowSignedInPanel(false); setError(null); }}
                  >
                    <span className="badge badge-info">{account.role}</span>
                    <span>{account.email}</span>
                    {account.venue_slug && <span className="muted">{account.venue_slug}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <p className="muted auth-footer"><Link to="/">Back to venues</Link></p>
      </section>
    </main>
  );
}
