import { Activity, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { formatCents, formatCount } from '../../../../shared/money';
import { shortOrderId } from '../../../../shared/ids';
import { OVERVIEW_WINDOWS, type OverviewWindow, type PlatformOverview } from '../../../../shared/schemas/super';
import { errorMessage } from '../../../lib/api-client';
import { useAuth, useSyncClaimsWithToast } from '../../auth/staff-hooks';
import { fetchOverviewRaw, usePlatformOverview } from '../api';
import { AsOfCaption, ButtonGroup, LoadError, MetricCard, PageHeader, Panel, formatDateTime } from '../common/SuperUi';

const WINDOW_LABELS: Record<OverviewWindow, string> = { '7d': '7 Days', '30d': '30 Days' };
const WINDOW_OPTIONS = OVERVIEW_WINDOWS.map((value) => ({ value, label: WINDOW_LABELS[value] }));

/** Spec: the Connection Test button shows the raw overview JSON or an error text. */
function ConnectionTest({ window }: { window: OverviewWindow }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      setResult({ ok: true, text: JSON.stringify(await fetchOverviewRaw(window), null, 2) });
    } catch (err) {
      setResult({ ok: false, text: `Connection failed: ${errorMessage(err, 'unknown error')}` });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title="Connection Test" actions={
      <button type="button" className="btn btn-small" onClick={() => void run()} disabled={busy}>
        <Activity aria-hidden="true" size={16} /> {busy ? 'Testing...' : 'Connection Test'}
      </button>
    }>
      {result
        ? <pre className={`super-raw${result.ok ? '' : ' super-raw-error'}`} aria-label="Connection test result" tabIndex={0}>{result.text}</pre>
        : <p className="muted">Calls GET /api/super/overview and shows the raw answer.</p>}
    </Panel>
  );
}

/** Spec: what the session's token says, with 'Sync Claims from DB'. */
function AuthDebug() {
  const auth = useAuth();
  const syncClaims = useSyncClaimsWithToast();
  const rows: [string, string][] = [
    ['Auth loading', String(auth.loading)],
    ['User id', auth.user?.id ?? '—'],
    ['Is admin', String(auth.isAdmin)],
    ['Is super admin', String(auth.isSuperAdmin)],
    ['Role', auth.role ?? '—'],
    ['Claims version', auth.claimsVersion === null ? '—' : String(auth.claimsVersion)],
    ['Restaurant id', auth.restaurantId ?? '—'],
  ];
  return (
    <Panel title="Authentication Debug" actions={
      <button type="button" className="btn btn-small" onClick={() => void syncClaims()}>
        <RefreshCw aria-hidden="true" size={16} /> Sync Claims from DB
      </button>
    }>
      <dl className="super-kv">
        {rows.map(([k, v]) => <div key={k}><dt>{k}</dt><dd className="mono">{v}</dd></div>)}
      </dl>
    </Panel>
  );
}

function RevenueSummary({ data }: { data: PlatformOverview }) {
  const avg = (cents: number, orders: number) => (orders > 0 ? formatCents(Math.round(cents / orders)) : '—');
  return (
    <Panel title="Revenue Summary">
      <div className="table-wrap"><table>
        <thead><tr><th scope="col">Period</th><th scope="col">Revenue</th><th scope="col">Orders</th><th scope="col">Average order</th><th scope="col">Per day</th></tr></thead>
        <tbody>
          <tr><th scope="row">Last 7 days</th><td>{formatCents(data.revenue_7d_cents)}</td><td>{formatCount(data.orders_7d)}</td><td>{avg(data.revenue_7d_cents, data.orders_7d)}</td><td>{formatCents(Math.round(data.revenue_7d_cents / 7))}</td></tr>
          <tr><th scope="row">Last 30 days</th><td>{formatCents(data.revenue_30d_cents)}</td><td>{formatCount(data.orders_30d)}</td><td>{avg(data.revenue_30d_cents, data.orders_30d)}</td><td>{formatCents(Math.round(data.revenue_30d_cents / 30))}</td></tr>
        </tbody>
      </table></div>
    </Panel>
  );
}

function OverviewPanels({ data, window }: { data: PlatformOverview; window: OverviewWindow }) {
  const dataNote = (orders: number) => (orders > 0 ? 'Real data' : 'No orders yet');
  return (
    <>
      <div className="tiles" aria-label="Platform metrics">
        <MetricCard label="Revenue 7d" value={formatCents(data.revenue_7d_cents)} note={dataNote(data.orders_7d)} />
        <MetricCard label="Orders 7d" value={formatCount(data.orders_7d)} note={dataNote(data.orders_7d)} />
        <MetricCard label="Revenue 30d" value={formatCents(data.revenue_30d_cents)} note={dataNote(data.orders_30d)} />
        <MetricCard label="Orders 30d" value={formatCount(data.orders_30d)} note={dataNote(data.orders_30d)} />
      </div>
      <AsOfCaption asOf={data.as_of} />
      <div className="super-grid">
        <RevenueSummary data={data} />
        <Panel title="Top Venues">
          {data.top_venues.length === 0 ? <p className="empty-state">No venue data available</p> : (
            <ol className="super-rank">
              {data.top_venues.map((v) => (
                <li key={v.id}><span>{v.name}</span><span className="muted">{formatCount(v.orders)} orders</span><strong>{formatCents(v.revenue_cents)}</strong></li>
              ))}
            </ol>
          )}
          <p className="muted super-footnote">Last {WINDOW_LABELS[window].toLowerCase()}</p>
        </Panel>
        <Panel title="Top Drinks">
          {data.top_drinks.length === 0 ? <p className="empty-state">No drink data available</p> : (
            <ol className="super-rank">
              {data.top_drinks.map((d) => <li key={d.id}><span>{d.name}</span><strong>{d.qty} sold</strong></li>)}
            </ol>
          )}
        </Panel>
        <Panel title="Recent Orders" wide>
          {data.recent_orders.length === 0 ? <p className="empty-state">No recent orders available</p> : (
            <div className="table-wrap">
              <table>
                <thead><tr><th scope="col">Order</th><th scope="col">Time</th><th scope="col">Venue</th><th scope="col">Total</th></tr></thead>
                <tbody>
                  {data.recent_orders.map((o) => (
                    <tr key={o.id}>
                      <td className="mono">#{shortOrderId(o.id)}</td>
                      <td className="super-nowrap">{formatDateTime(o.created_at)}</td>
                      <td>{o.venue_name}</td>
                      <td>{formatCents(o.total_cents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Panel>
      </div>
    </>
  );
}

/** Spec: Platform Overview (/super, /super/overview). */
export default function OverviewPage() {
  const [period, setPeriod] = useState<OverviewWindow>('7d');
  const overview = usePlatformOverview(period);

  return (
    <main className="page super-page">
      <PageHeader
        title="Platform Overview"
        subtitle="Sales and activity across every venue"
        actions={
          <>
            <ButtonGroup label="Time window" options={WINDOW_OPTIONS} value={period} onChange={setPeriod} />
            <label className="visually-hidden" htmlFor="overview-window">Time window</label>
            <select id="overview-window" value={period} onChange={(e) => setPeriod(e.target.value as OverviewWindow)}>
              {WINDOW_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
            </select>
          </>
        }
      />
      {overview.isPending ? (
        <p className="muted" role="status">Loading overview...</p>
      ) : overview.isError ? (
        <LoadError message="Failed to load overview data" detail={errorMessage(overview.error, '')} onRetry={() => void overview.refetch()} />
      ) : overview.data ? (
        <OverviewPanels data={overview.data} window={period} />
      ) : (
        <p className="empty-state">No overview data available</p>
      )}
      <div className="super-grid">
        <ConnectionTest window={period} />
        <AuthDebug />
      </div>
    </main>
  );
}
