import { ArrowDownCircle, Ban, Package, Pencil, PlusCircle, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { StaffInventoryItem } from '../../../../shared/schemas/inventory';
import { errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useDeleteInventoryItem, useStaffInventory, useStaffInventoryImpact } from '../api';
import { formatDateTime, formatStock } from '../shared/format';
import { stockStatus, useEightySix } from './eighty-six';
import { ItemFormModal } from './ItemFormModal';
import { StockModal, type StockMode } from './StockModal';

const FILTERS = ['All Items', 'Available Only', 'Low Stock Only'] as const;
type Filter = (typeof FILTERS)[number];

export default function StaffInventoryPage() {
  const inventory = useStaffInventory();
  const remove = useDeleteInventoryItem();
  const eightySix = useEightySix();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('All Items');
  const [form, setForm] = useState<{ item: StaffInventoryItem | null } | null>(null);
  const [stock, setStock] = useState<{ item: StaffInventoryItem; mode: StockMode } | null>(null);

  // Spec: a failed staff list read gives an empty list.
  const items = inventory.data ?? [];
  const term = search.trim().toLowerCase();
  const shown = items.filter((item) =>
    (!term || item.ingredient_name.toLowerCase().includes(term) || (item.ingredient_brand ?? '').toLowerCase().includes(term))
    && (filter !== 'Available Only' || item.available)
    && (filter !== 'Low Stock Only' || item.is_low_stock));

  const [deleting, setDeleting] = useState<StaffInventoryItem | null>(null);
  const impact = useStaffInventoryImpact(deleting?.id ?? null);
  function onDelete(item: StaffInventoryItem) { setDeleting(item); }
  async function confirmDeletion(item: StaffInventoryItem) {
    setDeleting(null);
    try {
      await remove.mutateAsync(item.id);
      toast.success('Inventory item deleted successfully');
    } catch (err) {
      toast.error(`Failed to delete inventory item: ${errorMessage(err, 'unknown error')}`);
    }
  }

  return (
    <main className="page staff-page">
      {deleting && (
        <ConfirmDialog title="Are you sure you want to delete this inventory item?" confirmLabel="Delete item" busy={impact.isPending} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDeletion(deleting)}>
          <p>{deleting.ingredient_name} and its stock leave the inventory; its stock history is kept.</p>
          {impact.isPending ? <p className="muted">Checking which drinks use it…</p> : impact.data && impact.data.drinks.length > 0 ? (
            <>
              <p>{impact.data.effect}</p>
              <ul>{impact.data.drinks.map((d) => <li key={d.id}>{d.name}</li>)}</ul>
            </>
          ) : <p>No drink on the menu is tracked against it.</p>}
        </ConfirmDialog>
      )}
      <div className="section-head">
        <h1><Package aria-hidden="true" /> Inventory Management</h1>
        <button type="button" className="btn btn-primary" onClick={() => setForm({ item: null })}><PlusCircle aria-hidden="true" size={16} /> Add Item</button>
      </div>
      <div className="tiles">
        <div className="tile"><span className="tile-value" data-testid="total-items">{items.length}</span><span className="tile-label">Total Items</span></div>
        <div className="tile"><span className="tile-value" data-testid="low-stock-count">{items.filter((i) => i.is_low_stock).length}</span><span className="tile-label">Low Stock</span></div>
      </div>
      <div className="row staff-toolbar">
        <input type="search" className="search-field" aria-label="Search by ingredient or brand" placeholder="Search by ingredient or brand" value={search} onChange={(e) => setSearch(e.target.value)} />
        <div className="chips" role="group" aria-label="Filter inventory">
          {FILTERS.map((f) => <button key={f} type="button" className="chip" aria-pressed={filter === f} onClick={() => setFilter(f)}>{f}</button>)}
        </div>
      </div>
      {inventory.isError && (
        <p className="field-error" role="alert">Failed to load inventory data <button type="button" className="btn btn-small" onClick={() => void inventory.refetch()}>Try Again</button></p>
      )}
      {shown.length === 0 ? (
        <p className="empty-state">{inventory.isPending ? 'Loading inventory…' : 'No inventory items found matching your criteria.'}</p>
      ) : (
        <div className="table-wrap">
          <table className="staff-table">
            <thead>
              <tr><th scope="col">Ingredient</th><th scope="col">On Hand</th><th scope="col">Threshold</th><th scope="col">Unit</th><th scope="col">Status</th><th scope="col">Last Updated</th><th scope="col">Actions</th></tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <tr key={item.id} data-item-id={item.id}>
                  <th scope="row">
                    {item.ingredient_name}
                    {item.ingredient_brand && <div className="muted">{item.ingredient_brand}</div>}
                  </th>
                  <td>
                    {formatStock(item.on_hand_ml, item.measure)}{' '}
                    {item.is_low_stock && <span className="badge badge-warning">Low Stock</span>}
                  </td>
                  <td>{formatStock(item.low_stock_threshold_ml, item.measure)}</td>
                  <td>{item.unit}{item.measure === 'ml' && item.unit !== 'ml' && item.unit_volume_ml ? ` (${item.unit_volume_ml} ml)` : ''}</td>
                  <td><StockStatusBadge item={item} /></td>
                  <td>{item.last_movement_at ? formatDateTime(item.last_movement_at) : 'Never'}</td>
                  <td>
                    <div className="row table-actions">
                      <button type="button" className="icon-button" aria-label={`Edit ${item.ingredient_name}`} title="Edit" onClick={() => setForm({ item })}><Pencil aria-hidden="true" size={16} /></button>
                      <button type="button" className="icon-button" aria-label={`Receive stock of ${item.ingredient_name}`} title="Receive stock" onClick={() => setStock({ item, mode: 'receive' })}><PlusCircle aria-hidden="true" size={16} /></button>
                      <button type="button" className="icon-button" aria-label={`Adjust down ${item.ingredient_name}`} title="Adjust down" onClick={() => setStock({ item, mode: 'adjust_down' })}><ArrowDownCircle aria-hidden="true" size={16} /></button>
                      {item.available ? (
                        <button type="button" className="btn btn-small btn-ghost" aria-label={`86 ${item.ingredient_name}`} title="86: ran out, sell out the drinks that need it" disabled={eightySix.busy} onClick={() => void eightySix.out(item)}><Ban aria-hidden="true" size={14} /> 86</button>
                      ) : (
                        <button type="button" className="btn btn-small btn-ghost" aria-label={`Back in ${item.ingredient_name}`} title="Back in" disabled={eightySix.busy} onClick={() => void eightySix.backIn(item)}><RotateCcw aria-hidden="true" size={14} /> Back in</button>
                      )}
                      <button type="button" className="icon-button" aria-label={`Delete ${item.ingredient_name}`} title="Delete" onClick={() => onDelete(item)}><Trash2 aria-hidden="true" size={16} /></button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {form && <ItemFormModal item={form.item} onClose={() => setForm(null)} />}
      {stock && <StockModal item={stock.item} mode={stock.mode} onClose={() => setStock(null)} />}
    </main>
  );
}

function StockStatusBadge({ item }: { item: StaffInventoryItem }) {
  const status = stockStatus(item);
  return <span className={`badge badge-${status.tone}`}>{status.label}</span>;
}
