import { useState, type FormEvent } from 'react';
import { INVENTORY_UNITS, type InventoryUnit } from '../../../../shared/back-office-constants';
import { INGREDIENT_PICKER_LIMIT, STAFF_DEFAULT_THRESHOLD_ML } from '../../../../shared/inventory';
import type { CanonicalIngredient, StaffInventoryItem } from '../../../../shared/schemas/inventory';
import { errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useCreateInventoryItem, useIngredientSearch, useUpdateInventoryItem } from '../api';

/**
 * The staff item form (docs/product.md §11.2): adding picks a canonical ingredient (at most 20 shown);
 * editing changes name, brand, on hand, threshold, availability. Amounts in ml (pcs when counted).
 */
export function ItemFormModal({ item, onClose }: { item: StaffInventoryItem | null; onClose: () => void }) {
  const editing = item !== null;
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<CanonicalIngredient | null>(null);
  const [name, setName] = useState(item?.ingredient_name ?? '');
  const [brand, setBrand] = useState(item?.ingredient_brand ?? '');
  const [onHand, setOnHand] = useState(item ? String(item.on_hand_ml) : '0');
  const [threshold, setThreshold] = useState(String(item?.low_stock_threshold_ml ?? STAFF_DEFAULT_THRESHOLD_ML));
  const [unit, setUnit] = useState<InventoryUnit | ''>((item?.unit as InventoryUnit | undefined) ?? '');
  const [available, setAvailable] = useState(item?.available ?? true);
  const [error, setError] = useState<string | null>(null);
  const ingredients = useIngredientSearch(search, !editing);
  const create = useCreateInventoryItem();
  const update = useUpdateInventoryItem();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!editing && !picked) return setError('Please select an ingredient');
    const onHandMl = Number(onHand || 0);
    if (!Number.isFinite(onHandMl) || onHandMl < 0) return setError('On hand quantity cannot be negative');
    const thresholdMl = Number(threshold || 0);
    if (!Number.isFinite(thresholdMl) || thresholdMl < 0) return setError('Threshold cannot be negative');
    setError(null);
    try {
      if (editing) {
        await update.mutateAsync({ id: item.id, body: {
          ingredient_name: name.trim() || item.ingredient_name, ingredient_brand: brand.trim() || null, available,
          // Amounts only when edited: the shown ml is rounded for reading and must not overwrite the exact stock.
          ...(onHand !== String(item.on_hand_ml) ? { on_hand_ml: onHandMl } : {}),
          ...(threshold !== String(item.low_stock_threshold_ml) ? { low_stock_threshold_ml: thresholdMl } : {}),
          ...(unit && unit !== item.unit ? { unit } : {}),
        } });
        toast.success('Inventory item updated successfully');
      } else {
        await create.mutateAsync({
          ingredient_id: picked!.id, ingredient_brand: brand.trim() || null, on_hand_ml: onHandMl, low_stock_threshold_ml: thresholdMl,
          available, ...(unit ? { unit } : {}),
        });
        toast.success('Inventory item added successfully');
      }
      onClose();
    } catch (err) {
      setError(errorMessage(err, editing ? 'Failed to update inventory item' : 'Failed to add inventory item'));
    }
  }

  const options = (ingredients.data ?? []).slice(0, INGREDIENT_PICKER_LIMIT);
  return (
    <Modal title={editing ? 'Edit Inventory Item' : 'Add Inventory Item'} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        {editing ? (
          <label className="field">
            <span className="field-label">Ingredient</span>
            <input type="text" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} data-autofocus />
          </label>
        ) : (
          <fieldset className="field ingredient-picker">
            <legend className="field-label">Ingredient</legend>
            <input type="search" aria-label="Search ingredients" placeholder="Search ingredients" value={search} onChange={(e) => setSearch(e.target.value)} data-autofocus />
            <ul className="picker-list" aria-label="Ingredients">
              {options.map((ingredient) => (
                <li key={ingredient.id}>
                  <button type="button" className="chip" aria-pressed={picked?.id === ingredient.id} onClick={() => { setPicked(ingredient); setUnit(''); }}>
                    {ingredient.name}
                  </button>
                </li>
              ))}
              {ingredients.isSuccess && options.length === 0 && <li className="muted">No ingredients match.</li>}
            </ul>
            {picked && <p className="muted">Selected: <strong>{picked.name}</strong> (sold by {picked.unit}{picked.unit_volume_ml ? `, ${picked.unit_volume_ml} ml` : ''})</p>}
          </fieldset>
        )}
        <label className="field">
          <span className="field-label">Brand</span>
          <input type="text" value={brand} onChange={(e) => setBrand(e.target.value)} maxLength={120} />
        </label>
        <div className="row">
          <label className="field">
            <span className="field-label">On hand (ml)</span>
            <input type="number" min={0} step={1} value={onHand} onChange={(e) => setOnHand(e.target.value)} />
          </label>
          <label className="field">
            <span className="field-label">Low-stock threshold (ml)</span>
            <input type="number" min={0} step={1} value={threshold} onChange={(e) => setThreshold(e.target.value)} />
          </label>
        </div>
        <label className="field">
          <span className="field-label">Unit</span>
          <select value={unit} onChange={(e) => setUnit(e.target.value as InventoryUnit | '')}>
            {!editing && <option value="">The ingredient&apos;s own unit</option>}
            {INVENTORY_UNITS.map((u) => <option key={u} value={u}>{u}</option>)}
          </select>
        </label>
        <label className="check"><input type="checkbox" checked={available} onChange={(e) => setAvailable(e.target.checked)} /> Available</label>
        <p className="muted">Pieces and packs are counted: their amounts are numbers of pieces (1 piece = 1 ml-equivalent).</p>
        {error && <p className="field-error" role="alert">{error}</p>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending || update.isPending}>{editing ? 'Save Changes' : 'Add Item'}</button>
        </div>
      </form>
    </Modal>
  );
}
