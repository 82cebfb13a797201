import { useMemo, useState, type FormEvent } from 'react';
import { AUTO_MERGE_MIN_SIMILARITY, productRelation, rankBySimilarity, rankIngredientMatches } from '../../../../shared/ingredient-similarity';
import { INGREDIENT_CATEGORIES, type CanonicalIngredient, type IngredientCategory, type UnmatchedIngredient } from '../../../../shared/schemas/super';
import { errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useBulkMerge, useCreateIngredient, useMergeIngredient } from '../api';

const SHOWN_CANDIDATES = 8;

/** Canonical ingredients ranked by similarity to the raw string, or to what the admin types. */
function TargetPicker({ raw, catalogue, value, onChange, idPrefix }: {
  raw: string; catalogue: CanonicalIngredient[]; value: string; onChange: (id: string) => void; idPrefix: string;
}) {
  const [search, setSearch] = useState('');
  const ranked = useMemo(() => {
    const term = search.trim();
    if (term) {
      const q = term.toLowerCase();
      const contains = catalogue.filter((c) => c.name.toLowerCase().includes(q) || c.aliases.some((a) => a.toLowerCase().includes(q)));
      const similar = rankBySimilarity(term, catalogue, SHOWN_CANDIDATES).map((r) => catalogue.find((c) => c.id === r.id)!);
      return [...new Map([...contains, ...similar].map((c) => [c.id, c])).values()].slice(0, SHOWN_CANDIDATES)
        .map((c) => ({ ingredient: c, score: null as number | null, kind: null as string | null }));
    }
    return rankIngredientMatches(raw, catalogue, SHOWN_CANDIDATES)
      .map((r) => ({ ingredient: catalogue.find((c) => c.id === r.id)!, score: r.score as number | null, kind: r.kind as string | null }));
  }, [raw, catalogue, search]);

  return (
    <div className="stack">
      <div className="field">
        <label htmlFor={`${idPrefix}-search`}>Find a canonical ingredient</label>
        <input id={`${idPrefix}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Type to search all ingredients" data-autofocus />
      </div>
      <fieldset className="super-candidates">
        <legend>{search.trim() ? 'Matching ingredients' : 'Suggestions by similarity'}</legend>
        {ranked.length === 0 && <p className="muted">No ingredient matches</p>}
        {ranked.map(({ ingredient, score, kind }) => (
          <label key={ingredient.id} className="super-candidate">
            <input type="radio" name={`${idPrefix}-target`} value={ingredient.id} checked={value === ingredient.id} onChange={() => onChange(ingredient.id)} />
            <span>{ingredient.name}</span>
            <span className="muted">{ingredient.category}</span>
            {score !== null && kind === 'merge' && <span className="badge badge-info">{Math.round(score * 100)}% match</span>}
            {kind === 'link' && <span className="badge badge-warning">brand or flavour of it: link</span>}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

export function MergeDialog({ item, catalogue, onClose }: { item: UnmatchedIngredient; catalogue: CanonicalIngredient[]; onClose: () => void }) {
  const merge = useMergeIngredient();
  // Only a close suggestion is preselected; a weak one must be chosen on purpose.
  const best = item.suggestions[0];
  const [target, setTarget] = useState(best && best.kind === 'merge' && best.score >= AUTO_MERGE_MIN_SIMILARITY ? best.id : '');
  const targetName = catalogue.find((c) => c.id === target)?.name ?? '';
  const linking = target !== '' && productRelation(item.raw_string, targetName) !== 'merge';

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const outcome = await merge.mutateAsync({ id: item.id, targetId: target });
      toast.success(outcome.message);
      onClose();
    } catch (err) {
      console.error('Merge failed', err);
      toast.error(`Failed to merge: ${errorMessage(err, 'unknown error')}`);
    }
  }

  return (
    <Modal title={`Merge "${item.raw_string}"`} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <p className="muted">Used in {item.menu_drink_name ?? 'a recipe'} at {item.venue_name}. The recipe will use the chosen ingredient, and this text becomes one of its aliases.</p>
        <TargetPicker raw={item.raw_string} catalogue={catalogue} value={target} onChange={setTarget} idPrefix="merge" />
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={!target || merge.isPending}>
            {merge.isPending ? 'Merging...' : target ? `${linking ? 'Link to' : 'Merge into'} ${targetName}` : 'Choose an ingredient'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

const tidy = (raw: string) => {
  const text = raw.trim().replace(/\s+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export function CreateDialog({ item, onClose }: { item: UnmatchedIngredient; onClose: () => void }) {
  const create = useCreateIngredient();
  const [name, setName] = useState(tidy(item.raw_string));
  const [category, setCategory] = useState<IngredientCategory>('other');

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const outcome = await create.mutateAsync({ id: item.id, name: name.trim(), category });
      toast.success(outcome.message);
      onClose();
    } catch (err) {
      console.error('Create failed', err);
      toast.error(`Failed to create: ${errorMessage(err, 'unknown error')}`);
    }
  }

  return (
    <Modal title={`Create ingredient from "${item.raw_string}"`} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="create-name">Canonical name</label>
          <input id="create-name" value={name} onChange={(e) => setName(e.target.value)} required data-autofocus />
        </div>
        <div className="field">
          <label htmlFor="create-category">Category</label>
          <select id="create-category" value={category} onChange={(e) => setCategory(INGREDIENT_CATEGORIES.find((c) => c === e.target.value) ?? 'other')}>
            {INGREDIENT_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={!name.trim() || create.isPending}>{create.isPending ? 'Creating...' : 'Create ingredient'}</button>
        </div>
      </form>
    </Modal>
  );
}

export function BulkMergeDialog({ items, catalogue, onClose, onDone }: {
  items: UnmatchedIngredient[]; catalogue: CanonicalIngredient[]; onClose: () => void; onDone: () => void;
}) {
  const bulk = useBulkMerge();
  const [mode, setMode] = useState<'best' | 'target'>('best');
  const [target, setTarget] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const outcome = await bulk.mutateAsync({ ids: items.map((i) => i.id), targetId: mode === 'target' ? target : undefined });
      if (outcome.merged.length > 0) toast.success(outcome.message);
      else toast.info(outcome.message);
      for (const s of outcome.skipped) toast.info(`Skipped "${s.raw_string ?? s.id}": ${s.reason}`);
      onDone();
    } catch (err) {
      console.error('Bulk merge failed', err);
      toast.error(`Failed to bulk merge: ${errorMessage(err, 'unknown error')}`);
    }
  }

  return (
    <Modal title={`Bulk Merge (${items.length})`} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <fieldset className="stack">
          <legend>Merge the selected strings into</legend>
          <label className="super-check"><input type="radio" name="bulk-mode" checked={mode === 'best'} onChange={() => setMode('best')} /> Each string's best suggestion (only close matches are merged)</label>
          <label className="super-check"><input type="radio" name="bulk-mode" checked={mode === 'target'} onChange={() => setMode('target')} /> One ingredient I choose</label>
        </fieldset>
        {mode === 'best' ? (
          <ul className="super-bulk-preview">
            {items.map((i) => (
              <li key={i.id}>
                <span>{i.raw_string}</span> → {i.suggestions[0]?.kind === 'merge' && i.suggestions[0].score >= AUTO_MERGE_MIN_SIMILARITY
                  ? <><strong>{i.suggestions[0].name}</strong> <span className="muted">({Math.round(i.suggestions[0].score * 100)}%)</span></>
                  : <span className="muted">{i.suggestions[0]?.kind === 'link' ? `skipped: a brand or flavour of ${i.suggestions[0].name}, link it on its own` : 'skipped: no close match'}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <TargetPicker raw={items[0]?.raw_string ?? ''} catalogue={catalogue} value={target} onChange={setTarget} idPrefix="bulk" />
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={bulk.isPending || (mode === 'target' && !target)}>{bulk.isPending ? 'Merging...' : 'Merge'}</button>
        </div>
      </form>
    </Modal>
  );
}
