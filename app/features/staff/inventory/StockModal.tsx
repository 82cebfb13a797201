import { useState, type FormEvent } from 'react';
import { DEFAULT_MOVEMENT_REASON } from '../../../../shared/schemas/inventory';
import type { StaffInventoryItem } from '../../../../shared/schemas/inventory';
import { errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useStockMovement } from '../api';
import { formatStock } from '../shared/format';
import { countUnit, unitsWithMl } from './stock-units';

export type StockMode = 'receive' | 'adjust_down';

/** The stock receive/adjust modal (docs/product.md §11.2). */
export function StockModal({ item, mode, onClose }: { item: StaffInventoryItem; mode: StockMode; onClose: () => void }) {
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<string>(DEFAULT_MOVEMENT_REASON[mode]);
  const [error, setError] = useState<string | null>(null);
  const movement = useStockMovement();
  // Counted in the item's own unit where it has one (bottles of 700 ml), with the ml beside it (docs/decisions/233).
  const unit = countUnit(item);
  const unitLabel = unit ? unit.many : item.measure === 'ml' ? 'ml' : 'pcs';
  const title = mode === 'receive' ? `Receive Stock: ${item.ingredient_name}` : `Adjust Down: ${item.ingredient_name}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const amount = Number(quantity);
    if (!quantity.trim() || !Number.isFinite(amount) || amount <= 0) return setError('Quantity must be greater than 0');
    if (!reason.trim()) return setError('Please provide a reason');
    setError(null);
    try {
      // The amount as entered: never rounded here (the server refuses what it cannot take, with its reason).
      const how = unit ? { quantity: amount } : { quantity_ml: amount };
      await movement.mutateAsync({ id: item.id, body: { type: mode, ...how, reason: reason.trim() } });
      toast.success('Inventory item updated successfully');
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Failed to update inventory item'));
    }
  }

  return (
    <Modal title={title} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">On hand: {unit ? unitsWithMl(item.quantity, unit) : formatStock(item.on_hand_ml, item.measure)}{mode === 'adjust_down' && ' (adjusting down stops at 0)'}</p>
        <label className="field">
          <span className="field-label">Quantity ({unitLabel})</span>
          <input type="number" min={0.01} step="any" inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} data-autofocus required aria-describedby={unit ? 'stock-ml' : undefined} />
        </label>
        {unit && (
          <p id="stock-ml" className="muted" aria-live="polite">
            {Number(quantity) > 0 ? `= ${unitsWithMl(Number(quantity), unit)}` : `1 ${unit.one} = ${unit.ml} ml`}
          </p>
        )}
        <label className="field">
          <span className="field-label">Reason</span>
          <input type="text" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} required />
        </label>
        {error && <p className="field-error" role="alert">{error}</p>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={movement.isPending}>{mode === 'receive' ? 'Receive Stock' : 'Adjust Down'}</button>
        </div>
      </form>
    </Modal>
  );
}
