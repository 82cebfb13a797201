import { AlertTriangle, PlusCircle } from 'lucide-react';
import { useState } from 'react';
import type { StaffInventoryItem } from '../../../../shared/schemas/inventory';
import { useStaffInventory } from '../api';
import { formatStock } from '../shared/format';
import { StockModal } from './StockModal';

/** How far below its threshold an item is, as a share, so 0 ml of anything comes first. */
const shortfall = (item: StaffInventoryItem) =>
  item.low_stock_threshold_ml > 0 ? (item.low_stock_threshold_ml - item.on_hand_ml) / item.low_stock_threshold_ml : item.on_hand_ml <= 0 ? 1 : 0;

/** Items at or below their threshold, the most urgent first, each with a quick receive. */
export default function LowStockPage() {
  const inventory = useStaffInventory();
  const [receiving, setReceiving] = useState<StaffInventoryItem | null>(null);
  const low = (inventory.data ?? []).filter((i) => i.is_low_stock)
    .sort((a, b) => shortfall(b) - shortfall(a) || a.ingredient_name.localeCompare(b.ingredient_name));

  return (
    <main className="page staff-page">
      <h1><AlertTriangle aria-hidden="true" /> Low Stock</h1>
      <p className="lead">{low.length} {low.length === 1 ? 'item is' : 'items are'} at or below the low-stock threshold.</p>
      {inventory.isError && <p className="field-error" role="alert">Failed to load inventory data <button type="button" className="btn btn-small" onClick={() => void inventory.refetch()}>Try Again</button></p>}
      {low.length === 0 ? (
        <p className="empty-state">{inventory.isPending ? 'Loading inventory…' : 'Nothing is running low.'}</p>
      ) : (
        <div className="table-wrap">
          <table className="staff-table">
            <thead><tr><th scope="col">Ingredient</th><th scope="col">On Hand</th><th scope="col">Threshold</th><th scope="col">Short by</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
            <tbody>
              {low.map((item) => (
                <tr key={item.id} data-item-id={item.id}>
                  <th scope="row">{item.ingredient_name}{item.ingredient_brand && <div className="muted">{item.ingredient_brand}</div>}</th>
                  <td>{formatStock(item.on_hand_ml, item.measure)} {item.on_hand_ml <= 0 && <span className="badge badge-danger">Out</span>}</td>
                  <td>{formatStock(item.low_stock_threshold_ml, item.measure)}</td>
                  <td>{formatStock(Math.max(0, item.low_stock_threshold_ml - item.on_hand_ml), item.measure)}</td>
                  <td><span className={`badge ${item.available ? 'badge-success' : 'badge-danger'}`}>{item.available ? 'Available' : 'Unavailable'}</span></td>
                  <td><button type="button" className="btn btn-primary btn-small" aria-label={`Receive stock of ${item.ingredient_name}`} onClick={() => setReceiving(item)}><PlusCircle aria-hidden="true" size={14} /> Receive</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {receiving && <StockModal item={receiving} mode="receive" onClose={() => setReceiving(null)} />}
    </main>
  );
}
