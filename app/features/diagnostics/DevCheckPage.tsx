import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { CheckList, useChecks } from './CheckList';
import { databaseCheck, healthCheck, sampleDrinkCheck, sampleRestaurantCheck } from './checks';

const CHECKS = [healthCheck, databaseCheck, sampleRestaurantCheck, sampleDrinkCheck];

/** Spec: /dev-check — connection status: backend health, database, a sample restaurant and menu drink. */
export default function DevCheckPage() {
  const { results, running, run } = useChecks(CHECKS);
  const venue = results.find((r) => r.key === 'restaurant')?.data?.venue;
  const drink = results.find((r) => r.key === 'drink')?.data?.drink;
  const failed = results.filter((r) => r.status === 'fail').length;
  const done = results.every((r) => r.status === 'pass' || r.status === 'fail');

  return (
    <main className="page diag-page">
      <header className="row">
        <h1>Connection Status</h1>
        <span className="spacer" />
        <button type="button" className="btn" onClick={() => void run()} disabled={running}><RefreshCw aria-hidden="true" size={16} /> Run again</button>
      </header>
      <p role="status" className={done ? (failed ? 'diag-summary diag-fail' : 'diag-summary diag-pass') : 'diag-summary muted'}>
        {!done ? 'Checking the backend...' : failed ? `${failed} check${failed === 1 ? '' : 's'} failed` : 'All checks passed'}
      </p>
      <CheckList title="Checks" results={results} />
      <div className="super-grid">
        <section className="card diag-section" aria-label="Sample restaurant">
          <h2>Sample restaurant</h2>
          {venue ? (
            <dl className="super-kv">
              <div><dt>Name</dt><dd>{venue.name}</dd></div>
              <div><dt>Slug</dt><dd className="mono">{venue.slug}</dd></div>
              <div><dt>Address</dt><dd>{venue.address}</dd></div>
              <div><dt>Id</dt><dd className="mono">{venue.id}</dd></div>
            </dl>
          ) : <p className="muted">{done ? 'No restaurant could be read' : 'Loading...'}</p>}
        </section>
        <section className="card diag-section" aria-label="Sample menu drink">
          <h2>Sample menu drink</h2>
          {drink ? (
            <dl className="super-kv">
              <div><dt>Name</dt><dd>{drink.name}</dd></div>
              <div><dt>Category</dt><dd>{drink.category}</dd></div>
              <div><dt>Price</dt><dd>${drink.price.toFixed(2)}</dd></div>
              <div><dt>Id</dt><dd className="mono">{drink.id}</dd></div>
            </dl>
          ) : <p className="muted">{done ? 'No menu drink could be read' : 'Loading...'}</p>}
        </section>
      </div>
      <p><Link to="/__diag">Full diagnostics</Link> · <Link to="/">Back to venues</Link></p>
    </main>
  );
}
