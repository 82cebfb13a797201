// The bar display's "86" (docs/decisions/233): what ran out, each with "Back in", and a picker to 86 an ingredient
// mid-rush without leaving the tickets. Switching an item off sells out the drinks that need it on open menus.
import { Ban, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useStaffInventory } from '../api';
import { useEightySix } from '../inventory/eighty-six';
import { Modal } from '../../../ui/Modal';

export function EightySixPanel() {
  const inventory = useStaffInventory();
  const eightySix = useEightySix();
  const [picking, setPicking] = useState(false);
  const [search, setSearch] = useState('');
  const items = inventory.data ?? [];
  const out = items.filter((i) => !i.available);
  const term = search.trim().toLowerCase();
  const choices = items.filter((i) => i.available && (!term || i.ingredient_name.toLowerCase().includes(term) || (i.ingredient_brand ?? '').toLowerCase().includes(term)));
  return (
    <section className="card eighty-six" aria-labelledby="eighty-six-title">
      <h2 id="eighty-six-title">86</h2>
      {out.length === 0 ? <p className="muted">Nothing 86'd.</p> : (
        <ul className="eighty-six-list">
          {out.map((item) => (
            <li key={item.id}>
              <span>{item.ingredient_name}</span>
              <button type="button" className="btn btn-small btn-ghost" aria-label={`Back in ${item.ingredient_name}`} disabled={eightySix.busy} onClick={() => void eightySix.backIn(item)}>
                <RotateCcw aria-hidden="true" size={14} /> Back in
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-small btn-warning" onClick={() => setPicking(true)}><Ban aria-hidden="true" size={14} /> 86 an ingredient</button>
      {picking && (
        <Modal title="86 an ingredient" onClose={() => setPicking(false)}>
          <p className="muted">The drinks that need it sell out on every open menu until it is back in.</p>
          <input type="search" className="search-field" aria-label="Find an ingredient" placeholder="Find an ingredient" value={search} onChange={(e) => setSearch(e.target.value)} data-autofocus />
          <ul className="eighty-six-choices">
            {choices.map((item) => (
              <li key={item.id}>
                <button type="button" className="btn btn-small" disabled={eightySix.busy} onClick={() => { setPicking(false); setSearch(''); void eightySix.out(item); }}>
                  86 {item.ingredient_name}{item.ingredient_brand ? ` (${item.ingredient_brand})` : ''}
                </button>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </section>
  );
}
