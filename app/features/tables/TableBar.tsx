import { Link } from 'react-router';
import { Receipt, Users } from 'lucide-react';
import { tableTitle } from './rights';
import type { TableView } from './table-cache';
import './tables.css';

/** The venue frame's line while the guest is at a table: which table, how many, its tab (docs/decisions/170). */
export function TableBar({ slug, view }: { slug: string; view: TableView }) {
  const { table } = view;
  const base = `/venue/${slug}`;
  return (
    <nav className="table-bar" aria-label="Your table">
      <Link className="table-bar-title" to={`${base}/table`}>
        <Users aria-hidden="true" size={18} />
        <span>{tableTitle(table)}</span>
      </Link>
      <span className="spacer" />
      {table.status === 'billing' ? (
        <Link className="btn btn-small" to={`${base}/tab/split`}>Split bill</Link>
      ) : (
        <Link className="btn btn-small" to={`${base}/tab`}><Receipt aria-hidden="true" size={16} />Tab</Link>
      )}
    </nav>
  );
}
