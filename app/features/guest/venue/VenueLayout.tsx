import { lazy, Suspense, useEffect, type CSSProperties } from 'react';
import { Link, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { rememberTableFromUrl } from '../../orders/table-number';
import type { Venue } from '../../../../shared/schemas/venue';
import { themeVariables } from '../../../../shared/theme';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useEnsureGuestSession } from '../../auth/hooks';
import { useVenueLive } from '../../orders/live';
import { useVenue } from '../../venues/api';
import { ActiveOrderBanner } from '../orders/ActiveOrderBanner';
import { GuestTabBar } from './GuestTabBar';
import { StatusPage } from '../../../ui/StatusPage';
import { memberSessionId } from '../../tables/membership';
import type { TableHere } from '../../tables/TableFrame';

// The table's part of the frame is its own chunk: a guest who never scans a table's QR code never downloads it
// (docs/decisions/170, bundle budget docs/decisions/080). At a table it frames the page and gives it the table.
const TableFrame = lazy(() => import('../../tables/TableFrame'));

/** The tab's name outside a venue (index.html's <title>). */
const APP_TITLE = 'Barhop';

/** `table`: the guest's table, given by the frame's table part (app/features/tables/TableFrame.tsx) at a table. */
export type VenueContext = { venue: Venue; liveConnected: boolean; table?: TableHere | null };
export const useVenueContext = () => useOutletContext<VenueContext>();

/**
 * Every /venue/{slug} page (spec: Venue context): loads the venue and its theme, makes sure the
 * device has a guest session, and frames the page with the active-order banner and the tab bar.
 */
export default function VenueLayout() {
  const { slug } = useParams();
  // A table QR code's `?table=N` rides along with this device's orders (admin /qr).
  const { search } = useLocation();
  useEffect(() => { rememberTableFromUrl(search); }, [search]);
  const { data: venue, isPending, error } = useVenue(slug);
  // The Worker titles a venue page's HTML with the venue (docs/decisions/096); the app keeps that while the
  // guest is at the venue and gives the tab its own name back when they leave.
  const venueName = venue?.name;
  useEffect(() => {
    if (!venueName) return;
    document.title = venueName;
    return () => { document.title = APP_TITLE; };
  }, [venueName]);
  const session = useEnsureGuestSession(venue?.slug);
  // Read on every render: joining and leaving a table navigate, so the frame renders again (docs/decisions/170).
  const tableSessionId = venue ? memberSessionId(venue.slug) : null;
  // The venue's socket pushes the guest's order changes and every menu change (docs/decisions/124), and the
  // table's changes to its members; the hub learns a socket's tables when it connects, so joining a table
  // opens a new one (docs/decisions/170). The hook polls every 5 s whenever the socket is down (docs/decisions/033).
  const { connected } = useVenueLive(venue?.id, { token: session.ready ? session.token : null, reconnectKey: tableSessionId });

  if (isPending) {
    return <main className="guest-shell center-screen" style={themeVariables(null) as CSSProperties}><p role="status">Loading venue...</p></main>;
  }
  if (error || !venue) {
    const missing = error instanceof ApiRequestError && error.status === 404;
    return missing ? (
      <StatusPage title="Venue not found" role="alert">
        <Link className="btn btn-primary" to="/">Go Home</Link>
      </StatusPage>
    ) : (
      <StatusPage title="Failed to load venue" role="alert">
        <p>{errorMessage(error, 'Please try again later')}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>Retry</button>
      </StatusPage>
    );
  }
  return (
    <div className="guest-shell" style={themeVariables(venue.theme_colors) as CSSProperties}>
      <ActiveOrderBanner venue={venue} />
      {tableSessionId || /[?&]table=/.test(search) ? (
        <Suspense fallback={null}><TableFrame venue={venue} liveConnected={connected} /></Suspense>
      ) : <Outlet context={{ venue, liveConnected: connected } satisfies VenueContext} />}
      <GuestTabBar slug={venue.slug} />
    </div>
  );
}
