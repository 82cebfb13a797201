import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';

/** A table screen opened by a guest who is at no table (never scanned one, left, or the tab closed). */
export function NotAtTable({ slug }: { slug: string }) {
  const { t } = useLingui();
  return (
    <div className="empty-state stack">
      <p>{t`You're not at a table`}</p>
      <p>{t`Scan the QR code on your table to order together.`}</p>
      <Link className="btn btn-primary" to={`/venue/${slug}`}>{t`Browse Menu`}</Link>
    </div>
  );
}

export function TableLoading() {
  const { t } = useLingui();
  return <p role="status" className="muted">{t`Loading your table...`}</p>;
}
