import type { ReactNode } from 'react';

/**
 * A page with nothing else to show (venue not found, a failed load, a runtime error, offline) in the app's
 * frame: the brand bar and a card (docs/decisions/199). Plain <a> for the brand: the runtime-error screen
 * renders outside the router.
 */
export function StatusPage({ title, children, role }: { title: string; children?: ReactNode; role?: 'alert' | 'status' }) {
  return (
    <div className="status-page">
      <header className="status-page-bar"><a className="brand" href="/">Barhop</a></header>
      <main className="status-page-body">
        <div className="card status-page-card" role={role}>
          <h1>{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
