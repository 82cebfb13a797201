import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Search } from 'lucide-react';
import { categoryLabel } from '../../../../shared/categories';
import { formatCents } from '../../../../shared/money';
import { useVenueDrinks } from '../../venues/api';
import { useVenueContext } from '../venue/VenueLayout';

export default function MenuPage() {
  const { venue } = useVenueContext();
  const { data: drinks, isPending, isError } = useVenueDrinks(venue.slug);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);

  const categories = useMemo(() => {
    const counts = new Map<string, number>();
    for (const d of drinks ?? []) counts.set(d.category, (counts.get(d.category) ?? 0) + 1);
    return [...counts.entries()];
  }, [drinks]);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (drinks ?? []).filter((d) =>
      (!category || d.category === category) &&
      (!q || d.name.toLowerCase().includes(q) || d.description.toLowerCase().includes(q)));
  }, [drinks, query, category]);

  return (
    <>
      <header className="venue-header">
        <Link to="/" className="icon-link" aria-label="Back to venues"><ArrowLeft aria-hidden="true" /></Link>
        <div>
          <h1>{venue.name}</h1>
          <p className="muted">{venue.address}</p>
        </div>
      </header>
      <main className="guest-main">
        <div className="search-field">
          <Search aria-hidden="true" size={18} />
          <label className="visually-hidden" htmlFor="drink-search">Search drinks</label>
          <input id="drink-search" type="search" placeholder="Search drinks" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <div className="chips" role="group" aria-label="Categories">
          <button type="button" className="chip" aria-pressed={category === null} onClick={() => setCategory(null)}>
            All Drinks ({drinks?.length ?? 0})
          </button>
          {categories.map(([key, count]) => (
            <button key={key} type="button" className="chip" aria-pressed={category === key} onClick={() => setCategory(key)}>
              {categoryLabel(key, venue.name)} ({count})
            </button>
          ))}
        </div>
        {isPending ? (
          <p role="status" className="muted">Loading menu...</p>
        ) : isError ? (
          <p role="alert">Failed to load venue data</p>
        ) : shown.length === 0 ? (
          <p className="empty-state">No drinks found</p>
        ) : (
          <ul className="drink-grid">
            {shown.map((drink) => (
              <li key={drink.id}>
                <Link className="drink-card" to={`/venue/${venue.slug}/drink/${drink.id}`}>
                  <img src={drink.image_url ?? ''} alt="" width={200} height={200} loading="lazy" />
                  <div className="drink-card-body">
                    <h2>{drink.name}</h2>
                    <p className="drink-description">{drink.description}</p>
                    <p className="drink-meta">
                      <span className="price">{formatCents(drink.price_cents)}</span>
                      <span className="badge">{categoryLabel(drink.category, venue.name)}</span>
                    </p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
