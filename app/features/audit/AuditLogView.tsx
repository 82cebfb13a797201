// The audit log as a table with filters, 50 entries a page (docs/decisions/193). Super admins read every
// venue (GET /super/audit-log); a venue admin reads their own venue (GET /admin/audit-log).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AuditLogPage, type AuditEntry } from '../../../shared/schemas/audit';
import { apiRequest, errorMessage } from '../../lib/api-client';

const ACTIONS = [
  'order.status', 'order.cancel', 'order.recall', 'orders.clear_unclaimed', 'stock.receive', 'stock.adjust_down',
  'menu_drink.create', 'menu_drink.update', 'menu_drink.availability', 'menu_drink.delete', 'inventory_item.create', 'inventory_item.update',
  'inventory_item.delete', 'venue.update', 'venue.create', 'venue.deactivate', 'venue.activate', 'account.create', 'account.disable',
  'account.enable', 'account.role_change', 'account.reset_password', 'impersonation.start', 'impersonation.exit', 'ai_settings.update',
  'ai_prompt.update', 'flavor_rule.create', 'flavor_rule.update', 'flavor_rule.delete', 'ingredient.merge',
  'ingredient.create', 'ingredient.update', 'ingredient.bulk_merge',
];

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** 'price_cents: 1400 → 1450' for each changed field. */
function changes(entry: AuditEntry): string[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
  return keys.map((k) => `${k}: ${show(entry.before?.[k])} → ${show(entry.after?.[k])}`);
}

export function AuditLogView({ area, venues }: { area: 'super' | 'admin'; venues?: { id: string; name: string }[] }) {
  const [venueId, setVenueId] = useState('');
  const [action, setAction] = useState('');
  const [impersonating, setImpersonating] = useState('');
  const query = { ...(venueId ? { venue_id: venueId } : {}), ...(action ? { action } : {}), ...(impersonating ? { impersonating } : {}) };
  const log = useInfiniteQuery({
    queryKey: ['audit-log', area, query],
    initialPageParam: null as string | null,
    getNextPageParam: (last: AuditLogPage) => last.next_before,
    queryFn: ({ pageParam }) => apiRequest('GET', `/${area}/audit-log`, { query: { ...query, ...(pageParam ? { before: pageParam } : {}) }, schema: AuditLogPage }),
  });
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <div className="stack">
      <div className="row admin-filters" role="group" aria-label="Filters">
        {venues && (
          <select aria-label={/*i18n*/ "Venue"} value={venueId} onChange={(e) => setVenueId(e.target.value)}>
            <option value="">All venues</option>
            {venues.map((v) => <option key={v.id} value={v.id}>{v.name}</option>)}
          </select>
        )}
        <select aria-label="Action" value={action} onChange={(e) => setAction(e.target.value)}>
          <option value="">All actions</option>
          {ACTIONS.map((a) => <option key={a} value={a}>{a}</option>)}
        </select>
        <select aria-label="Acting as" value={impersonating} onChange={(e) => setImpersonating(e.target.value)}>
          <option value="">Everyone</option>
          <option value="true">Only while impersonating</option>
          <option value="false">Not impersonating</option>
        </select>
      </div>
      {log.isError ? <p className="field-error" role="alert">Failed to load the audit log: {errorMessage(log.error, 'unknown error')}</p>
        : log.isPending ? <p className="muted">Loading audit log...</p>
        : entries.length === 0 ? <p className="muted">No entries match these filters.</p> : (
          <div className="table-wrap">
            <table data-testid="audit-log">
              <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Acting as</th><th scope="col">What</th><th scope="col">Changes</th></tr></thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id} data-action={e.action}>
                    <td>{when.format(new Date(e.created_at))}</td>
                    <td>{e.actor_name ?? e.actor_email ?? e.actor_user_id}</td>
                    <td>{e.impersonating ? `${e.acting_role} (impersonating)` : e.acting_role}{e.venue_name ? ` · ${e.venue_name}` : ''}</td>
                    <td className="audit-what">
                      <strong>{e.summary ?? 'A change that was not described'}</strong>
                      {e.reason && <div>Reason: {e.reason}</div>}
                      <div className="muted">{e.action}{e.status !== null && e.status >= 400 ? ` · refused (${e.status})` : ''}</div>
                    </td>
                    <td><ul className="audit-changes">{changes(e).map((c) => <li key={c}>{c}</li>)}</ul></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      {log.hasNextPage && (
        <button type="button" className="btn" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? /*i18n*/ 'Loading...' : 'Load older entries'}
        </button>
      )}
    </div>
  );
}
