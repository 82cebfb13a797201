import { ShieldCheck, UserCog, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ImpersonationRole } from '../../../../shared/schemas/auth';
import type { Venue } from '../../../../shared/schemas/venue';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useAuth } from '../../auth/staff-hooks';
import { Spinner } from '../../auth/Spinner';
import { useAllVenues } from './api';

const ROLE_CHOICES: { role: ImpersonationRole; label: string; description: string; icon: typeof UserCog }[] = [
  { role: 'admin', label: 'Admin', description: 'Full venue management access', icon: UserCog },
  { role: 'staff', label: 'Staff', description: 'Order fulfillment and basic inventory', icon: Wrench },
];

/** Super admin: act as admin or staff of an active venue (spec: Venue Impersonation). */
export default function ImpersonatePage() {
  const { startImpersonation } = useAuth();
  const navigate = useNavigate();
  const venues = useAllVenues();
  const [role, setRole] = useState<ImpersonationRole>('admin');
  const [busyVenue, setBusyVenue] = useState<string | null>(null);

  async function impersonate(venue: Venue) {
    setBusyVenue(venue.id);
    try {
      const acting = await startImpersonation(venue.id, role);
      toast.success(`Now viewing ${acting.name}`);
      navigate(role === 'admin' ? '/admin' : '/staff');
    } catch (err) {
      console.error('Impersonation failed', err);
      toast.error('Failed to impersonate venue');
    } finally {
      setBusyVenue(null);
    }
  }

  return (
    <main className="page stack">
      <header>
        <h1>Venue Impersonation</h1>
        <p className="muted">View and manage a venue exactly as its admin or staff would.</p>
      </header>

      <section aria-labelledby="role-choice-title" className="stack">
        <h2 id="role-choice-title">1. Choose a role</h2>
        <div className="role-choices">
          {ROLE_CHOICES.map(({ role: value, label, description, icon: Icon }) => (
            <button
              key={value} type="button" className="card role-choice" aria-pressed={role === value}
              onClick={() => setRole(value)}
            >
              <Icon aria-hidden="true" />
              <span className="role-choice-label">{label}</span>
              <span className="muted">{description}</span>
            </button>
          ))}
        </div>
      </section>

      <section aria-labelledby="venue-choice-title" className="stack">
        <h2 id="venue-choice-title">2. Pick a venue</h2>
        {venues.isPending ? (
          <Spinner label="Loading venues..." />
        ) : venues.error ? (
          <p className="field-error" role="alert">{errorMessage(venues.error, 'Failed to load venues')}</p>
        ) : venues.data.length === 0 ? (
          <p className="empty-state">No venues available</p>
        ) : (
          <ul className="impersonate-grid">
            {venues.data.map((venue) => (
              <li key={venue.id} className="card impersonate-card">
                {venue.image_url && <img src={venue.image_url} alt="" loading="lazy" />}
                <div className="stack">
                  <div className="row">
                    <h3>{venue.name}</h3>
                    <span className={`badge ${venue.active ? 'badge-success' : 'badge-danger'}`}>{venue.active ? 'Active' : 'Inactive'}</span>
                  </div>
                  <p className="muted">{venue.description}</p>
                  <p className="impersonation-slug">{venue.slug}</p>
                  <button
                    type="button" className="btn btn-primary"
                    disabled={!venue.active || busyVenue !== null}
                    title={venue.active ? undefined : 'Venue is inactive'}
                    aria-label={`Impersonate ${venue.name} as ${role}`}
                    onClick={() => void impersonate(venue)}
                  >
                    {busyVenue === venue.id ? 'Starting...' : `Impersonate as ${role}`}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <aside className="card safety-note" aria-labelledby="safety-title">
        <h2 id="safety-title"><ShieldCheck aria-hidden="true" size={18} /> Safety rules</h2>
        <ul>
          <li>Only super admins can impersonate venues.</li>
          <li>Only active venues can be impersonated.</li>
          <li>An impersonation session lasts 30 minutes and renews while you keep working.</li>
          <li>Starting, every change you make while impersonating, and exiting are recorded in the <Link to="/super/audit-log">audit log</Link> under your own account.</li>
          <li>A red banner stays on screen while you impersonate; Exit Impersonation returns you to the console.</li>
        </ul>
      </aside>
    </main>
  );
}
