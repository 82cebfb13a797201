import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { categoryLabel } from '../../../../shared/categories';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useAdminVenue, useSaveVenue } from '../api';

/**
 * The order of the guest menu's categories, after its featured drinks (docs/decisions/184): the admin moves each
 * up or down and saves. Categories the venue's order does not name yet follow, by name.
 */
export function CategoryOrderPanel({ categories }: { categories: readonly string[] }) {
  const venue = useAdminVenue();
  const save = useSaveVenue();
  const stored = venue.data?.category_order ?? [];
  const current = [...stored.filter((c) => categories.includes(c)), ...categories.filter((c) => !stored.includes(c)).sort()];
  const [edited, setEdited] = useState<string[] | null>(null);
  const order = edited ?? current;
  const move = (i: number, by: -1 | 1) => {
    const next = [...order];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setEdited(next);
  };
  async function onSave() {
    try {
      await save.mutateAsync({ category_order: order });
      setEdited(null);
      toast.success('Menu order saved');
    } catch (err) {
      toast.error(`Failed to save the menu order: ${errorMessage(err, 'unknown error')}`);
    }
  }
  if (!venue.data || order.length < 2) return null;
  return (
    <section className="card stack" aria-labelledby="category-order-heading">
      <h3 id="category-order-heading">Menu order</h3>
      <p className="muted">Featured drinks come first on the guest menu, then these categories in this order.</p>
      <ol className="admin-category-order">
        {order.map((category, i) => (
          <li key={category} className="row">
            <span>{categoryLabel(category, venue.data.name)}</span>
            <span className="spacer" />
            <button type="button" className="btn btn-small btn-ghost" aria-label={`Move ${categoryLabel(category, venue.data.name)} up`} disabled={i === 0} onClick={() => move(i, -1)}><ArrowUp size={14} aria-hidden="true" /></button>
            <button type="button" className="btn btn-small btn-ghost" aria-label={`Move ${categoryLabel(category, venue.data.name)} down`} disabled={i === order.length - 1} onClick={() => move(i, 1)}><ArrowDown size={14} aria-hidden="true" /></button>
          </li>
        ))}
      </ol>
      <div className="row">
        <button type="button" className="btn btn-primary btn-small" disabled={!edited || save.isPending} onClick={() => void onSave()}>Save menu order</button>
        {edited && <button type="button" className="btn btn-small btn-ghost" onClick={() => setEdited(null)}>Discard</button>}
      </div>
    </section>
  );
}
