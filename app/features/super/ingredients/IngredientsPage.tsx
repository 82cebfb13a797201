import { Pencil, Search } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { INVENTORY_UNITS } from '../../../../shared/back-office-constants';
import { BASE_SPIRITS, INGREDIENT_CATEGORIES, IngredientUpdateBody, type CanonicalIngredient } from '../../../../shared/schemas/super';
import { errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useCanonicalIngredients, useUpdateIngredient } from '../api';
import { LoadError, PageHeader } from '../common/SuperUi';

const splitList = (text: string, separator: RegExp) => text.split(separator).map((s) => s.trim()).filter(Boolean);

function IngredientEditor({ ingredient, onClose }: { ingredient: CanonicalIngredient; onClose: () => void }) {
  const update = useUpdateIngredient();
  const [name, setName] = useState(ingredient.name);
  const [category, setCategory] = useState(ingredient.category);
  const [baseSpirit, setBaseSpirit] = useState(ingredient.base_spirit ?? '');
  const [flavors, setFlavors] = useState(ingredient.flavors.join(', '));
  const [allergens, setAllergens] = useState(ingredient.allergens.join(', '));
  const [unit, setUnit] = useState(ingredient.unit);
  const [unitVolume, setUnitVolume] = useState(ingredient.unit_volume_ml === null ? '' : String(ingredient.unit_volume_ml));
  const [aliases, setAliases] = useState(ingredient.aliases.join('\n'));
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      name, category, base_spirit: baseSpirit || null, flavors: splitList(flavors, /,/), allergens: splitList(allergens, /,/),
      unit, unit_volume_ml: unitVolume.trim() === '' ? null : Number(unitVolume), aliases: splitList(aliases, /\n/),
    };
    const checked = IngredientUpdateBody.safeParse(body);
    if (!checked.success) { setError(`${checked.error.issues[0]!.path.join('.') || 'form'}: ${checked.error.issues[0]!.message}`); return; }
    try {
      const { ingredient: saved } = await update.mutateAsync({ id: ingredient.id, body });
      toast.success(`${saved.name} updated`);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Failed to update ingredient'));
    }
  }

  return (
    <Modal title={`Edit ${ingredient.name}`} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <div className="super-form-grid">
          <div className="field"><label htmlFor="ing-name">Name</label><input id="ing-name" value={name} onChange={(e) => setName(e.target.value)} data-autofocus /></div>
          <div className="field">
            <label htmlFor="ing-category">Category</label>
            <select id="ing-category" value={category} onChange={(e) => setCategory(e.target.value)}>
              {[...new Set([...INGREDIENT_CATEGORIES, category])].map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor="ing-base">Base spirit</label>
            <select id="ing-base" value={baseSpirit} onChange={(e) => setBaseSpirit(e.target.value)}>
              <option value="">None</option>
              {BASE_SPIRITS.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor="ing-unit">Unit</label>
            <select id="ing-unit" value={unit} onChange={(e) => setUnit(e.target.value)}>
              {INVENTORY_UNITS.map((u) => <option key={u} value={u}>{u}</option>)}
            </select>
          </div>
          <div className="field"><label htmlFor="ing-volume">Unit volume (ml)</label><input id="ing-volume" type="number" min={1} step={1} value={unitVolume} onChange={(e) => setUnitVolume(e.target.value)} /></div>
          <div className="field"><label htmlFor="ing-flavors">Flavours (comma separated)</label><input id="ing-flavors" value={flavors} onChange={(e) => setFlavors(e.target.value)} /></div>
          <div className="field"><label htmlFor="ing-allergens">Allergens (comma separated)</label><input id="ing-allergens" value={allergens} onChange={(e) => setAllergens(e.target.value)} /></div>
        </div>
        <div className="field">
          <label htmlFor="ing-aliases">Aliases (one per line)</label>
          <textarea id="ing-aliases" rows={4} value={aliases} onChange={(e) => setAliases(e.target.value)} aria-describedby="ing-aliases-hint" />
          <p className="muted super-hint" id="ing-aliases-hint">Recipe text equal to an alias (ignoring case and punctuation) matches this ingredient.</p>
        </div>
        {error && <p className="field-error" role="alert">{error}</p>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>{update.isPending ? 'Saving...' : 'Save'}</button>
        </div>
      </form>
    </Modal>
  );
}

/** Spec: the canonical ingredient catalogue (/super/ingredients). */
export default function IngredientsPage() {
  const ingredients = useCanonicalIngredients();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<CanonicalIngredient | null>(null);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (ingredients.data ?? []).filter((i) => !q || i.name.toLowerCase().includes(q) || i.category.includes(q) || i.aliases.some((a) => a.toLowerCase().includes(q)));
  }, [ingredients.data, query]);

  return (
    <main className="page super-page">
      <PageHeader title="Ingredients" subtitle="The canonical ingredients every venue's recipes point at" />
      <div className="search-field">
        <Search aria-hidden="true" size={18} />
        <label className="visually-hidden" htmlFor="ingredient-search">Search ingredients</label>
        <input id="ingredient-search" type="search" placeholder="Search by name, category or alias" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {ingredients.isPending ? <p className="muted" role="status">Loading ingredients...</p>
        : ingredients.isError ? <LoadError message="Failed to load ingredients" detail={errorMessage(ingredients.error, '')} onRetry={() => void ingredients.refetch()} />
        : shown.length === 0 ? <p className="empty-state">{ingredients.data.length === 0 ? 'No ingredients yet' : 'No ingredients match your search'}</p>
        : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr><th scope="col">Name</th><th scope="col">Category</th><th scope="col">Base spirit</th><th scope="col">Flavours</th><th scope="col">Allergens</th><th scope="col">Unit</th><th scope="col">Aliases</th><th scope="col">Recipes</th><th scope="col">Actions</th></tr>
              </thead>
              <tbody>
                {shown.map((i) => (
                  <tr key={i.id}>
                    <td><strong>{i.name}</strong></td>
                    <td>{i.category}</td>
                    <td>{i.base_spirit ?? '—'}</td>
                    <td>{i.flavors.join(', ') || '—'}</td>
                    <td>{i.allergens.join(', ') || '—'}</td>
                    <td>{i.unit}{i.unit_volume_ml ? ` · ${i.unit_volume_ml} ml` : ''}</td>
                    <td>{i.aliases.length ? i.aliases.join(', ') : <span className="muted">—</span>}</td>
                    <td>{i.recipe_lines}</td>
                    <td><button type="button" className="btn btn-small" onClick={() => setEditing(i)} aria-label={`Edit ${i.name}`}><Pencil aria-hidden="true" size={16} /> Edit</button></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      {editing && <IngredientEditor ingredient={editing} onClose={() => setEditing(null)} />}
    </main>
  );
}
