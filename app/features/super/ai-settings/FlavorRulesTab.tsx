import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FlavorRuleInput, type FlavorRule } from '../../../../shared/schemas/ai';
import { errorMessage } from '../../../lib/api-client';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { formatDate } from '../common/SuperUi';
import { useDeleteFlavorRule, useFlavorRules, useSaveFlavorRule } from './api';
import { GarnishListInput } from './GarnishListInput';

type Factor = { key: number; tag: string; value: string };
type Factors = Record<string, number>;
let factorKey = 0;
const toRows = (factors: Factors): Factor[] => Object.entries(factors).map(([tag, value]) => ({ key: factorKey++, tag, value: String(value) }));
/** The rows as the wire's map; a blank or non-numeric factor stays NaN, which the shared schema refuses by name. */
const toMap = (rows: Factor[]): Factors =>
  Object.fromEntries(rows.filter((r) => r.tag.trim() || r.value.trim()).map((r) => [r.tag.trim(), r.value.trim() === '' ? Number.NaN : Number(r.value)]));

/** Tags and their multipliers, a row each: what the rule does to a suggestion's score, without JSON. */
function FactorRows({ id, label, hint, rows, min, max, onChange, error }: {
  id: string; label: string; hint: string; rows: Factor[]; min: number; max: number; onChange: (rows: Factor[]) => void; error?: string;
}) {
  const edit = (key: number, patch: Partial<Factor>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset className="field" aria-describedby={`${id}-hint`}>
      <legend>{label}</legend>
      <p className="muted super-hint" id={`${id}-hint`}>{hint}</p>
      {rows.map((row, i) => (
        <div className="row" key={row.key} data-testid={`${id}-row`}>
          <label className="visually-hidden" htmlFor={`${id}-tag-${row.key}`}>{label}: tag {i + 1}</label>
          <input id={`${id}-tag-${row.key}`} value={row.tag} placeholder="Tag, e.g. Citrus" onChange={(e) => edit(row.key, { tag: e.target.value })} />
          <label className="visually-hidden" htmlFor={`${id}-value-${row.key}`}>{label}: factor {i + 1}</label>
          <input id={`${id}-value-${row.key}`} type="number" inputMode="decimal" min={min} max={max} step={0.1} value={row.value} onChange={(e) => edit(row.key, { value: e.target.value })} />
          <button type="button" className="icon-button" aria-label={`Remove ${row.tag || `row ${i + 1}`} from ${label.toLowerCase()}`} onClick={() => onChange(rows.filter((r) => r.key !== row.key))}>
            <Trash2 aria-hidden="true" size={16} />
          </button>
        </div>
      ))}
      <div><button type="button" className="btn btn-small" onClick={() => onChange([...rows, { key: factorKey++, tag: '', value: String(min === 0 ? 0.5 : 1.5) }])}><Plus aria-hidden="true" size={14} /> Add tag</button></div>
      {error && <p className="field-error" role="alert">{error}</p>}
    </fieldset>
  );
}

/** A rule as a form (docs/product.md §11.3): tags, strength and sweetness, boosts and reductions, garnishes, notes. */
function RuleEditor({ rule, onClose }: { rule: FlavorRule | null; onClose: () => void }) {
  const save = useSaveFlavorRule();
  const [ruleName, setRuleName] = useState(rule?.rule_name ?? '');
  const [tags, setTags] = useState<string[]>(rule?.base_profile.flavor_tags ?? []);
  const [strength, setStrength] = useState(rule?.base_profile.strength ?? '');
  const [sweetness, setSweetness] = useState(rule?.base_profile.sweetness ?? '');
  const [boosts, setBoosts] = useState<Factor[]>(() => toRows(rule?.adjustment_logic.boost_factors ?? {}));
  const [reductions, setReductions] = useState<Factor[]>(() => toRows(rule?.adjustment_logic.reduce_factors ?? {}));
  const [garnishes, setGarnishes] = useState(rule?.garnish_suggestions ?? []);
  const [notes, setNotes] = useState(rule?.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const body = {
    rule_name: ruleName.trim(),
    base_profile: { flavor_tags: tags, ...(strength.trim() ? { strength: strength.trim() } : {}), ...(sweetness.trim() ? { sweetness: sweetness.trim() } : {}) },
    adjustment_logic: { boost_factors: toMap(boosts), reduce_factors: toMap(reductions) },
    garnish_suggestions: garnishes,
    notes,
  };
  const [opened] = useState(() => JSON.stringify(body));
  const leaving = useUnsavedChanges(JSON.stringify(body) !== opened && !save.isSuccess);
  const close = leaving.guardClose(onClose);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The same schema the server checks: a factor out of range is named here and nothing is sent.
    const checked = FlavorRuleInput.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.slice(0, 2).join('.'), i.message]).reverse()));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: rule?.id ?? null, body });
      toast.success(rule ? `Rule ${body.rule_name} updated` : `Rule ${body.rule_name} created`);
      onClose();
    } catch (err) {
      console.error('Saving the flavor rule failed', err);
      setErrors({ form: errorMessage(err, 'Failed to save the rule') });
    }
  }

  return (
    <Modal title={rule ? `Edit ${rule.rule_name}` : 'New flavor rule'} onClose={close}>
      {leaving.pending && (
        <ConfirmDialog title="Discard this rule?" confirmLabel="Discard changes" onCancel={leaving.stay} onConfirm={leaving.leave}>
          <p>Your changes to {rule ? rule.rule_name : 'the new rule'} are not saved. If you close the form now, they are lost.</p>
        </ConfirmDialog>
      )}
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="rule-name">Rule name</label>
          <input id="rule-name" value={ruleName} onChange={(e) => setRuleName(e.target.value)} aria-describedby="rule-name-hint" aria-invalid={Boolean(errors.rule_name) || undefined} data-autofocus />
          <p className="muted super-hint" id="rule-name-hint">lowercase with underscores, unique</p>
          {errors.rule_name && <p className="field-error" role="alert">{errors.rule_name}</p>}
        </div>
        <GarnishListInput id="rule-tags" label="Flavor tags" value={tags} onChange={setTags} placeholder="Type a flavor tag and press Enter" />
        {errors['base_profile.flavor_tags'] && <p className="field-error" role="alert">{errors['base_profile.flavor_tags']}</p>}
        <div className="super-form-grid">
          <div className="field">
            <label htmlFor="rule-strength">Strength (optional)</label>
            <input id="rule-strength" value={strength} placeholder="e.g. Bold" onChange={(e) => setStrength(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="rule-sweetness">Sweetness (optional)</label>
            <input id="rule-sweetness" value={sweetness} placeholder="e.g. Balanced" onChange={(e) => setSweetness(e.target.value)} />
          </div>
        </div>
        <FactorRows id="rule-boost" label="Boost" hint="Drinks with these tags score higher: a factor from 1 to 3." rows={boosts} min={1} max={3} onChange={setBoosts} error={errors['adjustment_logic.boost_factors']} />
        <FactorRows id="rule-reduce" label="Reduce" hint="Drinks with these tags score lower: a factor from 0 to 1." rows={reductions} min={0} max={1} onChange={setReductions} error={errors['adjustment_logic.reduce_factors']} />
        <GarnishListInput id="rule-garnish" label="Garnish suggestions" value={garnishes} onChange={setGarnishes} />
        <div className="field">
          <label htmlFor="rule-notes">Notes</label>
          <textarea id="rule-notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        {errors.form && <p className="field-error" role="alert">{errors.form}</p>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={close}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? 'Saving...' : rule ? 'Update rule' : 'Create rule'}</button>
        </div>
      </form>
    </Modal>
  );
}

export function FlavorRulesTab() {
  const rules = useFlavorRules();
  const remove = useDeleteFlavorRule();
  const [editing, setEditing] = useState<FlavorRule | 'new' | null>(null);

  async function deleteRule(rule: FlavorRule) {
    if (!window.confirm(`Are you sure you want to delete "${rule.rule_name}"?`)) return;
    try {
      await remove.mutateAsync(rule.id);
      toast.success(`Rule ${rule.rule_name} deleted`);
    } catch (err) {
      console.error('Deleting the flavor rule failed', err);
      toast.error(`Failed to delete the rule: ${errorMessage(err, 'unknown error')}`);
    }
  }

  return (
    <div className="stack">
      <div><button type="button" className="btn btn-primary" onClick={() => setEditing('new')}><Plus aria-hidden="true" size={18} /> New rule</button></div>
      {rules.isPending ? <p className="muted" role="status">Loading rules...</p>
        : rules.isError ? <p className="field-error" role="alert">Failed to load flavor rules: {errorMessage(rules.error, '')}</p>
        : rules.data.length === 0 ? <p className="empty-state">No flavor rules yet</p>
        : (
          <div className="table-wrap">
            <table>
              <thead><tr><th scope="col">Rule</th><th scope="col">Flavor tags</th><th scope="col">Garnishes</th><th scope="col">Notes</th><th scope="col">Created</th><th scope="col">Actions</th></tr></thead>
              <tbody>
                {rules.data.map((r) => (
                  <tr key={r.id}>
                    <td className="mono">{r.rule_name}</td>
                    <td><div className="chips">{r.base_profile.flavor_tags.slice(0, 3).map((t) => <span key={t} className="badge badge-info">{t}</span>)}</div></td>
                    <td>{r.garnish_suggestions.slice(0, 2).join(', ') || '—'}</td>
                    <td>{r.notes || '—'}</td>
                    <td>{formatDate(r.created_at)}</td>
                    <td>
                      <div className="row">
                        <button type="button" className="btn btn-small" onClick={() => setEditing(r)} aria-label={`Edit ${r.rule_name}`}><Pencil aria-hidden="true" size={16} /> Edit</button>
                        <button type="button" className="btn btn-small btn-danger" onClick={() => void deleteRule(r)} aria-label={`Delete ${r.rule_name}`}><Trash2 aria-hidden="true" size={16} /> Delete</button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      {editing && <RuleEditor rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
