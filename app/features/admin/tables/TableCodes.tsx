import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useRenewTableCode, type VenueTables } from './api';

/**
 * Admin "Tables" › QR codes (docs/decisions/237): a table whose printed code was photographed or shared gets a new
 * one; the old prints stop opening or joining its tab, so the table's new code must be printed (the QR generator).
 */
export function TableCodes({ saved }: { saved: VenueTables }) {
  const renew = useRenewTableCode();
  const [asking, setAsking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (saved.tables.length === 0) return null;
  const confirm = async (number: string) => {
    setFailure(null);
    try {
      await renew.mutateAsync(number);
      toast.success(`Table ${number} has a new QR code: print it from the QR generator`);
      setAsking(null);
    } catch (err) {
      setFailure(errorMessage(err, 'Could not make a new code. Try again.'));
    }
  };
  return (
    <section className="card stack" aria-labelledby="table-codes-h">
      <h2 id="table-codes-h">QR codes</h2>
      <p className="muted">A guest opens or joins a table&apos;s tab only by scanning its code. If a code was shared outside the bar, give the table a new one.</p>
      <ul className="stack">
        {saved.tables.map((table) => (
          <li key={table.number} className="row">
            <span>Table {table.number}{table.name ? ` (${table.name})` : ''}</span>
            <span className="spacer" />
            <button type="button" className="btn btn-small" onClick={() => setAsking(table.number)}>
              <RefreshCw aria-hidden="true" size={14} /> New code for table {table.number}
            </button>
          </li>
        ))}
      </ul>
      {asking && (
        <ConfirmDialog title={`New QR code for table ${asking}?`} confirmLabel="Make a new code" busy={renew.isPending}
          onCancel={() => { setAsking(null); setFailure(null); }} onConfirm={() => void confirm(asking)}>
          <p>Table {asking}&apos;s printed QR codes stop working at once: guests who scan them are asked to scan the code on the table. Print the new code from the QR generator and put it on the table.</p>
          {failure && <p className="field-error" role="alert">{failure}</p>}
        </ConfirmDialog>
      )}
    </section>
  );
}
