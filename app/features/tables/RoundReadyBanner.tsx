import { Link, useLocation } from 'react-router';
import { handoffText } from '../../../shared/order-display';
import type { Venue } from '../../../shared/schemas/venue';
import type { TableView } from './table-cache';
import { translate } from '../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';

/**
 * "Your round is ready" on every page of the venue while one of the table's rounds is Ready (docs/product.md §12.3):
 * members browsing the menu learn it as the Tab screen's members do. The Tab screen says it on the round itself.
 */
export function RoundReadyBanner({ venue, view }: { venue: Venue; view: TableView }) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const ready = view.table.rounds.filter((r) => r.status === 'ready');
  const tab = `/venue/${venue.slug}/table/tab`;
  if (ready.length === 0 || pathname === tab) return null;
  const handoff = handoffText({ handoff: venue.handoff, pickupPoint: venue.pickup_point, tableNumber: view.table.table }, translate);
  return (
    <p className="table-note round-ready" role="status" aria-label={t`Your round is ready`}>
      <strong>{t`Your round is ready`}</strong>
      {' '}{ready.length === 1 ? t`Round ${{ number: ready[0]!.number }}` : ready.map((r) => t`Round ${{ number: r.number }}`).join(', ')}
      {' · '}{handoff} <Link to={tab}>{t`Tab`}</Link>
    </p>
  );
}
