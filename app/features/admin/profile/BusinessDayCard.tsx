import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatClock } from '../../../../shared/business-day';
import { CATEGORY_LABELS } from '../../../../shared/categories';
import { DRINK_CATEGORIES } from '../../../../shared/back-office-constants';
import type { HappyHourRule, Venue } from '../../../../shared/schemas/venue';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useSaveVenue } from '../api';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Cut-offs offered: midnight to 8 a.m. by the hour. */
const CUTOFFS = Array.from({ length: 9 }, (_, h) => h * 60);

type RuleForm = { days: number[]; start: string; end: string; percent: string; category: string };
const ruleForm = (r: HappyHourRule): RuleForm => ({ days: r.days, start: r.start, end: r.end, percent: String(r.discount_bp / 100), category: r.categories[0] ?? '' });
const NEW_RULE: RuleForm = { days: [1, 2, 3, 4, 5], start: '17:00', end: '19:00', percent: '25', category: '' };

/** "25" or "12.5" → 2500 / 1250; null unless 0 < percent ≤ 100 with at most two decimals (never rounded). */
const percentBp = (text: string) => {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp > 0 && bp <= 10_000 ? bp : null;
};

/**
 * The business day and happy hours (docs/product.md §11.9, §11.10): when the venue's day starts, and the prices
 * guests pay by weekday and time in the venue's time zone.
 */
export function BusinessDayCard({ venue }: { venue: Venue }) {
  const save = useSaveVenue();
  const [cutoff, setCutoff] = useState(venue.day_cutoff_minutes);
  const [rules, setRules] = useState<RuleForm[]>(() => venue.happy_hours.map(ruleForm));
  const [errors, setErrors] = useState<string[]>([]);
  const change = (i: number, patch: Partial<RuleForm>) => setRules((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems: string[] = [];
    const happy: HappyHourRule[] = rules.map((r, i) => {
      const bp = percentBp(r.percent);
      if (bp === null) problems.push(`Happy hour ${i + 1}: the discount is a percentage above 0 and at most 100, with at most two decimals`);
      if (r.days.length === 0) problems.push(`Happy hour ${i + 1}: choose at least one day`);
      if (r.start === r.end) problems.push(`Happy hour ${i + 1}: the start and end must differ`);
      return { days: [...r.days].sort(), start: r.start, end: r.end, discount_bp: bp ?? 0, categories: r.category ? [r.category] : [] };
    });
    setErrors(problems);
    if (problems.length) return;
    try {
      await save.mutateAsync({ day_cutoff_minutes: cutoff, happy_hours: happy });
      toast.success('Business day and happy hours saved');
    } catch (err) {
      if (err instanceof ApiRequestError && Array.isArray(err.details)) setErrors((err.details as { message: string }[]).map((d) => d.message));
      toast.error(errorMessage(err, 'Failed to save'));
    }
  }

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="business-day-heading">
      <h2 id="business-day-heading">Business day and happy hours</h2>
      <div className="field">
        <label htmlFor="vp-cutoff">Day cut-off</label>
        <select id="vp-cutoff" value={cutoff} onChange={(e) => setCutoff(Number(e.target.value))}>
          {[...new Set([cutoff, ...CUTOFFS])].sort((a, b) => a - b).map((m) => <option key={m} value={m}>{formatClock(m)}</option>)}
        </select>
        <p className="muted">Sales before {formatClock(cutoff)} count for the day before, in {venue.timezone} (analytics, reports and exports).</p>
      </div>
      <fieldset className="stack admin-fieldset">
        <legend>Happy hours</legend>
        {rules.length === 0 && <p className="muted">No happy hour: guests pay menu prices.</p>}
        {rules.map((r, i) => (
          <div key={i} className="stack happy-hour-rule" role="group" aria-label={`Happy hour ${i + 1}`}>
            <div className="row chips">
              {DAYS.map((d, day) => (
                <button key={d} type="button" className="chip" aria-pressed={r.days.includes(day)}
                  onClick={() => change(i, { days: r.days.includes(day) ? r.days.filter((x) => x !== day) : [...r.days, day] })}>{d}</button>
              ))}
            </div>
            <div className="row admin-form-row">
              <div className="field"><label htmlFor={`hh-start-${i}`}>From</label><input id={`hh-start-${i}`} type="time" value={r.start} onChange={(e) => change(i, { start: e.target.value })} /></div>
              <div className="field"><label htmlFor={`hh-end-${i}`}>Until</label><input id={`hh-end-${i}`} type="time" value={r.end} onChange={(e) => change(i, { end: e.target.value })} /></div>
              <div className="field"><label htmlFor={`hh-off-${i}`}>Discount (%)</label><input id={`hh-off-${i}`} inputMode="decimal" value={r.percent} onChange={(e) => change(i, { percent: e.target.value })} /></div>
              <div className="field">
                <label htmlFor={`hh-cat-${i}`}>Drinks</label>
                <select id={`hh-cat-${i}`} value={r.category} onChange={(e) => change(i, { category: e.target.value })}>
                  <option value="">All drinks</option>
                  {DRINK_CATEGORIES.map((c) => <option key={c} value={c}>{CATEGORY_LABELS[c]}</option>)}
                </select>
              </div>
              <button type="button" className="btn btn-small btn-ghost" onClick={() => setRules((rs) => rs.filter((_, j) => j !== i))} aria-label={`Remove happy hour ${i + 1}`}><Trash2 size={14} aria-hidden="true" /> Remove</button>
            </div>
          </div>
        ))}
        <button type="button" className="btn btn-small" onClick={() => setRules((rs) => [...rs, NEW_RULE])}><Plus size={14} aria-hidden="true" /> Add happy hour</button>
      </fieldset>
      {errors.length > 0 && <ul className="field-error" role="alert">{errors.map((m) => <li key={m}>{m}</li>)}</ul>}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save business day and happy hours'}</button>
    </form>
  );
}
