import { ImagePlus, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { DRINK_CATEGORIES } from '../../../../shared/constants';
import type { AdminMenuDrink } from '../../../../shared/schemas/admin';
import { errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useIngredientOptions, useSaveMenuDrink } from '../api';
import { ACCEPT_ATTRIBUTE, uploadPhoto } from '../image-upload';
import { titleCase } from './parts';

type Line = { key: string; ingredient_id: string; quantity: string; unit: string; is_optional: boolean };
const RECIPE_UNITS = ['ml', 'oz', 'cl', 'dash', 'drop', 'tsp', 'barspoon', 'piece', 'slice', 'wedge', 'leaf', 'sprig'];
let lineCounter = 0;
const newLine = (patch: Partial<Line> = {}): Line => ({ key: `l${lineCounter++}`, ingredient_id: '', quantity: '', unit: 'ml', is_optional: false, ...patch });

type Errors = { name?: string; price?: string; recipe?: string };

export function MenuDrinkForm({ drink, onClose }: { drink: AdminMenuDrink | null; onClose: () => void }) {
  const [name, setName] = useState(drink?.name ?? '');
  const [description, setDescription] = useState(drink?.description ?? '');
  const [price, setPrice] = useState(drink ? drink.price.toFixed(2) : '');
  const [category, setCategory] = useState(drink?.category ?? 'cocktail');
  const [imageUrl, setImageUrl] = useState<string | null>(drink?.image_url ?? null);
  const [isAvailable, setIsAvailable] = useState(drink?.is_available ?? true);
  const [lines, setLines] = useState<Line[]>(() => (drink?.recipe ?? []).map((l) => newLine({
    ingredient_id: l.ingredient_id ?? '', quantity: String(l.quantity), unit: l.unit, is_optional: l.is_optional,
  })));
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(false);
  const ingredients = useIngredientOptions();
  const save = useSaveMenuDrink();
  const ids = useId();

  const setLine = (key: string, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  async function onPhoto(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      setImageUrl(await uploadPhoto(file, 'drink'));
    } catch (err) {
      toast.error(`Photo upload failed: ${errorMessage(err, 'unknown error')}`);
    } finally {
      setUploading(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    const priceValue = Number(price);
    if (!name.trim()) next.name = 'Name is required';
    if (!(Number.isFinite(priceValue) && priceValue > 0)) next.price = 'Price must be greater than 0';
    const usedLines = lines.filter((l) => l.ingredient_id || l.quantity);
    if (usedLines.some((l) => !l.ingredient_id || !(Number(l.quantity) > 0))) next.recipe = 'Each recipe line needs an ingredient and a quantity greater than 0';
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await save.mutateAsync({
        id: drink?.id,
        body: {
          name: name.trim(), description: description.trim(), price_cents: Math.round(priceValue * 100), category,
          image_url: imageUrl, is_available: isAvailable, featured: drink?.featured ?? false,
          recipe: usedLines.map((l) => ({ ingredient_id: l.ingredient_id, quantity: Number(l.quantity), unit: l.unit, is_optional: l.is_optional })),
        },
      });
      toast.success(drink ? 'Menu drink updated successfully' : 'Menu drink added successfully');
      onClose();
    } catch {
      toast.error(drink ? 'Failed to update menu drink' : 'Failed to add menu drink');
    }
  }

  return (
    <Modal title={drink ? 'Edit Menu Drink' : 'Add Menu Drink'} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-name`}>Name *</label>
          <input id={`${ids}-name`} data-autofocus value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(errors.name)} aria-describedby={errors.name ? `${ids}-name-error` : undefined} />
          {errors.name && <p id={`${ids}-name-error`} className="field-error" role="alert">{errors.name}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-description`}>Description</label>
          <textarea id={`${ids}-description`} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className="row admin-form-row">
          <div className="field">
            <label htmlFor={`${ids}-price`}>Price ($) *</label>
            <input id={`${ids}-price`} type="number" min={0} step={0.01} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} aria-invalid={Boolean(errors.price)} aria-describedby={errors.price ? `${ids}-price-error` : undefined} />
            {errors.price && <p id={`${ids}-price-error`} className="field-error" role="alert">{errors.price}</p>}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-category`}>Category *</label>
            <select id={`${ids}-category`} value={category} onChange={(e) => setCategory(e.target.value)}>
              {[...new Set([...DRINK_CATEGORIES, category])].map((c) => <option key={c} value={c}>{titleCase(c)}</option>)}
            </select>
          </div>
          <label className="row admin-checkbox">
            <input type="checkbox" checked={isAvailable} onChange={(e) => setIsAvailable(e.target.checked)} /> Available
          </label>
        </div>

        <fieldset className="stack admin-fieldset">
          <legend>Photo</legend>
          <div className="row">
            {imageUrl ? <img src={imageUrl} alt="" className="admin-photo-preview" /> : <span className="muted">No photo yet</span>}
            <label className="btn btn-small">
              <ImagePlus size={16} aria-hidden="true" /> {uploading ? 'Uploading...' : imageUrl ? 'Replace photo' : 'Upload photo'}
              <input type="file" accept={ACCEPT_ATTRIBUTE} className="visually-hidden" aria-label="Drink photo" disabled={uploading} onChange={(e) => void onPhoto(e.target.files?.[0])} />
            </label>
            {imageUrl && <button type="button" className="btn btn-small btn-ghost" onClick={() => setImageUrl(null)}>Remove photo</button>}
          </div>
        </fieldset>

        <fieldset className="stack admin-fieldset">
          <legend>Recipe</legend>
          {lines.length === 0 && <p className="muted">No recipe lines. Add the ingredients so stock can tell when this drink sells out.</p>}
          {lines.map((line, i) => (
            <div key={line.key} className="row admin-recipe-line">
              <select aria-label={`Ingredient ${i + 1}`} value={line.ingredient_id} onChange={(e) => setLine(line.key, { ingredient_id: e.target.value })}>
                <option value="">Choose an ingredient</option>
                {(ingredients.data ?? []).map((ing) => <option key={ing.id} value={ing.id}>{ing.name}</option>)}
              </select>
              <input aria-label={`Quantity ${i + 1}`} type="number" min={0} step={0.25} inputMode="decimal" value={line.quantity} onChange={(e) => setLine(line.key, { quantity: e.target.value })} />
              <select aria-label={`Unit ${i + 1}`} value={line.unit} onChange={(e) => setLine(line.key, { unit: e.target.value })}>
                {[...new Set([...RECIPE_UNITS, line.unit])].map((u) => <option key={u} value={u}>{u}</option>)}
              </select>
              <label className="row admin-checkbox">
                <input type="checkbox" checked={line.is_optional} onChange={(e) => setLine(line.key, { is_optional: e.target.checked })} /> Optional
              </label>
              <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove line ${i + 1}`} onClick={() => setLines((ls) => ls.filter((l) => l.key !== line.key))}>
                <Trash2 size={14} aria-hidden="true" />
              </button>
            </div>
          ))}
          {errors.recipe && <p className="field-error" role="alert">{errors.recipe}</p>}
          <button type="button" className="btn btn-small" onClick={() => setLines((ls) => [...ls, newLine()])}><Plus size={14} aria-hidden="true" /> Add ingredient</button>
        </fieldset>

        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending || uploading}>{drink ? 'Save Changes' : 'Add Drink'}</button>
        </div>
      </form>
    </Modal>
  );
}
