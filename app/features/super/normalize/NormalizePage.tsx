import { CheckCircle2, GitMerge, Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { UnmatchedIngredient } from '../../../../shared/schemas/super';
import { errorMessage } from '../../../lib/api-client';
import { useCanonicalIngredients, useSuperVenues, useUnmatchedIngredients } from '../api';
import { LoadError, PageHeader } from '../common/SuperUi';
import { BulkMergeDialog, CreateDialog, MergeDialog } from './MergeDialogs';

const ALL = 'all';

export function filterUnmatched(items: UnmatchedIngredient[], query: string, venueSlug: string) {
  const q = query.trim().toLowerCase();
  return items.filter((i) => (venueSlug === ALL || i.venue_slug === venueSlug)
    && (!q || i.raw_string.toLowerCase().includes(q) || (i.menu_drink_name ?? '').toLowerCase().includes(q) || i.venue_name.toLowerCase().includes(q)));
}

/** Spec: Normalize Ingredients (/super/normalize). */
export default function NormalizePage() {
  const unmatched = useUnmatchedIngredients();
  const catalogue = useCanonicalIngredients();
  const venues = useSuperVenues();
  const [query, setQuery] = useState('');
  const [venueSlug, setVenueSlug] = useState(ALL);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<{ kind: 'merge' | 'create'; item: UnmatchedIngredient } | { kind: 'bulk' } | null>(null);

  const shown = useMemo(() => filterUnmatched(unmatched.data ?? [], query, venueSlug), [unmatched.data, query, venueSlug]);
  const selectedShown = shown.filter((i) => selected.has(i.id));
  const allSelected = shown.length > 0 && selectedShown.length === shown.length;

  const toggle = (id: string) => setSelected((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(shown.map((i) => i.id)));

  return (
    <main className="page super-page">
      <PageHeader
        title="Normalize Ingredients"
        subtitle="Ingredient strings in venue recipes that match no canonical ingredient"
        actions={
          <button type="button" className="btn btn-primary" disabled={selectedShown.length === 0 || !catalogue.data} onClick={() => setDialog({ kind: 'bulk' })}>
            <GitMerge aria-hidden="true" size={18} /> Bulk Merge ({selectedShown.length})
          </button>
        }
      />

      <div className="stack">
        <div className="search-field">
          <Search aria-hidden="true" size={18} />
          <label className="visually-hidden" htmlFor="normalize-search">Search ingredient strings</label>
          <input id="normalize-search" type="search" placeholder="Search ingredient strings" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <div className="chips" role="group" aria-label="Filter by venue">
          <button type="button" className="chip" aria-pressed={venueSlug === ALL} onClick={() => setVenueSlug(ALL)}>All Venues</button>
          {(venues.data ?? []).map((v) => (
            <button key={v.id} type="button" className="chip" aria-pressed={venueSlug === v.slug} onClick={() => setVenueSlug(v.slug)}>{v.slug}</button>
          ))}
        </div>
      </div>

      {unmatched.isPending ? <p className="muted" role="status">Loading ingredient strings...</p>
        : unmatched.isError ? <LoadError message="Failed to load unmatched ingredients" detail={errorMessage(unmatched.error, '')} onRetry={() => void unmatched.refetch()} />
        : shown.length === 0 ? (
          <div className="empty-state">
            <CheckCircle2 aria-hidden="true" size={32} />
            <p><strong>No unmatched ingredients</strong></p>
            <p>All ingredient strings are properly normalized</p>
          </div>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col"><input type="checkbox" aria-label="Select all" checked={allSelected} onChange={toggleAll} /></th>
                  <th scope="col">Ingredient string</th>
                  <th scope="col">Venue</th>
                  <th scope="col">Drink</th>
                  <th scope="col">Best suggestion</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((item) => {
                  const best = item.suggestions[0];
                  return (
                    <tr key={item.id}>
                      <td><input type="checkbox" aria-label={`Select ${item.raw_string}`} checked={selected.has(item.id)} onChange={() => toggle(item.id)} /></td>
                      <td><strong>{item.raw_string}</strong></td>
                      <td><div>{item.venue_name}</div><div className="muted mono">{item.venue_slug}</div></td>
                      <td>{item.menu_drink_name ?? '—'}</td>
                      <td>{best ? <>{best.kind === 'link' ? 'Link to ' : ''}{best.name} <span className="muted">({best.kind === 'link' ? 'brand or flavour' : `${Math.round(best.score * 100)}%`})</span></> : <span className="muted">None</span>}</td>
                      <td>
                        <div className="row">
                          <button type="button" className="btn btn-small" disabled={!catalogue.data} onClick={() => setDialog({ kind: 'merge', item })} aria-label={`Merge ${item.raw_string}`}>
                            <GitMerge aria-hidden="true" size={16} /> Merge
                          </button>
                          <button type="button" className="btn btn-small btn-ghost" onClick={() => setDialog({ kind: 'create', item })} aria-label={`Create ingredient from ${item.raw_string}`}>
                            <Plus aria-hidden="true" size={16} /> Create
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}

      {dialog?.kind === 'merge' && catalogue.data && <MergeDialog item={dialog.item} catalogue={catalogue.data} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'create' && <CreateDialog item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'bulk' && catalogue.data && (
        <BulkMergeDialog items={selectedShown} catalogue={catalogue.data} onClose={() => setDialog(null)} onDone={() => { setSelected(new Set()); setDialog(null); }} />
      )}
    </main>
  );
}
