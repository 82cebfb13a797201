import { FileUp } from 'lucide-react';
import { useState } from 'react';
import type { ImportResult } from '../../../../shared/schemas/imports';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useImportCsv, type ImportKind } from './api';

const TEMPLATES: Record<ImportKind, string> = {
  menu: 'name,price,category,description,enabled,featured,recipe\nGimlet,12.00,cocktail,Gin and lime,yes,no,"60 ml London dry gin; 20 ml Fresh lime juice; 15 ml Simple syrup"',
  inventory: 'name,quantity,unit,low_stock_threshold,category,brand,cost,ingredient\nGin,6,bottle,2,spirits,Beefeater,24.00,London dry gin',
};

const ACTION_LABEL = { create: 'Add', update: 'Change', unchanged: 'No change' } as const;

/**
 * One CSV import (docs/product.md §11.8): the file is checked first (a dry run: nothing is written), the owner reads
 * what will change and every bad row by number, then imports; bad rows left out only after saying so.
 */
export function ImportPanel({ kind, title }: { kind: ImportKind; title: string }) {
  const importCsv = useImportCsv(kind);
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function pick(file: File | undefined) {
    if (!file) return;
    setFileName(file.name);
    setCsv(await file.text());
    setChecked(null);
  }

  async function check() {
    try {
      setChecked(await importCsv.mutateAsync({ csv, dry_run: true }));
    } catch (err) {
      toast.error(errorMessage(err, 'The file could not be checked'));
    }
  }

  async function apply(skipInvalidRows: boolean) {
    setConfirming(false);
    try {
      const result = await importCsv.mutateAsync({ csv, dry_run: false, skip_invalid_rows: skipInvalidRows });
      toast.success(`Imported: ${result.summary.create} added, ${result.summary.update} changed`);
      setChecked(null);
      setCsv('');
      setFileName(null);
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === 'import_has_errors') void check();
      toast.error(errorMessage(err, 'Import failed'));
    }
  }

  const errors = checked?.errors ?? [];
  const changing = checked ? checked.summary.create + checked.summary.update : 0;
  const fileError = errors.some((e) => e.row === 1);
  const prefix = `import-${kind}`;
  return (
    <section className="card stack" aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`}>{title}</h2>
      <p className="muted">Columns: <code>{TEMPLATES[kind].split('\n')[0]}</code>. Existing {kind === 'menu' ? 'drinks' : 'items'} are matched by name; empty cells leave a value as it is.</p>
      <div className="row">
        <label className="btn">
          <FileUp size={16} aria-hidden="true" /> {fileName ? `Replace ${fileName}` : 'Choose CSV file'}
          <input type="file" accept=".csv,text/csv" className="visually-hidden" aria-label={`${title} file`} onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
        {fileName && <span className="muted">{fileName}</span>}
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-text`}>Or paste CSV</label>
        <textarea id={`${prefix}-text`} rows={5} value={csv} placeholder={TEMPLATES[kind]} onChange={(e) => { setCsv(e.target.value); setChecked(null); }} />
      </div>
      <div className="row">
        <button type="button" className="btn" disabled={!csv.trim() || importCsv.isPending} onClick={() => void check()}>
          {importCsv.isPending && !checked ? 'Checking...' : 'Check file'}
        </button>
        {checked && !fileError && errors.length === 0 && (
          <button type="button" className="btn btn-primary" disabled={importCsv.isPending || changing === 0} onClick={() => void apply(false)}>
            {importCsv.isPending ? 'Importing...' : changing === 0 ? 'Nothing to import' : `Import ${changing} row${changing === 1 ? '' : 's'}`}
          </button>
        )}
        {checked && !fileError && errors.length > 0 && changing > 0 && (
          <button type="button" className="btn btn-danger" disabled={importCsv.isPending} onClick={() => setConfirming(true)}>
            Import {changing} good row{changing === 1 ? '' : 's'} only
          </button>
        )}
      </div>
      {checked && (
        <div className="stack" data-testid={`${prefix}-check`}>
          <p role="status">
            {checked.summary.create} to add, {checked.summary.update} to change, {checked.summary.unchanged} unchanged
            {checked.summary.invalid ? `, ${checked.summary.invalid} row${checked.summary.invalid === 1 ? '' : 's'} with problems` : ''}. Nothing is saved until you import.
          </p>
          {errors.length > 0 && (
            <ul className="field-error stack" aria-label="Problems in the file">
              {errors.map((e, i) => <li key={i}>Row {e.row}, {e.column}: {e.message}</li>)}
            </ul>
          )}
          {checked.rows.some((r) => r.action !== 'unchanged') && (
            <div className="table-wrap">
              <table>
                <thead><tr><th scope="col">Row</th><th scope="col">Name</th><th scope="col">Action</th><th scope="col">Details</th></tr></thead>
                <tbody>
                  {checked.rows.filter((r) => r.action !== 'unchanged').map((r) => (
                    <tr key={r.row}>
                      <td>{r.row}</td>
                      <td>{r.name}</td>
                      <td>{ACTION_LABEL[r.action]}</td>
                      <td>
                        {r.changes.join(', ')}
                        {r.recipe.length > 0 && (
                          <ul className="import-recipe">
                            {r.recipe.map((l, i) => <li key={i}>{l.text}: {l.matched ? `matched to ${l.matched}` : 'not in the catalogue, kept as text'}</li>)}
                          </ul>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
      {confirming && checked && (
        <ConfirmDialog title="Import without the rows that have problems?" confirmLabel={`Import ${changing} rows`} onConfirm={() => void apply(true)} onCancel={() => setConfirming(false)}>
          <p>{changing} rows will be imported. {checked.summary.invalid} rows with problems (rows {[...new Set(errors.map((e) => e.row))].join(', ')}) will be left out and nothing of them saved.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
