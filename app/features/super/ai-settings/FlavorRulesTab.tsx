import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { RULE_NAME_PATTERN, type FlavorRule } from '../../../../shared/schemas/ai';
import { errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { formatDate } from '../common/SuperUi';
import { useDeleteFlavorRule, useFlavorRules, useSaveFlavorRule } from './api';
import { GarnishListInput } from './GarnishListInput';

const NEW_BASE_PROFILE = { flavor_tags: ['Citrus'], strength: 'Standard', sweetness: 'Balanced' };
const NEW_ADJUSTMENT = { boost_factors: { Citrus: 1.5 }, reduce_factors: {} };

/** True when the text is a JSON object (the editor's 'Invalid JSON format' check). */
export function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function JsonField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  const valid = isJsonObject(value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={5} className="mono" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!valid || undefined} aria-describedby={valid ? undefined : `${id}-error`} spellCheck={false} />
      {!valid && <p className="field-error" id={`${id}-error`}>Invalid JSON format</p>}
    </div>
  );
}

function RuleEditor({ rule, onClose }: { rule: FlavorRule | null; onClose: () => void }) {
  const save = useSaveFlavorRule();
  const [ruleName, setRuleName] = useState(rule?.rule_name ?? '');
  const [baseProfile, setBaseProfile] = useState(JSON.stringify(rule?.base_profile ?? NEW_BASE_PROFILE, null, 2));
  const [adjustment, setAdjustment] = useState(JSON.stringify(rule?.adjustment_logic ?? NEW_ADJUSTMENT, null, 2));
  const [garnishes, setGarnishes] = useState(rule?.garnish_suggestions ?? []);
  const [notes, setNotes] = useState(rule?.notes ?? '');
  const [error, setError] = useState<string | null>(null);

  const nameValid = RULE_NAME_PATTERN.test(ruleName.trim());
  const jsonValid = isJsonObject(baseProfile) && isJsonObject(adjustment);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await save.mutateAsync({
        id: rule?.id ?? null,
        body: { rule_name: ruleName.trim(), base_profile: JSON.parse(baseProfile), adjustment_logic: JSON.parse(adjustment), garnish_suggestions: garnishes, notes },
      });
      toast.success(rule ? `Rule ${ruleName} updated` : `Rule ${ruleName} created`);
      onClose();
    } catch (err) {
      console.error('Saving the flavor rule failed', err);
      setError(errorMessage(err, 'Failed to save the rule'));
    }
  }

  return (
    <Modal title={rule ? `Edit ${rule.rule_name}` : 'New flavor rule'} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="rule-name">Rule name</label>
          <input id="rule-name" value={ruleName} onChange={(e) => setRuleName(e.target.value)} aria-describedby="rule-name-hint" aria-invalid={(ruleName !== '' && !nameValid) || undefined} data-autofocus />
          <p className="muted super-hint" id="rule-name-hint">lowercase with underscores, unique</p>
          {ruleName !== '' && !nameValid && <p className="field-error">Rule name must be lowercase with underscores</p>}
        </div>
        <JsonField id="rule-base-profile" label="Base profile (JSON)" value={baseProfile} onChange={setBaseProfile} />
        <JsonField id="rule-adjustment" label="Adjustment logic (JSON)" value={adjustment} onChange={setAdjustment} />
        <GarnishListInput id="rule-garnish" label="Garnish suggestions" value={garnishes} onChange={setGarnishes} />
        <div className="field">
          <label htmlFor="rule-notes">Notes</label>
          <textarea id="rule-notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        {error && <p className="field-error" role="alert">{error}</p>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={!nameValid || !jsonValid || save.isPending}>{save.isPending ? 'Saving...' : rule ? 'Update rule' : 'Create rule'}</button>
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
