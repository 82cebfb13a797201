import { useState } from 'react';
import { formatCents, formatCount } from '../../../../shared/money';
import { ANALYTICS_WINDOWS, type AnalyticsWindow, type PlatformAnalytics } from '../../../../shared/schemas/super';
import { errorMessage } from '../../../lib/api-client';
import { BarChart, HorizontalBars } from '../../../ui/charts';
import { usePlatformAnalytics } from '../api';
import { AsOfCaption, ButtonGroup, LoadError, MetricCard, PageHeader, Panel, formatPercent } from '../common/SuperUi';

const WINDOW_LABELS: Record<AnalyticsWindow, string> = { '7d': '7 Days', '30d': '30 Days', '90d': '90 Days' };
const WINDOW_OPTIONS = ANALYTICS_WINDOWS.map((value) => ({ value, label: WINDOW_LABELS[value] }));

/** '2025-03-07' → '3/7' for axis labels. */
const dayLabel = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

function AnalyticsBody({ data }: { data: PlatformAnalytics }) {
  const labelEvery = Math.max(1, Math.ceil(data.daily.length / 10));
  return (
    <>
      <div className="tiles" aria-label="Platform totals">
        <MetricCard label="Total Orders" value={formatCount(data.total_orders)} />
        <MetricCard label="Revenue" value={formatCents(data.revenue_cents)} />
        <MetricCard label="Average Order Value" value={formatCents(data.average_order_value_cents)} />
        <MetricCard label="AI Orders" value={String(data.ai_orders)} note={`${formatPercent(data.ai_conversion_percent)} conversion`} />
      </div>
      <AsOfCaption asOf={data.as_of} />
      <div className="super-grid">
        <Panel title="Revenue per day">
          <BarChart title="Revenue per day" data={data.daily.map((d) => ({ label: dayLabel(d.date), value: d.revenue_cents }))} formatValue={formatCents} labelEvery={labelEvery} />
        </Panel>
        <Panel title="Orders per day">
          <BarChart title="Orders per day" data={data.daily.map((d) => ({ label: dayLabel(d.date), value: d.orders }))} labelEvery={labelEvery} />
        </Panel>
        <Panel title="Top Performing Venues">
          {data.top_venues.length === 0 ? <p className="empty-state">No venue data available</p> : (
            <HorizontalBars title="Top performing venues by revenue" data={data.top_venues.map((v) => ({ label: v.name, value: v.revenue_cents }))} formatValue={formatCents} />
          )}
        </Panel>
        <Panel title="AI Usage Analytics">
          <dl className="super-kv">
            <div><dt>Conversion</dt><dd>{formatPercent(data.ai_conversion_percent)} <span className="muted">of {data.ai_interactions} AI interactions ended in an order</span></dd></div>
            <div><dt>AI-generated orders</dt><dd>{formatCount(data.ai_orders)}</dd></div>
            <div><dt>AI order share</dt><dd>{formatPercent(data.ai_order_share_percent)} <span className="muted">of all orders</span></dd></div>
          </dl>
          <BarChart title="AI orders per day" data={data.daily.map((d) => ({ label: dayLabel(d.date), value: d.ai_orders }))} labelEvery={labelEvery} height={120} />
        </Panel>
      </div>
    </>
  );
}

/** Spec: Platform Analytics — AI & Revenue (/super/analytics). */
export default function PlatformAnalyticsPage() {
  const [period, setPeriod] = useState<AnalyticsWindow>('30d');
  const analytics = usePlatformAnalytics(period);
  return (
    <main className="page super-page">
      <PageHeader
        title="Platform Analytics"
        subtitle="Revenue, orders and AI usage across all venues"
        actions={<ButtonGroup label="Time window" options={WINDOW_OPTIONS} value={period} onChange={setPeriod} />}
      />
      {analytics.isPending ? <p className="muted" role="status">Loading analytics...</p>
        : analytics.isError ? <LoadError message="Failed to load analytics data" detail={errorMessage(analytics.error, '')} onRetry={() => void analytics.refetch()} />
        : <AnalyticsBody data={analytics.data} />}
    </main>
  );
}
