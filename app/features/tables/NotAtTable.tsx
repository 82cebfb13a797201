import { Link } from 'react-router';

/** A table screen opened by a guest who is at no table (never scanned one, left, or the tab closed). */
export function NotAtTable({ slug }: { slug: string }) {
  return (
    <div className="empty-state stack">
      <p>You&apos;re not at a table</p>
      <p>Scan the QR code on your table to order together.</p>
      <Link className="btn btn-primary" to={`/venue/${slug}`}>Browse Menu</Link>
    </div>
  );
}

export const TableLoading = () => <p role="status" className="muted">Loading your table...</p>;
