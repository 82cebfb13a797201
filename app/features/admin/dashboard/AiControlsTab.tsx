import { useEffect, useRef, useState } from 'react';
import { satisfactionLabel, temperatureLabel } from '../../../../shared/admin-dashboard';
import { CREATIVITY_LEVELS, type CreativityLevel } from '../../../../shared/schemas/ai';
import { toast } from '../../../ui/toast';
import { useAiAnalytics, useAiSettings, useSaveAiSettings } from '../api';
import { titleCase } from './parts';

const DEFAULTS = { temperature: 0.7, max_tokens: 600, creativity_level: 'balanced' as CreativityLevel };
const BACKEND_LABEL: Record<string, string> = { 'workers-ai': 'Workers AI', local: 'Local suggestion engine' };

export function AiControlsTab() {
  const settings = useAiSettings();
  const analytics = useAiAnalytics();
  const save = useSaveAiSettings();
  const [form, setForm] = useState(DEFAULTS);
  const loaded = useRef(false);

  useEffect(() => {
    if (settings.data && !loaded.current) {
      loaded.current = true;
      setForm(settings.data.current_settings);
    }
  }, [settings.data]);
  useEffect(() => { if (settings.isError) toast.info('AI settings endpoint not yet available'); }, [settings.isError]);
  useEffect(() => { if (analytics.isError) toast.info('AI analytics endpoint not yet available'); }, [analytics.isError]);

  async function submit() {
    try {
      await save.mutateAsync(form);
      toast.success('AI settings updated successfully!');
    } catch {
      toast.error('Failed to update AI settings');
    }
  }

  if (settings.isError && analytics.isError) {
    return (
      <section className="card empty-state" aria-labelledby="ai-unavailable" role="alert">
        <h2 id="ai-unavailable">AI settings could not be loaded</h2>
        <p>Neither the AI settings nor the AI analytics answered. Your settings are unchanged.</p>
        <button type="button" className="btn btn-primary" onClick={() => { void settings.refetch(); void analytics.refetch(); }}>Retry</button>
      </section>
    );
  }

  const a = analytics.data;
  const backend = settings.data?.backend ?? a?.backend;
  const model = settings.data?.model ?? a?.model;
  return (
    <div className="admin-ai-grid">
      <section className="card stack" aria-labelledby="ai-controls">
        <h2 id="ai-controls">AI Bartender Controls</h2>
        <div className="field">
          <label htmlFor="ai-temperature">Temperature: {form.temperature.toFixed(1)} ({temperatureLabel(form.temperature)})</label>
          <input id="ai-temperature" type="range" min={0.1} max={1} step={0.1} value={form.temperature}
            onChange={(e) => setForm((f) => ({ ...f, temperature: Math.round(Number(e.target.value) * 10) / 10 }))} />
        </div>
        <div className="field">
          <label htmlFor="ai-max-tokens">Max response length: {form.max_tokens}</label>
          <input id="ai-max-tokens" type="range" min={100} max={1000} step={50} value={form.max_tokens}
            onChange={(e) => setForm((f) => ({ ...f, max_tokens: Number(e.target.value) }))} />
        </div>
        <div className="field">
          <label htmlFor="ai-creativity">Creativity level</label>
          <select id="ai-creativity" value={form.creativity_level} onChange={(e) => setForm((f) => ({ ...f, creativity_level: e.target.value as CreativityLevel }))}>
            {CREATIVITY_LEVELS.map((c) => <option key={c} value={c}>{titleCase(c)}</option>)}
          </select>
        </div>
        <button type="button" className="btn btn-primary" disabled={save.isPending || settings.isError} onClick={() => void submit()}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </button>
      </section>
      <section className="card stack" aria-labelledby="ai-analytics">
        <h2 id="ai-analytics">AI Performance Analytics</h2>
        {a ? (
          <div className="tiles">
            <div className="tile"><div className="tile-value">{a.total_interactions_30_days}</div><div className="tile-label">Total interactions (30 days)</div></div>
            <div className="tile">
              <div className="tile-value">{a.satisfaction_rate_percent === null ? '—' : `${Math.round(a.satisfaction_rate_percent)}%`}</div>
              <div className="tile-label">Satisfaction{a.satisfaction_rate_percent === null ? ' (no ratings yet)' : ` · ${satisfactionLabel(a.satisfaction_rate_percent)}`}</div>
            </div>
            <div className="tile"><div className="tile-value">{a.liked_interactions}</div><div className="tile-label">Likes</div></div>
            <div className="tile"><div className="tile-value">{a.disliked_interactions}</div><div className="tile-label">Dislikes</div></div>
          </div>
        ) : <p className="muted">{analytics.isPending ? 'Loading analytics...' : 'No AI analytics available'}</p>}
      </section>
      <section className="card stack" aria-labelledby="ai-config">
        <h2 id="ai-config">Current AI Configuration</h2>
        <dl className="admin-dl">
          <dt>Back end</dt><dd>{backend ? BACKEND_LABEL[backend] ?? backend : '—'}</dd>
          <dt>Model</dt><dd>{model ?? '—'}</dd>
          <dt>Temperature</dt><dd>{settings.data?.current_settings.temperature ?? '—'}</dd>
          <dt>Max tokens</dt><dd>{settings.data?.current_settings.max_tokens ?? '—'}</dd>
          <dt>Creativity</dt><dd>{settings.data ? titleCase(settings.data.current_settings.creativity_level) : '—'}</dd>
        </dl>
      </section>
    </div>
  );
}
