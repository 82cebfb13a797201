import { Link, useLocation } from 'react-router';
import { Clock } from 'lucide-react';
import type { Venue } from '../../../../shared/schemas/venue';
import { useLingui } from '@lingui/react/macro';
import { useActiveOrderGuard } from './active-order';
import { useMinutesLeft, waitText } from './wait';

/** Spec: 'Order in progress' with the ETA in minutes and 'View Status', while an active order exists. */
export function ActiveOrderBanner({ venue }: { venue: Venue }) {
  const { t } = useLingui();
  const { active, statusPath, fetchedAt } = useActiveOrderGuard(venue.slug);
  const { pathname } = useLocation();
  const minutes = useMinutesLeft(active?.eta_minutes, fetchedAt);
  // On that order's own status screen the banner would only repeat it.
  if (!active || !statusPath || pathname.endsWith(`/${active.id}`)) return null;
  return (
    <aside className="order-banner" aria-label={t`Active order`}>
      <Clock aria-hidden="true" size={20} />
      <p>
        <strong>{t`Order in progress`}</strong>
        <span>{minutes != null ? waitText(minutes) : t`The bar is on it`}</span>
      </p>
      <Link className="btn btn-small btn-primary" to={statusPath}>{t`View Status`}</Link>
    </aside>
  );
}
