import { CheckCircle2, RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ErrorSettingsBody, type ErrorLogEntry } from '../../../../shared/schemas/super';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useErrorLogs, useErrorSettings, useSaveErrorSettings, useSetErrorResolved, type ErrorFilters } from '../api';
import { LoadError, MetricCard, PageHeader, Panel, formatDateTime } from '../common/SuperUi';

const LEVEL_BADGE: Record<ErrorLogEntry['level'], string> = { critical: 'badge-danger', warning: 'badge-warning', info: 'badge-info' };

function RetentionSetting() {
  const settings = useErrorSettings();
  const save = useSaveErrorSettings();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? (settings.data ? String(settings.data.retention_days) : '');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = ErrorSettingsBody.safeParse({ retention_days: Number(value) });
    if (!checked.success) { setError(checked.error.issues[0]!.message); return; }
    setError(null);
    try {
      const saved = await save.mutateAsync(checked.data.retention_days);
      setDraft(null);
      toast.success(`Logs are now kept for ${saved.retention_days} days`);
    } catch (err) {
      setError(errorMessage(err, 'Failed to save the retention'));
    }
  }

  return (
    <Panel title="Settings">
      <form className="row" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="retention-days">Log retention (days)</label>
          <input
            id="retention-days" type="number" min={1} max={365} step={1} value={value} disabled={settings.isPending}
            onChange={(e) => setDraft(e.target.value)} aria-describedby="retention-hint"
          />
        </div>
        <button type="submit" className="btn btn-small btn-primary" disabled={save.isPending || draft === null}>Save</button>
      </form>
      <p className="muted super-hint" id="retention-hint">A daily cleanup deletes log entries older than this.</p>
      {settings.isError && <p className="field-error">Failed to load settings: {errorMessage(settings.error, '')}</p>}
      {error && <p className="field-error" role="alert">{error}</p>}
    </Panel>
  );
}

/** Spec: Error Management (/super/errors) — real server and client errors. */
export default function ErrorLogsPage() {
  const [filters, setFilters] = useState<ErrorFilters>({ resolved: 'false' });
  const logs = useErrorLogs(filters);
  const setResolved = useSetErrorResolved();

  const filter = (key: keyof ErrorFilters, label: string, options: [string, string][]) => (
    <div className="field">
      <label htmlFor={`error-filter-${key}`}>{label}</label>
      <select id={`error-filter-${key}`} value={filters[key] ?? ''} onChange={(e) => setFilters((f) => ({ ...f, [key]: e.target.value || undefined }))}>
        <option value="">All</option>
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </div>
  );

  async function toggle(entry: ErrorLogEntry) {
    try {
      await setResolved.mutateAsync({ id: entry.id, resolved: !entry.resolved_at });
      toast.success(entry.resolved_at ? 'Marked as open' : 'Marked as resolved');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update the entry'));
    }
  }

  return (
    <main className="page super-page">
      <PageHeader
        title="Error Management"
        subtitle="Server errors and browser crashes across the platform"
        actions={<button type="button" className="btn" onClick={() => void logs.refetch()} disabled={logs.isFetching}><RefreshCw aria-hidden="true" size={16} /> Refresh</button>}
      />
      {logs.data && (
        <div className="tiles" aria-label="Error counters">
          <MetricCard label="Critical Errors" value={String(logs.data.counts.critical)} tone={logs.data.counts.critical ? 'danger' : undefined} />
          <MetricCard label="Warnings" value={String(logs.data.counts.warnings)} tone={logs.data.counts.warnings ? 'warning' : undefined} />
          <MetricCard label="Resolved" value={String(logs.data.counts.resolved)} tone="success" />
        </div>
      )}
      <div className="row super-filters">
        {filter('level', 'Level', [['critical', 'Critical'], ['warning', 'Warning'], ['info', 'Info']])}
        {filter('source', 'Source', [['server', 'Server'], ['client', 'Client']])}
        {filter('resolved', 'State', [['false', 'Open'], ['true', 'Resolved']])}
      </div>

      {logs.isPending ? <p className="muted" role="status">Loading error logs...</p>
        : logs.isError ? <LoadError message="Failed to load error logs" detail={errorMessage(logs.error, '')} onRetry={() => void logs.refetch()} />
        : logs.data.errors.length === 0 ? (
          <div className="empty-state"><CheckCircle2 aria-hidden="true" size={32} /><p>No errors detected</p></div>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr><th scope="col">When</th><th scope="col">Level</th><th scope="col">Source</th><th scope="col">Message</th><th scope="col">Where</th><th scope="col">Venue</th><th scope="col">Request id</th><th scope="col">Actions</th></tr>
              </thead>
              <tbody>
                {logs.data.errors.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDateTime(e.created_at)}</td>
                    <td><span className={`badge ${LEVEL_BADGE[e.level]}`}>{e.level}</span>{e.resolved_at && <> <span className="badge badge-success">resolved</span></>}</td>
                    <td>{e.source}</td>
                    <td className="super-message">{e.message}</td>
                    <td className="mono">{[e.method, e.route].filter(Boolean).join(' ') || '—'}{e.status ? ` → ${e.status}` : ''}</td>
                    <td>{e.venue_name ?? '—'}</td>
                    <td className="mono super-request-id">{e.request_id ?? '—'}</td>
                    <td>
                      <button type="button" className="btn btn-small" onClick={() => void toggle(e)} disabled={setResolved.isPending}>
                        {e.resolved_at ? 'Reopen' : 'Mark resolved'}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      <RetentionSetting />
    </main>
  );
}
