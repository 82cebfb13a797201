import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { INVENTORY_UNITS, type InventoryUnit } from '../../../../shared/back-office-constants';
import { amountFromField, centsFromDollarsField } from '../../../../shared/admin-dashboard';
import { formatStockAmount } from '../../../../shared/inventory';
import { formatCents } from '../../../../shared/money';
import type { AdminInventoryItem, InventoryItemInput } from '../../../../shared/schemas/admin';
import { errorMessage } from '../../../lib/api-client';
import { errorProps, fieldErrorsOf, type FieldErrors } from '../../../lib/field-errors';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { rankBySimilarity } from '../../../../shared/ingredient-similarity';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import {
  useCreateCatalogueIngredient, useDeleteInventoryItem, useIngredientOptions, useInventory, useInventoryImpact, useSaveInventoryItem,
} from '../api';
import { LoadError, StatTiles, VIEW_MODES, ViewToggle, distinct, titleCase, useStoredState } from './parts';

type FormState = {
  name: string; description: string; quantity: string; unit: InventoryUnit; low_stock_threshold: string;
  category: string; brand: string; cost: string;
};

const emptyForm: FormState = { name: '', description: '', quantity: '0', unit: 'bottle', low_stock_threshold: '5', category: '', brand: '', cost: '0.00' };
const formOf = (item: AdminInventoryItem): FormState => ({
  name: item.name, description: item.description, quantity: String(item.quantity), unit: item.unit,
  low_stock_threshold: String(item.low_stock_threshold), category: item.category, brand: item.brand ?? '', cost: (item.cost_per_unit_cents / 100).toFixed(2),
});

/** The form's fields as the API's; an error per field that cannot be read. */
function readForm(form: FormState): { body: InventoryItemInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!form.name.trim()) errors.name = 'Name is required';
  const quantity = amountFromField(form.quantity, 'Quantity');
  const threshold = amountFromField(form.low_stock_threshold, 'Low stock threshold');
  const cost = centsFromDollarsField(form.cost);
  if (quantity.error) errors.quantity = quantity.error;
  if (threshold.error) errors.low_stock_threshold = threshold.error;
  if (cost.error) errors.cost_per_unit_cents = cost.error;
  return {
    errors,
    body: {
      name: form.name.trim(), description: form.description.trim(), quantity: quantity.value ?? 0, unit: form.unit,
      low_stock_threshold: threshold.value ?? 0, category: form.category.trim() || 'other', brand: form.brand.trim() || null,
      cost_per_unit_cents: cost.value ?? 0,
    },
  };
}

/**
 * The catalogue ingredient this stock pours (what recipes are tracked against): search the catalogue,
 * pick one, or add the name as a new catalogue ingredient. Unlinking says which drinks it affects.
 */
function IngredientPicker({ value, itemName, itemId, onChange }: { value: string | null; itemName: string; itemId: string | null; onChange: (id: string | null) => void }) {
  const options = useIngredientOptions();
  const create = useCreateCatalogueIngredient();
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const impact = useInventoryImpact(itemId && value === null ? itemId : null);
  const all = options.data ?? [];
  const chosen = all.find((o) => o.id === value) ?? null;
  const term = (search || itemName).trim();
  const ranked = term ? rankBySimilarity(term, all, 6) : [];
  const exact = all.some((o) => o.name.toLowerCase() === term.toLowerCase());

  async function addNew() {
    setError(null);
    try {
      const created = await create.mutateAsync({ name: term });
      onChange(created.id);
    } catch (err) {
      setError(fieldErrorsOf(err).name ?? errorMessage(err, 'Could not add the ingredient'));
    }
  }

  return (
    <fieldset className="stack admin-fieldset" data-testid="ingredient-picker">
      <legend>Tracks ingredient</legend>
      {chosen ? (
        <div className="row">
          <span>Linked to <strong>{chosen.name}</strong>: recipes using it are counted against this stock.</span>
          <button type="button" className="btn btn-small btn-ghost" onClick={() => onChange(null)}>Unlink</button>
        </div>
      ) : (
        <>
          <p className="muted">Not linked: no drink's stock is tracked against this item.</p>
          {impact.data && impact.data.drinks.length > 0 && <p className="field-error" role="alert">{impact.data.effect} ({impact.data.drinks.map((d) => d.name).join(', ')})</p>}
          <input type="search" aria-label="Search ingredients" placeholder={itemName ? `Search (e.g. ${itemName})` : 'Search ingredients'} value={search} onChange={(e) => setSearch(e.target.value)} />
          <div className="row chips">
            {ranked.map((o) => <button key={o.id} type="button" className="chip" onClick={() => onChange(o.id)}>{o.name}</button>)}
            {term && !exact && (
              <button type="button" className="chip" disabled={create.isPending} onClick={() => void addNew()}>+ Create “{term}”</button>
            )}
          </div>
          {error && <p className="field-error" role="alert">{error}</p>}
        </>
      )}
    </fieldset>
  );
}

function InventoryForm({ item, onClose }: { item: AdminInventoryItem | null; onClose: () => void }) {
  const initial = item ? formOf(item) : emptyForm;
  const [form, setForm] = useState<FormState>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [ingredientId, setIngredientId] = useState<string | null>(item?.ingredient_id ?? null);
  const save = useSaveInventoryItem();
  // A field's error goes as soon as the field is edited: a stale message never stays next to a fixed value.
  const set = (field: keyof FormState, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => { const { [field === 'cost' ? 'cost_per_unit_cents' : field]: _gone, ...rest } = e; return rest; });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { body, errors: local } = readForm(form);
    setErrors(local);
    if (Object.keys(local).length) return;
    // Editing sends only the fields that changed: an untouched quantity is never re-sent, so it can never drift.
    body.ingredient_id = ingredientId;
    const before = item ? { ...readForm(initial).body, ingredient_id: item.ingredient_id } : null;
    const changed = before
      ? Object.fromEntries(Object.entries(body).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k as keyof InventoryItemInput])))
      : body;
    if (item && Object.keys(changed).length === 0) { onClose(); return; }
    try {
      await save.mutateAsync({ id: item?.id, body: changed as InventoryItemInput });
      toast.success(item ? 'Inventory item updated successfully' : 'Inventory item added successfully');
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(`${item ? 'Failed to update inventory item' : 'Failed to add inventory item'}: ${errorMessage(err, 'unknown error')}`);
    }
  }

  const fieldError = (field: string, id: string) => errors[field] && <p id={`${id}-error`} className="field-error" role="alert">{errors[field]}</p>;
  const preview = amountFromField(form.quantity, 'Quantity');

  return (
    <Modal title={item ? 'Edit Inventory Item' : 'Add Inventory Item'} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="inv-name">Name *</label>
          <input id="inv-name" data-autofocus value={form.name} onChange={(e) => set('name', e.target.value)} {...errorProps(errors, 'name', 'inv-name')} />
          {fieldError('name', 'inv-name')}
        </div>
        <div className="field">
          <label htmlFor="inv-description">Description</label>
          <textarea id="inv-description" rows={2} value={form.description} onChange={(e) => set('description', e.target.value)} {...errorProps(errors, 'description', 'inv-description')} />
          {fieldError('description', 'inv-description')}
        </div>
        <div className="row admin-form-row">
          <div className="field">
            <label htmlFor="inv-quantity">Quantity</label>
            <input id="inv-quantity" type="number" min={0} step="any" inputMode="decimal" value={form.quantity} onChange={(e) => set('quantity', e.target.value)} {...errorProps(errors, 'quantity', 'inv-quantity')} />
            {fieldError('quantity', 'inv-quantity')}
            {preview.value !== undefined && <p className="muted" data-testid="inv-quantity-preview">{formatStockAmount(preview.value, { unit: form.unit, unitVolumeMl: item?.unit === form.unit ? item.unit_volume_ml : null })}</p>}
          </div>
          <div className="field">
            <label htmlFor="inv-unit">Unit</label>
            <select id="inv-unit" value={form.unit} onChange={(e) => set('unit', e.target.value)}>
              {INVENTORY_UNITS.map((u) => <option key={u} value={u}>{u}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor="inv-threshold">Low stock threshold</label>
            <input id="inv-threshold" type="number" min={0} step="any" inputMode="decimal" value={form.low_stock_threshold} onChange={(e) => set('low_stock_threshold', e.target.value)} {...errorProps(errors, 'low_stock_threshold', 'inv-threshold')} />
            {fieldError('low_stock_threshold', 'inv-threshold')}
          </div>
        </div>
        <div className="row admin-form-row">
          <div className="field">
            <label htmlFor="inv-category">Category</label>
            <input id="inv-category" value={form.category} onChange={(e) => set('category', e.target.value)} {...errorProps(errors, 'category', 'inv-category')} />
            {fieldError('category', 'inv-category')}
          </div>
          <div className="field">
            <label htmlFor="inv-brand">Brand</label>
            <input id="inv-brand" value={form.brand} onChange={(e) => set('brand', e.target.value)} {...errorProps(errors, 'brand', 'inv-brand')} />
            {fieldError('brand', 'inv-brand')}
          </div>
          <div className="field">
            <label htmlFor="inv-cost">Cost per unit ($)</label>
            <input id="inv-cost" type="number" min={0} step={0.01} inputMode="decimal" value={form.cost} onChange={(e) => set('cost', e.target.value)} {...errorProps(errors, 'cost_per_unit_cents', 'inv-cost')} />
            {fieldError('cost_per_unit_cents', 'inv-cost')}
          </div>
        </div>
        <IngredientPicker value={ingredientId} itemName={form.name} itemId={item?.id ?? null} onChange={setIngredientId} />
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>{item ? 'Save Changes' : 'Add Item'}</button>
        </div>
      </form>
    </Modal>
  );
}

export function InventoryTab() {
  const inventory = useInventory();
  const remove = useDeleteInventoryItem();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [view, setView] = useStoredState('barhop.admin.inventory_view', VIEW_MODES, 'card');
  const [editing, setEditing] = useState<AdminInventoryItem | 'new' | null>(null);

  useEffect(() => { if (inventory.isError) toast.error('Failed to load inventory'); }, [inventory.isError]);

  const items = useMemo(() => inventory.data ?? [], [inventory.data]);
  const categories = useMemo(() => distinct(items.map((i) => i.category)), [items]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return items.filter((i) => (category === 'all' || i.category === category)
      && (!q || [i.name, i.description, i.brand ?? ''].some((f) => f.toLowerCase().includes(q))));
  }, [items, search, category]);

  const [deleting, setDeleting] = useState<AdminInventoryItem | null>(null);
  const impact = useInventoryImpact(deleting?.id ?? null);
  function onDelete(item: AdminInventoryItem) { setDeleting(item); }
  async function confirmDeletion(item: AdminInventoryItem) {
    try {
      await remove.mutateAsync(item.id);
      toast.success('Inventory item deleted successfully');
      setDeleting(null);
    } catch (err) {
      toast.error(`Failed to delete inventory item: ${errorMessage(err, 'unknown error')}`);
    }
  }

  if (inventory.isError) {
    return <LoadError heading="Error Loading Inventory" message="Failed to load inventory data" onRetry={() => void inventory.refetch()} />;
  }

  return (
    <section className="stack" aria-labelledby="inventory-heading">
      <div className="row admin-section-head">
        <h2 id="inventory-heading">Inventory Management</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}><Plus size={16} aria-hidden="true" /> Add Item</button>
      </div>
      <StatTiles tiles={[
        { label: 'Total Items', value: items.length },
        { label: 'In Stock', value: items.filter((i) => i.quantity > 0).length },
        { label: 'Low Stock', value: items.filter((i) => i.is_low_stock).length },
        { label: 'Categories', value: categories.length },
      ]} />
      <div className="row admin-filters">
        <div className="search-field">
          <Search size={16} aria-hidden="true" />
          <input type="search" aria-label="Search inventory" placeholder="Search by name, description or brand" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <select aria-label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="all">All Categories</option>
          {categories.map((c) => <option key={c} value={c}>{titleCase(c)}</option>)}
        </select>
        <ViewToggle value={view} onChange={setView} />
      </div>
      {inventory.isPending ? <p className="muted">Loading inventory...</p> : shown.length === 0 ? (
        <div className="card empty-state">
          <p>No inventory items found</p>
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>Add First Item</button>
        </div>
      ) : view === 'card' ? (
        <ul className="admin-card-grid">
          {shown.map((item) => (
            <li key={item.id} className="card stack admin-item-card">
              <div className="row admin-card-head">
                <h3>{item.name}</h3>
                {item.quantity <= 0 ? <span className="badge badge-danger">Out of stock</span>
                  : item.is_low_stock ? <span className="badge badge-warning">Low Stock</span> : <span className="badge badge-success">In Stock</span>}
              </div>
              {item.brand && <p className="muted">{item.brand}</p>}
              {item.description && <p>{item.description}</p>}
              <p><strong data-testid="inventory-stock">{formatStockAmount(item.quantity, { unit: item.unit, unitVolumeMl: item.unit_volume_ml })}</strong> · threshold {formatStockAmount(item.low_stock_threshold, { unit: item.unit, unitVolumeMl: item.unit_volume_ml })} · {formatCents(item.cost_per_unit_cents)} / {item.unit}</p>
              <p className="muted">{titleCase(item.category)}</p>
              <div className="row">
                <button type="button" className="btn btn-small" onClick={() => setEditing(item)} aria-label={`Edit ${item.name}`}><Pencil size={14} aria-hidden="true" /> Edit</button>
                <button type="button" className="btn btn-small btn-danger" onClick={() => onDelete(item)} aria-label={`Delete ${item.name}`}><Trash2 size={14} aria-hidden="true" /> Delete</button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="table-wrap">
          <table>
            <thead><tr><th>Name</th><th>Brand</th><th>Category</th><th>Quantity</th><th>Threshold</th><th>Cost</th><th><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {shown.map((item) => (
                <tr key={item.id}>
                  <td>{item.name} {item.is_low_stock && <span className="badge badge-warning">Low Stock</span>}</td>
                  <td>{item.brand ?? ''}</td>
                  <td>{titleCase(item.category)}</td>
                  <td>{formatStockAmount(item.quantity, { unit: item.unit, unitVolumeMl: item.unit_volume_ml })}</td>
                  <td>{item.low_stock_threshold}</td>
                  <td>{formatCents(item.cost_per_unit_cents)}</td>
                  <td className="row">
                    <button type="button" className="btn btn-small" onClick={() => setEditing(item)} aria-label={`Edit ${item.name}`}><Pencil size={14} aria-hidden="true" /></button>
                    <button type="button" className="btn btn-small btn-danger" onClick={() => onDelete(item)} aria-label={`Delete ${item.name}`}><Trash2 size={14} aria-hidden="true" /></button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleting && (
        <ConfirmDialog title={`Are you sure you want to delete "${deleting.name}"?`} confirmLabel="Delete item" busy={remove.isPending || impact.isPending} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDeletion(deleting)}>
          <p>The item and its stock leave the inventory; its stock history is kept.</p>
          {impact.isPending ? <p className="muted">Checking which drinks use it…</p> : impact.data && impact.data.drinks.length > 0 ? (
            <>
              <p data-testid="delete-impact">{impact.data.effect}</p>
              <ul>{impact.data.drinks.map((d) => <li key={d.id}>{d.name}</li>)}</ul>
            </>
          ) : <p>No drink on the menu is tracked against it.</p>}
        </ConfirmDialog>
      )}
      {editing && <InventoryForm item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
