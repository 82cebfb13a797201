import { useState } from 'react';
import { categoryLabel, CATEGORY_LABELS } from '../../../../shared/categories';
import { DRINK_CATEGORIES } from '../../../../shared/back-office-constants';
import { formatCents } from '../../../../shared/money';
import type { MenuBulkEdit } from '../../../../shared/schemas/imports';
import { errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useMenuDrinks } from '../api';
import { useBulkEditDrinks } from './api';

/** "12.50" → 1250; null unless dollars with at most two decimals (never rounded). */
const priceCents = (text: string) => {
  const m = /^\$?(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
};

/** Bulk edit (docs/product.md §11.8): one price, category or availability for the drinks selected. */
export function BulkEditPanel() {
  const drinks = useMenuDrinks('name');
  const bulk = useBulkEditDrinks();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [price, setPrice] = useState('');
  const [category, setCategory] = useState('');
  const [availability, setAvailability] = useState<'' | 'on' | 'off'>('');
  const [priceError, setPriceError] = useState<string | null>(null);
  const [pending, setPending] = useState<MenuBulkEdit | null>(null);

  const list = drinks.data ?? [];
  const toggle = (id: string) => setSelected((s) => { const next = new Set(s); if (next.has(id)) next.delete(id); else next.add(id); return next; });

  function review() {
    const cents = price.trim() ? priceCents(price) : undefined;
    if (cents === null || cents === 0) { setPriceError('Price must be dollars with at most two decimals, more than 0'); return; }
    setPriceError(null);
    setPending({ ids: [...selected], price_cents: cents, category: category || undefined, enabled: availability === '' ? undefined : availability === 'on' });
  }

  async function apply() {
    if (!pending) return;
    try {
      const { updated } = await bulk.mutateAsync(pending);
      toast.success(`${updated} drink${updated === 1 ? '' : 's'} updated`);
      setSelected(new Set());
      setPrice(''); setCategory(''); setAvailability('');
    } catch (err) {
      toast.error(errorMessage(err, 'Bulk edit failed'));
    } finally {
      setPending(null);
    }
  }

  const nothing = !price.trim() && !category && !availability;
  const changes = pending ? [
    pending.price_cents !== undefined ? `price ${formatCents(pending.price_cents)}` : null,
    pending.category ? `category ${CATEGORY_LABELS[pending.category as keyof typeof CATEGORY_LABELS] ?? pending.category}` : null,
    pending.enabled !== undefined ? (pending.enabled ? 'available' : 'unavailable') : null,
  ].filter(Boolean).join(', ') : '';
  return (
    <section className="card stack" aria-labelledby="bulk-heading">
      <h2 id="bulk-heading">Bulk edit drinks</h2>
      {drinks.isPending ? <p className="muted">Loading drinks...</p> : (
        <>
          <div className="row">
            <button type="button" className="btn btn-small" onClick={() => setSelected(new Set(list.map((d) => d.id)))}>Select all</button>
            <button type="button" className="btn btn-small btn-ghost" onClick={() => setSelected(new Set())}>Clear</button>
            <span className="muted" role="status">{selected.size} selected</span>
          </div>
          <ul className="bulk-drink-list">
            {list.map((d) => (
              <li key={d.id}>
                <label className="check">
                  <input type="checkbox" checked={selected.has(d.id)} onChange={() => toggle(d.id)} />
                  {d.name} <span className="muted">{formatCents(d.price_cents)} · {categoryLabel(d.category)}{d.enabled ? '' : ' · off'}</span>
                </label>
              </li>
            ))}
          </ul>
          <div className="row admin-form-row">
            <div className="field">
              <label htmlFor="bulk-price">New price ($)</label>
              <input id="bulk-price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} aria-invalid={Boolean(priceError)} />
              {priceError && <p className="field-error" role="alert">{priceError}</p>}
            </div>
            <div className="field">
              <label htmlFor="bulk-category">New category</label>
              <select id="bulk-category" value={category} onChange={(e) => setCategory(e.target.value)}>
                <option value="">Keep</option>
                {DRINK_CATEGORIES.map((c) => <option key={c} value={c}>{CATEGORY_LABELS[c]}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor="bulk-available">Availability</label>
              <select id="bulk-available" value={availability} onChange={(e) => setAvailability(e.target.value as '' | 'on' | 'off')}>
                <option value="">Keep</option><option value="on">Available</option><option value="off">Unavailable</option>
              </select>
            </div>
          </div>
          <button type="button" className="btn btn-primary" disabled={selected.size === 0 || nothing || bulk.isPending} onClick={review}>Apply to {selected.size} drink{selected.size === 1 ? '' : 's'}</button>
        </>
      )}
      {pending && (
        <ConfirmDialog title="Change the selected drinks?" confirmLabel={`Change ${pending.ids.length} drinks`} busy={bulk.isPending} onConfirm={() => void apply()} onCancel={() => setPending(null)}>
          <p>{pending.ids.length} drink{pending.ids.length === 1 ? '' : 's'} get {changes}. Guests see the change at once.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
