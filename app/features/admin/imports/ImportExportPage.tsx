import { Download } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { downloadCsv } from '../reports/download-csv';
import { BulkEditPanel } from './BulkEditPanel';
import { ImportPanel } from './ImportPanel';

const EXPORTS = [
  { path: '/admin/exports/menu.csv', label: 'Menu' },
  { path: '/admin/exports/inventory.csv', label: 'Inventory' },
  { path: '/admin/exports/orders.csv', label: 'Orders, last 7 business days' },
] as const;

/** Import, export and bulk edit (docs/product.md §11.8). */
export default function ImportExportPage() {
  async function download(path: string) {
    try { await downloadCsv(path); } catch (err) { toast.error(errorMessage(err, 'Download failed')); }
  }
  return (
    <main className="page stack">
      <h1>Import &amp; Export</h1>
      <ImportPanel kind="menu" title="Import menu" />
      <ImportPanel kind="inventory" title="Import inventory" />
      <section className="card stack" aria-labelledby="export-heading">
        <h2 id="export-heading">Export CSV</h2>
        <div className="row">
          {EXPORTS.map((e) => (
            <button key={e.path} type="button" className="btn" onClick={() => void download(e.path)}><Download size={16} aria-hidden="true" /> {e.label}</button>
          ))}
        </div>
      </section>
      <BulkEditPanel />
    </main>
  );
}
