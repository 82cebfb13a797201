import { Pencil, Plus, Search, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatCents } from '../../../../shared/money';
import type { SuperVenue } from '../../../../shared/schemas/super';
import type { Venue } from '../../../../shared/schemas/venue';
import { STRIPE_CONNECTION_LABELS } from '../../../../shared/stripe-connection';
import { errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useSaveVenue, useSuperVenues, useTopVenues } from '../api';
import { LoadError, PageHeader, Panel, formatDate } from '../common/SuperUi';
import { VenueEditor } from './VenueEditor';
import { VenueStaffModal } from './VenueStaffModal';

type StatusFilter = 'all' | 'active' | 'inactive';
const CARD_PAYMENT_BADGES: Record<SuperVenue['card_payments'], string> = { not_connected: 'badge-info', incomplete: 'badge-warning', charges_enabled: 'badge-success' };
/** Spec: the performance panel requests 10 venues and shows 6. */
const PERFORMANCE_REQUEST = 10;
const PERFORMANCE_SHOWN = 6;

export function filterSuperVenues<V extends Venue>(venues: V[], query: string, status: StatusFilter): V[] {
  const q = query.trim().toLowerCase();
  return venues.filter((v) => (status === 'all' || v.active === (status === 'active'))
    && (!q || v.name.toLowerCase().includes(q) || v.slug.toLowerCase().includes(q)));
}

function VenuePerformance() {
  const top = useTopVenues('7d', PERFORMANCE_REQUEST);
  return (
    <Panel title="Venue Performance (Last 7 Days)">
      {top.isPending ? <p className="muted" role="status">Loading performance...</p>
        : top.isError ? <LoadError message="Failed to load venue performance" detail={errorMessage(top.error, '')} onRetry={() => void top.refetch()} />
        : top.data.length === 0 ? <p className="empty-state">No venue data available</p>
        : (
          <ul className="super-performance">
            {top.data.slice(0, PERFORMANCE_SHOWN).map((v, i) => (
              <li key={v.id} className="tile">
                <div className="tile-label">#{i + 1} {v.name}</div>
                <div className="tile-value">{formatCents(v.revenue_cents)}</div>
                <div className="muted">{v.orders} orders</div>
              </li>
            ))}
          </ul>
        )}
    </Panel>
  );
}

/** Spec: Venues list (/super/venues). */
export default function VenuesPage() {
  const venues = useSuperVenues();
  const save = useSaveVenue();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<Venue | 'new' | null>(null);
  const [staffOf, setStaffOf] = useState<Venue | null>(null);
  const shown = useMemo(() => filterSuperVenues(venues.data ?? [], query, status), [venues.data, query, status]);

  const [deactivating, setDeactivating] = useState<Venue | null>(null);

  async function toggleActive(venue: Venue) {
    // Taking a venue offline is confirmed first; bringing it back is not destructive.
    if (venue.active && deactivating?.id !== venue.id) { setDeactivating(venue); return; }
    setDeactivating(null);
    try {
      await save.mutateAsync({ id: venue.id, body: { active: !venue.active } });
      toast.success(`${venue.name} ${venue.active ? 'deactivated' : 'activated'}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update venue'));
    }
  }

  return (
    <main className="page super-page">
      {deactivating && (
        <ConfirmDialog
          title={`Deactivate ${deactivating.name}?`} confirmLabel="Deactivate venue" busy={save.isPending}
          onCancel={() => setDeactivating(null)} onConfirm={() => void toggleActive(deactivating)}
        >
          <p>{deactivating.name} goes offline at once: guests can no longer open its menu or place orders, and nobody can impersonate it.</p>
          <p>Its admins and staff keep their accounts and see that the venue is inactive. Orders, menu and stock are kept; you can activate it again at any time.</p>
        </ConfirmDialog>
      )}
      <PageHeader
        title="Venues"
        subtitle="Manage all venues across the platform"
        actions={<button type="button" className="btn btn-primary" onClick={() => setEditing('new')}><Plus aria-hidden="true" size={18} /> Add Venue</button>}
      />
      <VenuePerformance />

      <div className="row super-filters">
        <div className="search-field">
          <Search aria-hidden="true" size={18} />
          <label className="visually-hidden" htmlFor="venue-search">Search venues by name or slug</label>
          <input id="venue-search" type="search" placeholder="Search by name or slug" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <label htmlFor="venue-status" className="visually-hidden">Status</label>
        <select id="venue-status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          <option value="all">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>

      {venues.isPending ? <p className="muted" role="status">Loading venues...</p>
        : venues.isError ? <LoadError message="Failed to load venues" detail={errorMessage(venues.error, '')} onRetry={() => void venues.refetch()} />
        : venues.data.length === 0 ? <p className="empty-state">No venues available</p>
        : shown.length === 0 ? <p className="empty-state">No venues found matching your criteria.</p>
        : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr><th scope="col">Venue</th><th scope="col">Status</th><th scope="col">Card payments</th><th scope="col">Hours</th><th scope="col">Contact</th><th scope="col">Created</th><th scope="col">Actions</th></tr>
              </thead>
              <tbody>
                {shown.map((v) => (
                  <tr key={v.id}>
                    <td>
                      <div><strong>{v.name}</strong></div>
                      <div className="muted mono">{v.slug}</div>
                      <div className="muted">{v.address}</div>
                    </td>
                    <td>{v.active ? <span className="badge badge-success">Active</span> : <span className="badge badge-danger">Inactive</span>}</td>
                    {/* The venue's Stripe connection (docs/decisions/244): Not connected / Setup incomplete / Charges enabled. */}
                    <td><span className={`badge ${CARD_PAYMENT_BADGES[v.card_payments]}`}>{STRIPE_CONNECTION_LABELS[v.card_payments]}</span></td>
                    <td><div>{v.opening_hours || '—'}</div><div className="muted">{v.timezone}</div></td>
                    <td>{v.phone ?? '—'}</td>
                    <td>{formatDate(v.created_at)}</td>
                    <td>
                      <div className="row">
                        <button type="button" className="btn btn-small" onClick={() => setEditing(v)} aria-label={`Edit ${v.name}`}><Pencil aria-hidden="true" size={16} /> Edit</button>
                        <button type="button" className="btn btn-small" onClick={() => setStaffOf(v)} aria-label={`View staff of ${v.name}`}><Users aria-hidden="true" size={16} /> View staff</button>
                        <button type="button" className="btn btn-small btn-ghost" onClick={() => void toggleActive(v)} disabled={save.isPending}>
                          {v.active ? 'Deactivate' : 'Activate'}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

      {editing && <VenueEditor venue={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {staffOf && <VenueStaffModal venue={staffOf} onClose={() => setStaffOf(null)} />}
    </main>
  );
}
