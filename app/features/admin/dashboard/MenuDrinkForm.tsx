import { ImagePlus, Plus, Trash2 } from 'lucide-react';
import { categoryLabel } from '../../../../shared/categories';
import { useId, useState, type FormEvent } from 'react';
import { DRINK_CATEGORIES } from '../../../../shared/back-office-constants';
import { centsFromDollarsField } from '../../../../shared/admin-dashboard';
import { rankIngredientMatches } from '../../../../shared/ingredient-similarity';
import type { AdminMenuDrink, MenuDrinkInput, MenuDrinkPatch, RecipeLineInput } from '../../../../shared/schemas/admin';
import { errorMessage } from '../../../lib/api-client';
import { errorProps, fieldErrorsOf, type FieldErrors } from '../../../lib/field-errors';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useIngredientOptions, useSaveMenuDrink } from '../api';
import { ACCEPT_ATTRIBUTE, uploadPhoto } from '../image-upload';
import { groupRows, ModifierGroupsEditor, readGroups, type GroupRow } from './ModifierGroupsEditor';

/** A recipe line in the form: the owner's text, and the ingredient it is matched to ('' = kept as free text). */
type Line = { key: string; text: string; ingredient_id: string; quantity: string; unit: string; is_optional: boolean; no_allergens_confirmed: boolean };
const RECIPE_UNITS = ['ml', 'oz', 'cl', 'dash', 'drop', 'tsp', 'barspoon', 'piece', 'slice', 'wedge', 'leaf', 'sprig'];
const SUGGESTIONS = 3;
let lineCounter = 0;
const newLine = (patch: Partial<Line> = {}): Line => ({ key: `l${lineCounter++}`, text: '', ingredient_id: '', quantity: '', unit: 'ml', is_optional: false, no_allergens_confirmed: false, ...patch });

type Fields = Pick<MenuDrinkInput, 'name' | 'description' | 'category' | 'image_url' | 'enabled' | 'featured' | 'modifier_groups'> & { price_cents: number; recipe: RecipeLineInput[] };

/** The form as the API's fields, and an error per field that cannot be read (never rounded or guessed). */
function readForm(values: {
  name: string; description: string; price: string; category: string; imageUrl: string | null; enabled: boolean; featured: boolean; lines: Line[]; groups: GroupRow[];
}) {
  const groups = readGroups(values.groups);
  const errors: FieldErrors = { ...groups.errors };
  if (!values.name.trim()) errors.name = 'Name is required';
  const price = centsFromDollarsField(values.price, 'Price');
  if (price.error) errors.price_cents = price.error;
  else if (price.value === 0) errors.price_cents = 'Price must be greater than 0';
  const used = values.lines.filter((l) => l.text.trim() || l.ingredient_id || l.quantity.trim());
  used.forEach((l, i) => {
    if (!l.text.trim() && !l.ingredient_id) errors[`recipe.${i}.raw_name`] = 'Choose an ingredient or type its name';
    if (!(Number(l.quantity) > 0)) errors[`recipe.${i}.quantity`] = 'Quantity must be greater than 0';
  });
  const fields: Fields = {
    name: values.name.trim(), description: values.description.trim(), price_cents: price.value ?? 0, category: values.category,
    image_url: values.imageUrl, enabled: values.enabled, featured: values.featured, modifier_groups: groups.value,
    recipe: used.map((l) => ({
      ingredient_id: l.ingredient_id || null, raw_name: l.text.trim() || undefined, quantity: Number(l.quantity), unit: l.unit, is_optional: l.is_optional,
      no_allergens_confirmed: !l.ingredient_id && l.no_allergens_confirmed,
    })),
  };
  return { fields, errors, usedKeys: used.map((l) => l.key) };
}

export function MenuDrinkForm({ drink, onClose }: { drink: AdminMenuDrink | null; onClose: () => void }) {
  const [name, setName] = useState(drink?.name ?? '');
  const [description, setDescription] = useState(drink?.description ?? '');
  const [price, setPrice] = useState(drink ? (drink.price_cents / 100).toFixed(2) : '');
  const [category, setCategory] = useState(drink?.category ?? 'cocktail');
  const [imageUrl, setImageUrl] = useState<string | null>(drink?.image_url ?? null);
  const [enabled, setEnabled] = useState(drink?.enabled ?? true);
  const [featured, setFeatured] = useState(drink?.featured ?? false);
  const [initialGroups] = useState<GroupRow[]>(() => groupRows(drink?.modifier_groups ?? []));
  const [groups, setGroups] = useState<GroupRow[]>(initialGroups);
  const [initialLines] = useState<Line[]>(() => (drink?.recipe ?? []).map((l) => newLine({
    text: l.raw_name, ingredient_id: l.ingredient_id ?? '', quantity: String(l.quantity), unit: l.unit, is_optional: l.is_optional, no_allergens_confirmed: l.no_allergens_confirmed,
  })));
  const [lines, setLines] = useState<Line[]>(initialLines);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const ingredients = useIngredientOptions();
  const save = useSaveMenuDrink();
  const ids = useId();
  // Free-text lines no ingredient vouches for (docs/decisions/238) and the owner has not confirmed free of allergens
  // (docs/decisions/238): saving them is confirmed once per set of names.
  const unmatched = [...new Set(lines.filter((l) => l.text.trim() && !l.ingredient_id && !l.no_allergens_confirmed).map((l) => l.text.trim()))];
  const [confirmedUnmatched, setConfirmedUnmatched] = useState<string | null>(null);
  const unmatchedKey = unmatched.join('\n');

  const clearError = (...keys: string[]) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));
  const lineIndex = (key: string) => lines.filter((l) => l.text.trim() || l.ingredient_id || l.quantity.trim()).findIndex((l) => l.key === key);
  const setLine = (key: string, patch: Partial<Line>) => {
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
    const i = lineIndex(key);
    clearError(...Object.keys(patch).map((f) => `recipe.${i}.${f === 'text' || f === 'ingredient_id' ? 'raw_name' : f}`));
  };
  const catalogue = ingredients.data ?? [];
  // What the owner typed, without the lines' row keys: Escape, the backdrop or Cancel ask before it is lost.
  const typed = JSON.stringify({ name, description, price, category, imageUrl, enabled, lines: lines.map(({ key: _key, ...line }) => line) });
  const [opened] = useState(typed);
  const leaving = useUnsavedChanges(typed !== opened && !save.isSuccess);
  const close = leaving.guardClose(onClose);

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
    const read = readForm({ name, description, price, category, imageUrl, enabled, featured, lines, groups });
    setErrors(read.errors);
    if (Object.keys(read.errors).length) return;
    let request: { id: string; body: MenuDrinkPatch } | { body: MenuDrinkInput } = { body: read.fields };
    if (drink) {
      // Only what changed is sent: saving an unchanged drink changes nothing.
      const before = readForm({
        name: drink.name, description: drink.description, price: (drink.price_cents / 100).toFixed(2), category: drink.category,
        imageUrl: drink.image_url, enabled: drink.enabled, featured: drink.featured, lines: initialLines, groups: initialGroups,
      }).fields;
      const changed: MenuDrinkPatch = Object.fromEntries(Object.entries(read.fields).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k as keyof Fields])));
      if (Object.keys(changed).length === 0) { toast.success('No changes to save'); onClose(); return; }
      request = { id: drink.id, body: changed };
    }
    if ('recipe' in request.body && unmatched.length > 0 && confirmedUnmatched !== unmatchedKey) {
      setConfirmedUnmatched(unmatchedKey);
      return;
    }
    try {
      await save.mutateAsync(request);
      toast.success(drink ? 'Menu drink updated successfully' : 'Menu drink added successfully');
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(`${drink ? 'Failed to update menu drink' : 'Failed to add menu drink'}: ${errorMessage(err, 'unknown error')}`);
    }
  }

  const fieldError = (field: string, id: string) => errors[field] && <p id={`${id}-error`} className="field-error" role="alert">{errors[field]}</p>;

  return (
    <Modal title={drink ? 'Edit Menu Drink' : 'Add Menu Drink'} onClose={close}>
      {leaving.pending && (
        <ConfirmDialog title="Discard this drink?" confirmLabel="Discard changes" onCancel={leaving.stay} onConfirm={leaving.leave}>
          <p>{drink ? `Your changes to ${drink.name} are not saved.` : 'The drink you started is not saved.'} If you close the form now, what you typed is lost.</p>
        </ConfirmDialog>
      )}
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-name`}>Name *</label>
          <input id={`${ids}-name`} data-autofocus value={name} onChange={(e) => { setName(e.target.value); clearError('name'); }} {...errorProps(errors, 'name', `${ids}-name`)} />
          {fieldError('name', `${ids}-name`)}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-description`}>Description</label>
          <textarea id={`${ids}-description`} rows={2} value={description} onChange={(e) => { setDescription(e.target.value); clearError('description'); }} {...errorProps(errors, 'description', `${ids}-description`)} />
          {fieldError('description', `${ids}-description`)}
        </div>
        <div className="row admin-form-row">
          <div className="field">
            <label htmlFor={`${ids}-price`}>Price ($) *</label>
            <input id={`${ids}-price`} type="number" min={0} step={0.01} inputMode="decimal" value={price} onChange={(e) => { setPrice(e.target.value); clearError('price_cents'); }} {...errorProps(errors, 'price_cents', `${ids}-price`)} />
            {fieldError('price_cents', `${ids}-price`)}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-category`}>Category *</label>
            <select id={`${ids}-category`} value={category} onChange={(e) => setCategory(e.target.value)}>
              {[...new Set([...DRINK_CATEGORIES, category])].map((c) => <option key={c} value={c}>{categoryLabel(c)}</option>)}
            </select>
          </div>
          <label className="row admin-checkbox">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Available
          </label>
          <label className="row admin-checkbox">
            <input type="checkbox" checked={featured} onChange={(e) => setFeatured(e.target.checked)} /> Featured (first on the menu)
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
          {lines.map((line, i) => {
            const at = lineIndex(line.key);
            const lineErrors = Object.entries(errors).filter(([k]) => at >= 0 && k.startsWith(`recipe.${at}.`)).map(([, m]) => m);
            const suggestions = !line.ingredient_id && line.text.trim() ? rankIngredientMatches(line.text, catalogue, SUGGESTIONS) : [];
            return (
              <div key={line.key} className="stack admin-recipe-entry" data-testid="recipe-line">
                <div className="row admin-recipe-line">
                  <input
                    aria-label={`Ingredient text ${i + 1}`} value={line.text} placeholder="As written on the menu"
                    onChange={(e) => setLine(line.key, { text: e.target.value })} aria-invalid={lineErrors.length > 0}
                  />
                  <select
                    aria-label={`Ingredient ${i + 1}`} value={line.ingredient_id}
                    onChange={(e) => setLine(line.key, { ingredient_id: e.target.value, ...(!line.text.trim() ? { text: catalogue.find((c) => c.id === e.target.value)?.name ?? '' } : {}) })}
                  >
                    <option value="">{line.text.trim() ? 'Free text (not matched)' : 'Choose an ingredient'}</option>
                    {catalogue.map((ing) => <option key={ing.id} value={ing.id}>{ing.name}</option>)}
                  </select>
                  <input aria-label={`Quantity ${i + 1}`} type="number" min={0} step="any" inputMode="decimal" value={line.quantity} onChange={(e) => setLine(line.key, { quantity: e.target.value })} />
                  <select aria-label={`Unit ${i + 1}`} value={line.unit} onChange={(e) => setLine(line.key, { unit: e.target.value })}>
                    {[...new Set([...RECIPE_UNITS, line.unit])].map((u) => <option key={u} value={u}>{u}</option>)}
                  </select>
                  <label className="row admin-checkbox">
                    <input type="checkbox" checked={line.is_optional} onChange={(e) => setLine(line.key, { is_optional: e.target.checked })} /> Optional
                  </label>
                  {line.text.trim() && !line.ingredient_id && (
                    <label className="row admin-checkbox" title="You checked it: guests are not warned about this line">
                      <input type="checkbox" aria-label={`${line.text.trim()} has no allergens (I checked)`} checked={line.no_allergens_confirmed} onChange={(e) => setLine(line.key, { no_allergens_confirmed: e.target.checked })} /> No allergens (I checked)
                    </label>
                  )}
                  <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove line ${i + 1}`} onClick={() => setLines((ls) => ls.filter((l) => l.key !== line.key))}>
                    <Trash2 size={14} aria-hidden="true" />
                  </button>
                </div>
                {suggestions.length > 0 && (
                  <div className="row muted admin-recipe-suggestions">
                    <span>Not matched to an ingredient; stock is not tracked for it. Match to:</span>
                    {suggestions.map((sug) => (
                      <button key={sug.id} type="button" className="chip" onClick={() => setLine(line.key, { ingredient_id: sug.id })}>{sug.name}</button>
                    ))}
                  </div>
                )}
                {lineErrors.map((m) => <p key={m} className="field-error" role="alert">{m}</p>)}
              </div>
            );
          })}
          <button type="button" className="btn btn-small" onClick={() => setLines((ls) => [...ls, newLine()])}><Plus size={14} aria-hidden="true" /> Add ingredient</button>
        </fieldset>

        {unmatched.length > 0 && (
          <div className="unmatched-warning" role={confirmedUnmatched === unmatchedKey ? 'alert' : 'note'}>
            <p><strong>Not matched to an ingredient: {unmatched.join(', ')}.</strong></p>
            <p>Nobody can check {unmatched.length === 1 ? 'its' : 'their'} allergens, so guests will read &quot;May contain allergens we could not check: {unmatched.join(', ')}&quot; until {unmatched.length === 1 ? 'it is' : 'they are'} matched, or you confirm {unmatched.length === 1 ? 'it has' : 'they have'} no allergens.</p>
          </div>
        )}
        <ModifierGroupsEditor groups={groups} onChange={(next) => { setGroups(next); clearError(...Object.keys(errors).filter((k) => k.startsWith('modifier_groups'))); }} catalogue={catalogue} errors={errors} />

        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={close}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending || uploading}>
            {confirmedUnmatched === unmatchedKey && unmatched.length > 0 ? 'Save anyway' : drink ? 'Save Changes' : 'Add Drink'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
