import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { errorProps, fieldErrorsOf } from '../../../lib/field-errors';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useAdminTables, useSaveTables, useSaveTableSettings, type VenueTables } from './api';
import { TableCodes } from './TableCodes';
import {
  newRowKey, nextTableNumber, readSettings, readTables, rowsOf, sameTables, settingsErrorsOf, settingsFormOf, TIP_PRESET_SLOTS,
  type FormErrors, type SettingsForm, type TableRow, type TablesBody,
} from './table-forms';

/** A refusal that names no field (409 table_in_use, a network failure): said above the form's button. */
const formMessage = (err: unknown, fields: FormErrors, fallback: string) =>
  Object.keys(fields).length > 0 ? null : err instanceof ApiRequestError ? err.message : errorMessage(err, fallback);

function FieldError({ errors, field, id }: { errors: FormErrors; field: string; id: string }) {
  return errors[field] ? <p id={`${id}-error`} className="field-error" role="alert">{errors[field]}</p> : null;
}

/**
 * Admin "Tables" (docs/decisions/231): the venue's tables in display order (what the QR generator prints and a
 * table's QR code opens), and its tab settings: service charge, tip presets, auto-close hours.
 */
export default function AdminTablesPage() {
  const tables = useAdminTables();
  return (
    <main className="page stack">
      <h1>Tables</h1>
      <p className="muted">Each table&apos;s QR code opens a tab at that table. Guests split the bill with the tip presets below.</p>
      {tables.isError ? <p role="alert">Failed to load the tables <button type="button" className="btn btn-small" onClick={() => void tables.refetch()}>Try Again</button></p>
        : !tables.data ? <p className="muted">Loading tables...</p>
          : <><TablesEditor saved={tables.data} /><TableCodes saved={tables.data} /></>}
    </main>
  );
}

function TablesEditor({ saved }: { saved: VenueTables }) {
  const ids = useId();
  const saveTables = useSaveTables();
  const saveSettings = useSaveTableSettings();
  const [rows, setRows] = useState<TableRow[]>(() => rowsOf(saved.tables));
  const [settings, setSettings] = useState<SettingsForm>(() => settingsFormOf(saved.settings));
  const [tableErrors, setTableErrors] = useState<FormErrors>({});
  const [tablesMessage, setTablesMessage] = useState<string | null>(null);
  const [settingsErrors, setSettingsErrors] = useState<FormErrors>({});
  const [settingsMessage, setSettingsMessage] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ body: TablesBody; removed: string[] } | null>(null);

  const tablesDirty = !sameTables(readTables(rows).body, saved.tables);
  const settingsDirty = JSON.stringify(settings) !== JSON.stringify(settingsFormOf(saved.settings));
  const leaving = useUnsavedChanges(tablesDirty || settingsDirty);

  const editRow = (i: number, patch: Partial<TableRow>) => {
    setRows((rs) => rs.map((r, at) => (at === i ? { ...r, ...patch } : r)));
    setTableErrors({});
    setTablesMessage(null);
  };
  const moveRow = (i: number, by: -1 | 1) => setRows((rs) => {
    const next = [...rs];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    return next;
  });
  const removeRow = (i: number) => { setRows((rs) => rs.filter((_, at) => at !== i)); setTableErrors({}); };
  const addRow = () => setRows((rs) => [...rs, { key: newRowKey(), number: nextTableNumber(rs), name: '' }]);

  async function sendTables(body: TablesBody) {
    setRemoving(null);
    try {
      const answer = await saveTables.mutateAsync(body);
      setRows(rowsOf(answer.tables));
      toast.success('Tables saved');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setTableErrors(fields);
      setTablesMessage(formMessage(err, fields, 'The tables could not be saved'));
    }
  }

  function submitTables(e: FormEvent) {
    e.preventDefault();
    const read = readTables(rows);
    setTableErrors(read.errors);
    setTablesMessage(null);
    if (Object.keys(read.errors).length > 0) return;
    if (sameTables(read.body, saved.tables)) { toast.success('No changes to save'); return; }
    const kept = new Set(read.body.tables.map((t) => t.number));
    const removed = saved.tables.map((t) => t.number).filter((n) => !kept.has(n));
    if (removed.length > 0) setRemoving({ body: read.body, removed });
    else void sendTables(read.body);
  }

  async function submitSettings(e: FormEvent) {
    e.preventDefault();
    const read = readSettings(settings, saved.settings);
    setSettingsErrors(read.errors);
    setSettingsMessage(null);
    if (Object.keys(read.errors).length > 0) return;
    if (Object.keys(read.body).length === 0) { setSettings(settingsFormOf(saved.settings)); toast.success('No changes to save'); return; }
    try {
      const answer = await saveSettings.mutateAsync(read.body);
      setSettings(settingsFormOf(answer.settings));
      toast.success('Tab settings saved');
    } catch (err) {
      const fields = settingsErrorsOf(fieldErrorsOf(err));
      setSettingsErrors(fields);
      setSettingsMessage(formMessage(err, fields, 'The tab settings could not be saved'));
    }
  }

  const setField = (patch: Partial<SettingsForm>, field: string) => {
    setSettings((s) => ({ ...s, ...patch }));
    setSettingsErrors(({ [field]: _gone, ...rest }) => rest);
    setSettingsMessage(null);
  };

  return (
    <>
      <form className="card stack" onSubmit={(e) => void submitSettings(e)} noValidate aria-labelledby={`${ids}-settings-h`}>
        <h2 id={`${ids}-settings-h`}>Tab settings</h2>
        <div className="row admin-form-row">
          <div className="field">
            <label htmlFor={`${ids}-service`}>Service charge (%)</label>
            <input id={`${ids}-service`} type="number" inputMode="decimal" min={0} max={25} step={0.01} value={settings.service}
              onChange={(e) => setField({ service: e.target.value }, 'service_charge_bp')} {...errorProps(settingsErrors, 'service_charge_bp', `${ids}-service`)} />
            <FieldError errors={settingsErrors} field="service_charge_bp" id={`${ids}-service`} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-hours`}>Auto-close after (hours)</label>
            <input id={`${ids}-hours`} type="number" inputMode="numeric" min={1} max={48} step={1} value={settings.hours}
              onChange={(e) => setField({ hours: e.target.value }, 'tab_auto_close_hours')} {...errorProps(settingsErrors, 'tab_auto_close_hours', `${ids}-hours`)} />
            <FieldError errors={settingsErrors} field="tab_auto_close_hours" id={`${ids}-hours`} />
          </div>
        </div>
        <fieldset className="stack admin-fieldset" aria-describedby={settingsErrors.tip_presets_bp ? `${ids}-tips-error` : undefined}>
          <legend>Tip presets (%)</legend>
          <div className="row admin-form-row">
            {Array.from({ length: TIP_PRESET_SLOTS }, (_, i) => (
              <div className="field" key={i}>
                <label htmlFor={`${ids}-tip-${i}`}>Tip preset {i + 1}</label>
                <input id={`${ids}-tip-${i}`} type="number" inputMode="decimal" min={0} max={100} step={0.01} value={settings.tips[i] ?? ''}
                  aria-invalid={Boolean(settingsErrors.tip_presets_bp)}
                  onChange={(e) => setField({ tips: settings.tips.map((t, at) => (at === i ? e.target.value : t)) }, 'tip_presets_bp')} />
              </div>
            ))}
          </div>
          <p className="muted">Leave a preset empty to offer fewer. Tips are on the pre-tax part of a share.</p>
          <FieldError errors={settingsErrors} field="tip_presets_bp" id={`${ids}-tips`} />
        </fieldset>
        {settingsMessage && <p className="field-error" role="alert">{settingsMessage}</p>}
        <div className="row">
          <span className="spacer" />
          <button type="submit" className="btn btn-primary" disabled={saveSettings.isPending}>{saveSettings.isPending ? 'Saving...' : 'Save tab settings'}</button>
        </div>
      </form>

      <form className="card stack" onSubmit={submitTables} noValidate aria-labelledby={`${ids}-tables-h`}>
        <h2 id={`${ids}-tables-h`}>Tables</h2>
        <p className="muted">A number or a name such as &ldquo;Patio 4&rdquo;, in the order staff and the QR generator list them.</p>
        {rows.length === 0 ? <p className="muted">No tables: guests order without a table.</p> : (
          <ol className="admin-table-rows">
            <li className="admin-table-row admin-table-head" aria-hidden="true"><span>Number</span><span>Name (optional)</span><span /></li>
            {rows.map((row, i) => {
              const id = `${ids}-row-${row.key}`;
              const label = `Table ${i + 1}`;
              return (
                <li key={row.key} className="admin-table-row" data-testid="table-row">
                  <div className="field">
                    <label htmlFor={`${id}-number`} className="visually-hidden">{label} number</label>
                    <input id={`${id}-number`} value={row.number} onChange={(e) => editRow(i, { number: e.target.value })} {...errorProps(tableErrors, `tables.${i}.number`, `${id}-number`)} />
                    <FieldError errors={tableErrors} field={`tables.${i}.number`} id={`${id}-number`} />
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-name`} className="visually-hidden">{label} name (optional)</label>
                    <input id={`${id}-name`} value={row.name} onChange={(e) => editRow(i, { name: e.target.value })} {...errorProps(tableErrors, `tables.${i}.name`, `${id}-name`)} />
                    <FieldError errors={tableErrors} field={`tables.${i}.name`} id={`${id}-name`} />
                  </div>
                  <div className="row table-actions">
                    <button type="button" className="icon-button" aria-label={`Move ${label} up`} disabled={i === 0} onClick={() => moveRow(i, -1)}><ArrowUp aria-hidden="true" size={16} /></button>
                    <button type="button" className="icon-button" aria-label={`Move ${label} down`} disabled={i === rows.length - 1} onClick={() => moveRow(i, 1)}><ArrowDown aria-hidden="true" size={16} /></button>
                    <button type="button" className="icon-button" aria-label={`Remove ${label}`} onClick={() => removeRow(i)}><Trash2 aria-hidden="true" size={16} /></button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {tablesMessage && <p className="field-error" role="alert">{tablesMessage}</p>}
        <div className="row">
          <button type="button" className="btn" onClick={addRow}><Plus aria-hidden="true" size={16} /> Add table</button>
          <span className="spacer" />
          <button type="submit" className="btn btn-primary" disabled={saveTables.isPending}>{saveTables.isPending ? 'Saving...' : 'Save tables'}</button>
        </div>
      </form>

      {removing && (
        <ConfirmDialog
          title={removing.removed.length === 1 ? `Remove table ${removing.removed[0]}?` : `Remove ${removing.removed.length} tables?`}
          confirmLabel="Save and remove" onCancel={() => setRemoving(null)} onConfirm={() => void sendTables(removing.body)} busy={saveTables.isPending}
        >
          <p>
            {removing.removed.map((n) => `Table ${n}`).join(', ')} {removing.removed.length === 1 ? 'leaves' : 'leave'} the venue&apos;s tables.
            {' '}Their printed QR codes stop opening a tab: a guest who scans one is told it is not a table here.
          </p>
        </ConfirmDialog>
      )}
      {leaving.pending && (
        <ConfirmDialog title="Leave without saving?" confirmLabel="Leave without saving" onCancel={leaving.stay} onConfirm={leaving.leave}>
          <p>Your changes to the tables or tab settings are not saved. If you leave this page now, they are lost.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
