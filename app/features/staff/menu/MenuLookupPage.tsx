import { Search } from 'lucide-react';
import { useState } from 'react';
import { categoryLabel } from '../../../../shared/categories';
import { formatCents } from '../../../../shared/money';
import type { StaffMenuItem } from '../../../../shared/schemas/inventory';
import { useStaffMenu } from '../api';
import { BuildSheetModal } from '../shared/BuildSheetModal';

const CATEGORIES = ['all', 'cocktail', 'wine', 'beer', 'spirit', 'non-alcoholic'] as const;
type Category = (typeof CATEGORIES)[number];
/** The chips read as words, never as codes. */
const CHIP_LABELS: Record<Category, string> = { all: 'All', cocktail: 'Cocktails', wine: 'Wine', beer: 'Beer', spirit: 'Spirits', 'non-alcoholic': 'Non-Alcoholic' };

/** The lookup's chips over the venue's categories: cocktails include house and menu cocktails, mocktails are non-alcoholic. */
function inCategory(drink: StaffMenuItem, category: Category) {
  const c = drink.category;
  switch (category) {
    case 'all': return true;
    case 'cocktail': return ['cocktail', 'house_classic', 'menu_cocktail', 'other'].includes(c);
    case 'spirit': return c === 'spirit' || c === 'shot';
    case 'non-alcoholic': return c === 'non_alcoholic' || c === 'mocktail';
    default: return c === category;
  }
}

const recipeSteps = (drink: StaffMenuItem) => drink.recipe.map((r) => ({
  ingredient: r.ingredient.brand ? `${r.ingredient.name} (${r.ingredient.brand})` : r.ingredient.name, quantity: r.quantity, unit: r.unit, optional: r.is_optional,
}));

export default function MenuLookupPage() {
  const menu = useStaffMenu();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<Category>('all');
  const [recipeOf, setRecipeOf] = useState<StaffMenuItem | null>(null);
  const term = search.trim().toLowerCase();
  const shown = (menu.data ?? []).filter((d) => inCategory(d, category)
    && (!term || d.name.toLowerCase().includes(term) || (d.description ?? '').toLowerCase().includes(term)));

  return (
    <main className="page staff-page">
      <h1><Search aria-hidden="true" /> Menu Lookup</h1>
      <input type="search" className="search-field" aria-label="Search by name or description" placeholder="Search by name or description" value={search} onChange={(e) => setSearch(e.target.value)} />
      <div className="chips" role="group" aria-label="Category">
        {CATEGORIES.map((c) => <button key={c} type="button" className="chip" aria-pressed={category === c} onClick={() => setCategory(c)}>{CHIP_LABELS[c]}</button>)}
      </div>
      {menu.isError && <p className="field-error" role="alert">Failed to load menu drinks data</p>}
      {shown.length === 0 ? (
        <p className="empty-state">{menu.isPending ? 'Loading menu…' : 'No drinks found.'}</p>
      ) : (
        <ul className="drink-grid staff-menu-grid" aria-label="Menu drinks">
          {shown.map((drink) => (
            <li key={drink.id} className="card drink-card">
              {drink.image_url && <img src={drink.image_url} alt="" loading="lazy" />}
              <div className="drink-card-body">
                <div className="drink-title-row">
                  <h2 className="drink-name">{drink.name}</h2>
                  {drink.featured && <span className="badge badge-info">Featured</span>}
                </div>
                <p className="drink-meta"><span className="badge">{categoryLabel(drink.category)}</span> <span className="price">{formatCents(drink.price_cents)}</span></p>
                {!drink.available && (
                  <p><span className="badge badge-danger">{drink.enabled ? (drink.sold_out_reason ?? 'Sold out') : 'Unavailable'}</span></p>
                )}
                {drink.description && <p className="drink-description">{drink.description}</p>}
                <p className="muted">{drink.ingredients_summary}</p>
                <button type="button" className="btn btn-small" onClick={() => setRecipeOf(drink)} aria-label={`View Recipe of ${drink.name}`}>View Recipe</button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {recipeOf && (
        <BuildSheetModal
          title={`Recipe: ${recipeOf.name}`}
          drinks={[{ key: recipeOf.id, name: recipeOf.name, quantity: 1, notes: [recipeOf.method && `Method: ${recipeOf.method}`, recipeOf.glass && `Glass: ${recipeOf.glass}`].filter(Boolean).join(' · ') || null, steps: recipeSteps(recipeOf),
            allergens: recipeOf.allergens, containsAlcohol: recipeOf.contains_alcohol }]}
          onClose={() => setRecipeOf(null)}
        />
      )}
    </main>
  );
}
