import { Plus, Trash2 } from 'lucide-react';
import type { ModifierGroup, ModifierGroupsInput } from '../../../../shared/schemas/modifiers';
import type { IngredientOption } from '../../../../shared/schemas/admin';
import type { FieldErrors } from '../../../lib/field-errors';

// The drink form's modifier groups (docs/decisions/197): each group "choose one" or "choose any", each option a price
// change in dollars and recipe effects (this much more, or less, of a catalogue ingredient).

type EffectRow = { key: string; ingredient_id: string; quantity: string; unit: string };
type OptionRow = { key: string; id?: string; name: string; price: string; effects: EffectRow[] };
export type GroupRow = { key: string; id?: string; name: string; kind: 'one' | 'any'; required: boolean; options: OptionRow[] };

let counter = 0;
const key = () => `m${counter++}`;
const newOption = (): OptionRow => ({ key: key(), name: '', price: '0.00', effects: [] });
const newGroup = (): GroupRow => ({ key: key(), name: '', kind: 'any', required: false, options: [newOption()] });
const EFFECT_UNITS = ['ml', 'oz', 'dash', 'piece'];

/** The stored groups as form rows. */
export const groupRows = (groups: readonly ModifierGroup[]): GroupRow[] => groups.map((g) => ({
  key: key(), id: g.id, name: g.name, kind: g.kind, required: g.required,
  options: g.options.map((o) => ({
    key: key(), id: o.id, name: o.name, price: (o.price_delta_cents / 100).toFixed(2),
    effects: o.effects.map((e) => ({ key: key(), ingredient_id: e.ingredient_id, quantity: String(e.quantity), unit: e.unit })),
  })),
}));

/** Cents from a price change as typed ('1.50', '-0.50'): exact, never rounded; an error otherwise. */
function centsOf(text: string): number | string {
  const t = text.trim() || '0';
  if (!/^-?\d+(\.\d{1,2})?$/.test(t)) return 'Price change is dollars and cents, e.g. 1.50 or -0.50';
  return Math.round(Number(t) * 100);
}

/** The rows as the API's `modifier_groups`, and an error per field that cannot be read (paths as the server's). */
export function readGroups(rows: readonly GroupRow[]): { value: ModifierGroupsInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const value = rows.map((g, gi) => {
    if (!g.name.trim()) errors[`modifier_groups.${gi}.name`] = 'Group name is required';
    return {
      ...(g.id ? { id: g.id } : {}), name: g.name.trim(), kind: g.kind, required: g.required,
      options: g.options.map((o, oi) => {
        const at = `modifier_groups.${gi}.options.${oi}`;
        if (!o.name.trim()) errors[`${at}.name`] = 'Option name is required';
        const cents = centsOf(o.price);
        if (typeof cents === 'string') errors[`${at}.price_delta_cents`] = cents;
        return {
          ...(o.id ? { id: o.id } : {}), name: o.name.trim(), price_delta_cents: typeof cents === 'number' ? cents : 0,
          effects: o.effects.map((e, ei) => {
            if (!e.ingredient_id) errors[`${at}.effects.${ei}.ingredient_id`] = 'Choose an ingredient';
            const quantity = Number(e.quantity);
            if (!e.quantity.trim() || !Number.isFinite(quantity) || quantity === 0) errors[`${at}.effects.${ei}.quantity`] = 'Quantity is a number other than 0 (negative takes away)';
            return { ingredient_id: e.ingredient_id, quantity, unit: e.unit };
          }),
        };
      }),
    };
  });
  return { value, errors };
}

export function ModifierGroupsEditor({ groups, onChange, catalogue, errors }: {
  groups: GroupRow[]; onChange: (next: GroupRow[]) => void; catalogue: IngredientOption[]; errors: FieldErrors;
}) {
  const setGroup = (gk: string, patch: Partial<GroupRow>) => onChange(groups.map((g) => (g.key === gk ? { ...g, ...patch } : g)));
  const setOption = (g: GroupRow, ok: string, patch: Partial<OptionRow>) => setGroup(g.key, { options: g.options.map((o) => (o.key === ok ? { ...o, ...patch } : o)) });
  const messages = Object.entries(errors).filter(([k]) => k.startsWith('modifier_groups')).map(([, m]) => m);
  return (
    <fieldset className="stack admin-fieldset" aria-label="Modifiers">
      <legend>Modifiers</legend>
      {groups.length === 0 && <p className="muted">No modifiers. Add a group for a spirit choice (choose one) or extras such as a double or no ice (choose any).</p>}
      {groups.map((g, gi) => (
        <div key={g.key} className="stack admin-modifier-group" data-testid="modifier-group">
          <div className="row admin-recipe-line">
            <input aria-label={`Group name ${gi + 1}`} placeholder="e.g. Spirit, Extras" value={g.name} onChange={(e) => setGroup(g.key, { name: e.target.value })} />
            <select aria-label={`Group ${gi + 1} choice`} value={g.kind} onChange={(e) => setGroup(g.key, { kind: e.target.value as GroupRow['kind'] })}>
              <option value="one">Choose one</option>
              <option value="any">Choose any</option>
            </select>
            <label className="row admin-checkbox"><input type="checkbox" checked={g.required} onChange={(e) => setGroup(g.key, { required: e.target.checked })} /> Required</label>
            <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove group ${gi + 1}`} onClick={() => onChange(groups.filter((x) => x.key !== g.key))}>
              <Trash2 size={14} aria-hidden="true" />
            </button>
          </div>
          {g.options.map((o, oi) => (
            <div key={o.key} className="stack admin-modifier-option">
              <div className="row admin-recipe-line">
                <input aria-label={`Group ${gi + 1} option ${oi + 1} name`} placeholder="e.g. Double, No ice" value={o.name} onChange={(e) => setOption(g, o.key, { name: e.target.value })} />
                <input aria-label={`Group ${gi + 1} option ${oi + 1} price change ($)`} inputMode="decimal" value={o.price} onChange={(e) => setOption(g, o.key, { price: e.target.value })} />
                <button type="button" className="btn btn-small" onClick={() => setOption(g, o.key, { effects: [...o.effects, { key: key(), ingredient_id: '', quantity: '', unit: 'ml' }] })}>
                  <Plus size={14} aria-hidden="true" /> Recipe effect
                </button>
                <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove group ${gi + 1} option ${oi + 1}`} onClick={() => setGroup(g.key, { options: g.options.filter((x) => x.key !== o.key) })}>
                  <Trash2 size={14} aria-hidden="true" />
                </button>
              </div>
              {o.effects.map((e, ei) => {
                const label = `Group ${gi + 1} option ${oi + 1} effect ${ei + 1}`;
                const setEffect = (patch: Partial<EffectRow>) => setOption(g, o.key, { effects: o.effects.map((x) => (x.key === e.key ? { ...x, ...patch } : x)) });
                return (
                  <div key={e.key} className="row admin-recipe-line admin-modifier-effect">
                    <select aria-label={`${label} ingredient`} value={e.ingredient_id} onChange={(ev) => setEffect({ ingredient_id: ev.target.value })}>
                      <option value="">Choose an ingredient</option>
                      {catalogue.map((ing) => <option key={ing.id} value={ing.id}>{ing.name}</option>)}
                    </select>
                    <input aria-label={`${label} quantity`} type="number" step="any" inputMode="decimal" value={e.quantity} onChange={(ev) => setEffect({ quantity: ev.target.value })} />
                    <select aria-label={`${label} unit`} value={e.unit} onChange={(ev) => setEffect({ unit: ev.target.value })}>
                      {[...new Set([...EFFECT_UNITS, e.unit])].map((u) => <option key={u} value={u}>{u}</option>)}
                    </select>
                    <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove ${label}`} onClick={() => setOption(g, o.key, { effects: o.effects.filter((x) => x.key !== e.key) })}>
                      <Trash2 size={14} aria-hidden="true" />
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
          <button type="button" className="btn btn-small" onClick={() => setGroup(g.key, { options: [...g.options, newOption()] })}><Plus size={14} aria-hidden="true" /> Add option</button>
        </div>
      ))}
      {messages.map((m) => <p key={m} className="field-error" role="alert">{m}</p>)}
      <button type="button" className="btn btn-small" onClick={() => onChange([...groups, newGroup()])}><Plus size={14} aria-hidden="true" /> Add modifier group</button>
    </fieldset>
  );
}
