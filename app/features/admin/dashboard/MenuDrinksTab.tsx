import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { categoryLabel } from '../../../../shared/categories';
import { useEffect, useMemo, useState } from 'react';
import { formatCents } from '../../../../shared/money';
import type { AdminMenuDrink } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useDeleteMenuDrink, useMenuDrinks, useSetDrinkAvailability } from '../api';
import { MenuDrinkForm } from './MenuDrinkForm';
import { CategoryOrderPanel } from './CategoryOrderPanel';
import { LoadError, StatTiles, VIEW_MODES, ViewToggle, distinct, useStoredState } from './parts';

type StatusFilter = 'all' | 'available' | 'unavailable';

function AvailabilityButton({ drink }: { drink: AdminMenuDrink }) {
  const toggle = useSetDrinkAvailability();
  async function onClick() {
    try {
      await toggle.mutateAsync({ id: drink.id, enabled: !drink.enabled });
      toast.success(drink.enabled ? 'Drink disabled successfully' : 'Drink enabled successfully');
    } catch {
      toast.error('Failed to update availability');
    }
  }
  return (
    <button
      type="button" className={`btn btn-small ${drink.enabled ? 'admin-status-on' : 'admin-status-off'}`} disabled={toggle.isPending}
      onClick={() => void onClick()} aria-label={`${drink.name}: ${drink.enabled ? 'Available' : 'Unavailable'}. Toggle availability`}
    >
      {drink.enabled ? 'Available' : 'Unavailable'}
    </button>
  );
}

function SoldOut({ drink }: { drink: AdminMenuDrink }) {
  return drink.sold_out_reason ? <span className="badge badge-warning" title="Hidden from guests until restocked">{drink.sold_out_reason}</span> : null;
}

export function MenuDrinksTab() {
  const drinks = useMenuDrinks('name');
  const remove = useDeleteMenuDrink();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [view, setView] = useStoredState('barhop.admin.menu_view', VIEW_MODES, 'card');
  const [editing, setEditing] = useState<AdminMenuDrink | 'new' | null>(null);

  useEffect(() => { if (drinks.isError) toast.error('Failed to load menu drinks'); }, [drinks.isError]);

  const all = useMemo(() => drinks.data ?? [], [drinks.data]);
  const categories = useMemo(() => distinct(all.map((d) => d.category)), [all]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all.filter((d) => (category === 'all' || d.category === category)
      && (status === 'all' || (status === 'available') === d.enabled)
      && (!q || [d.name, d.description, d.category].some((f) => f.toLowerCase().includes(q))));
  }, [all, search, category, status]);

  const [deleting, setDeleting] = useState<AdminMenuDrink | null>(null);
  function onDelete(drink: AdminMenuDrink) { setDeleting(drink); }
  async function confirmDeletion(drink: AdminMenuDrink) {
    try {
      await remove.mutateAsync(drink.id);
      toast.success('Menu drink deleted successfully');
      setDeleting(null);
    } catch {
      toast.error('Failed to delete menu drink');
    }
  }

  if (drinks.isError) {
    return <LoadError heading="Error Loading Menu Drinks" message="Failed to load menu drinks data" onRetry={() => void drinks.refetch()} />;
  }

  return (
    <section className="stack" aria-labelledby="menu-heading">
      <div className="row admin-section-head">
        <h2 id="menu-heading">Menu Drinks Management</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}><Plus size={16} aria-hidden="true" /> Add Drink</button>
      </div>
      <StatTiles tiles={[
        { label: 'Total Drinks', value: all.length },
        { label: 'Available', value: all.filter((d) => d.enabled).length },
        { label: 'Unavailable', value: all.filter((d) => !d.enabled).length },
        { label: 'Categories', value: categories.length },
      ]} />
      <CategoryOrderPanel categories={categories} />
      <div className="row admin-filters">
        <div className="search-field">
          <Search size={16} aria-hidden="true" />
          <input type="search" aria-label="Search menu drinks" placeholder="Search by name, description or category" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <select aria-label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="all">All Categories</option>
          {categories.map((c) => <option key={c} value={c}>{categoryLabel(c)}</option>)}
        </select>
        <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          <option value="all">All Status</option>
          <option value="available">Available</option>
          <option value="unavailable">Unavailable</option>
        </select>
        <ViewToggle value={view} onChange={setView} />
      </div>
      {drinks.isPending ? <p className="muted">Loading menu drinks...</p> : shown.length === 0 ? (
        <div className="card empty-state">
          <p>No menu drinks found</p>
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>Add First Drink</button>
        </div>
      ) : view === 'card' ? (
        <ul className="admin-card-grid">
          {shown.map((drink) => (
            <li key={drink.id} className="card stack admin-item-card" data-testid="admin-drink-card">
              {drink.image_url && <img src={drink.image_url} alt="" className="admin-drink-photo" loading="lazy" />}
              <div className="row admin-card-head">
                <h3>{drink.name}</h3>
                <span className="price">{formatCents(drink.price_cents)}</span>
              </div>
              <p className="muted">{categoryLabel(drink.category)}</p>
              {drink.description && <p>{drink.description}</p>}
              {drink.recipe.length > 0 && (
                <p className="muted admin-recipe-summary">{drink.recipe.map((l) => `${l.ingredient_name} ${l.quantity} ${l.unit}${l.is_optional ? ' (optional)' : ''}`).join(' · ')}</p>
              )}
              <div className="row">
                <AvailabilityButton drink={drink} />
                <SoldOut drink={drink} />
              </div>
              <div className="row">
                <button type="button" className="btn btn-small" onClick={() => setEditing(drink)} aria-label={`Edit ${drink.name}`}><Pencil size={14} aria-hidden="true" /> Edit</button>
                <button type="button" className="btn btn-small btn-danger" onClick={() => onDelete(drink)} aria-label={`Delete ${drink.name}`}><Trash2 size={14} aria-hidden="true" /> Delete</button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="table-wrap">
          <table>
            <thead><tr><th>Name</th><th>Category</th><th>Price</th><th>Status</th><th><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {shown.map((drink) => (
                <tr key={drink.id}>
                  <td>{drink.name}</td>
                  <td>{categoryLabel(drink.category)}</td>
                  <td>{formatCents(drink.price_cents)}</td>
                  <td className="row"><AvailabilityButton drink={drink} /><SoldOut drink={drink} /></td>
                  <td className="row">
                    <button type="button" className="btn btn-small" onClick={() => setEditing(drink)} aria-label={`Edit ${drink.name}`}><Pencil size={14} aria-hidden="true" /></button>
                    <button type="button" className="btn btn-small btn-danger" onClick={() => onDelete(drink)} aria-label={`Delete ${drink.name}`}><Trash2 size={14} aria-hidden="true" /></button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleting && (
        <ConfirmDialog title={`Are you sure you want to delete "${deleting.name}"?`} confirmLabel="Delete drink" busy={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDeletion(deleting)}>
          <p>{deleting.name} leaves the menu with its recipe and photo: guests can no longer order it, and carts holding it lose that line. Past orders keep their copy.</p>
          <p className="muted">To take it off the menu for a while instead, switch it to Unavailable.</p>
        </ConfirmDialog>
      )}
      {editing && <MenuDrinkForm drink={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
