// The admin's tables and tab settings as typed in the forms, and what a save sends (docs/decisions/231). Nothing
// typed is rounded or dropped unseen (docs/product.md §9.4): a bad value is an error naming its field, and a
// form that did not change sends nothing.
import { amountFromField } from '../../../../shared/admin-dashboard';
import type { VenueTables } from './api';

export type TableRow = { key: string; number: string; name: string };
export type SettingsForm = { service: string; tips: string[]; hours: string };
export type FormErrors = Record<string, string>;

/** The venue offers up to 4 tip presets (TableSettingsAdminInput). */
export const TIP_PRESET_SLOTS = 4;

let rowKey = 0;
export const newRowKey = () => `row-${++rowKey}`;

export const rowsOf = (tables: VenueTables['tables']): TableRow[] =>
  [...tables].sort((a, b) => a.position - b.position).map((t) => ({ key: newRowKey(), number: t.number, name: t.name ?? '' }));

/** Basis points shown as a percent: 1250 → '12.5'. */
const percentOf = (bp: number) => String(bp / 100);

export const settingsFormOf = (settings: VenueTables['settings']): SettingsForm => ({
  service: percentOf(settings.service_charge_bp),
  tips: Array.from({ length: TIP_PRESET_SLOTS }, (_, i) => (settings.tip_presets_bp[i] === undefined ? '' : percentOf(settings.tip_presets_bp[i]!))),
  hours: String(settings.tab_auto_close_hours),
});

/** A percent typed in a field → basis points, exactly: more than two decimals is an error, never rounded. */
export function bpFromPercentField(text: string, label: string): { value: number; error?: undefined } | { value?: undefined; error: string } {
  const amount = amountFromField(text, label);
  if (amount.error !== undefined) return amount;
  if (!/^\d*(\.\d{0,2})?$/.test(text.trim())) return { error: `${label} has at most two decimals` };
  return { value: Math.round(amount.value * 100) };
}

/** The next table's number: one after the highest whole number, or empty when the venue names its tables. */
export function nextTableNumber(rows: TableRow[]): string {
  const numbers = rows.map((r) => r.number.trim()).filter((n) => /^\d+$/.test(n)).map(Number);
  return numbers.length > 0 ? String(Math.max(...numbers) + 1) : rows.length === 0 ? '1' : '';
}

export type TablesBody = { tables: { number: string; name: string | null }[] };

/** The PUT /admin/tables body, or the rows' errors (keyed as the server's details are: `tables.3.number`). */
export function readTables(rows: TableRow[]): { body: TablesBody; errors: FormErrors } {
  const errors: FormErrors = {};
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const number = row.number.trim();
    if (!number) errors[`tables.${i}.number`] = 'A table needs a number or name';
    else if (seen.has(number)) errors[`tables.${i}.number`] = `Table ${number} is listed twice`;
    else seen.set(number, i);
  });
  return { body: { tables: rows.map((r) => ({ number: r.number.trim(), name: r.name.trim() || null })) }, errors };
}

export const sameTables = (body: TablesBody, saved: VenueTables['tables']) =>
  JSON.stringify(body.tables) === JSON.stringify([...saved].sort((a, b) => a.position - b.position).map((t) => ({ number: t.number, name: t.name })));

export type SettingsBody = Partial<VenueTables['settings']>;

/** The PUT /admin/tables/settings body: only what differs from what is saved; or the fields' errors. */
export function readSettings(form: SettingsForm, saved: VenueTables['settings']): { body: SettingsBody; errors: FormErrors } {
  const errors: FormErrors = {};
  const full: Partial<VenueTables['settings']> = {};
  const service = bpFromPercentField(form.service, 'Service charge');
  if (service.error !== undefined) errors.service_charge_bp = service.error;
  else full.service_charge_bp = service.value;

  const tips: number[] = [];
  form.tips.forEach((text, i) => {
    if (!text.trim()) return;
    const tip = bpFromPercentField(text, `Tip preset ${i + 1}`);
    if (tip.error !== undefined) errors.tip_presets_bp ??= tip.error;
    else tips.push(tip.value);
  });
  if (tips.length === 0 && !errors.tip_presets_bp) errors.tip_presets_bp = 'At least one tip preset is required';
  else full.tip_presets_bp = tips;

  const hours = form.hours.trim();
  if (!/^\d+$/.test(hours)) errors.tab_auto_close_hours = hours ? 'Auto-close hours are a whole number' : 'Auto-close hours are required';
  else full.tab_auto_close_hours = Number(hours);

  const body: SettingsBody = {};
  if (full.service_charge_bp !== undefined && full.service_charge_bp !== saved.service_charge_bp) body.service_charge_bp = full.service_charge_bp;
  if (full.tip_presets_bp && JSON.stringify(full.tip_presets_bp) !== JSON.stringify(saved.tip_presets_bp)) body.tip_presets_bp = full.tip_presets_bp;
  if (full.tab_auto_close_hours !== undefined && full.tab_auto_close_hours !== saved.tab_auto_close_hours) body.tab_auto_close_hours = full.tab_auto_close_hours;
  return { body, errors };
}

/** The server's field errors by the form's field: `tip_presets_bp.2` is the presets' one message. */
export function settingsErrorsOf(fields: FormErrors): FormErrors {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(fields)) out[path.split('.')[0]!] ??= message;
  return out;
}
