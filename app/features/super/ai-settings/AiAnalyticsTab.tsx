import { useState } from 'react';
import { useSuperVenues } from '../api';
import { MetricCard, formatDateTime, formatPercent } from '../common/SuperUi';
import { useAiInteractions, useAiKpis, type AiRange } from './api';

const RANGES: { value: AiRange; label: string }[] = [
  { value: '7d', label: 'Last 7 days' }, { value: '30d', label: 'Last 30 days' }, { value: '90d', label: 'Last 90 days' },
];

const signed = (n: number, unit: string) => `${n > 0 ? '+' : ''}${n.toFixed(1)}${unit}`;

export function AiAnalyticsTab() {
  const venues = useSuperVenues();
  const [venueFilter, setVenueFilter] = useState('all');
  const [dateRange, setDateRange] = useState<AiRange>('30d');
  const kpis = useAiKpis(venueFilter, dateRange);
  const interactions = useAiInteractions(venueFilter, dateRange);

  return (
    <div className="stack">
      <div className="row super-filters">
        <div className="field">
          <label htmlFor="ai-venue-filter">Venue</label>
          <select id="ai-venue-filter" value={venueFilter} onChange={(e) => setVenueFilter(e.target.value)}>
            <option value="all">All venues</option>
            {(venues.data ?? []).map((v) => <option key={v.id} value={v.slug}>{v.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ai-date-range">Date range</label>
          <select id="ai-date-range" value={dateRange} onChange={(e) => setDateRange(e.target.value as AiRange)}>
            {RANGES.map((r) => <option key={r.value} value={r.value}>{r.label}</option>)}
          </select>
        </div>
      </div>
      {kpis.isPending ? <p className="muted" role="status">Loading AI analytics...</p>
        : kpis.isError ? <p className="empty-state" role="alert">No AI analytics available</p>
        : (
          <div className="tiles" aria-label="AI KPIs">
            <MetricCard label="Interactions" value={String(kpis.data.interactions)} note={`${signed(kpis.data.interactionsChange, '%')} vs previous period`} />
            <MetricCard label="AI Orders" value={String(kpis.data.aiOrders)} note={`${signed(kpis.data.aiOrdersChange, '%')} vs previous period`} />
            <MetricCard label="Conversion" value={formatPercent(kpis.data.conversion)} note={`${signed(kpis.data.conversionChange, ' pts')} vs previous period`} />
          </div>
        )}
      <h3>Interactions</h3>
      {interactions.isPending ? <p className="muted" role="status">Loading interactions...</p>
        : interactions.isError ? <p className="empty-state" role="alert">No AI analytics available</p>
        : interactions.data.length === 0 ? <p className="empty-state">No AI interactions in this period</p>
        : (
          <div className="table-wrap">
            <table>
              <thead><tr><th scope="col">When</th><th scope="col">Venue</th><th scope="col">Query</th><th scope="col">Suggested drink</th><th scope="col">Ordered</th></tr></thead>
              <tbody>
                {interactions.data.map((i) => (
                  <tr key={i.id}>
                    <td>{formatDateTime(i.created_at)}</td>
                    <td><div>{i.venue_name}</div><div className="muted mono">{i.venue_slug}</div></td>
                    <td>{i.query || <span className="muted">({i.kind})</span>}</td>
                    <td>{i.selected_drink_name ?? '—'}</td>
                    <td>{i.was_ordered ? <span className="badge badge-success">Ordered</span> : <span className="badge">No</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </div>
  );
}
