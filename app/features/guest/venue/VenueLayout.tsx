import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { rememberTableFromUrl } from '../../orders/table-number';
import type { Venue } from '../../../../shared/schemas/venue';
import { themeVariables } from '../../../../shared/theme';
import { useEnsureGuestSession } from '../../auth/hooks';
import { applyVenueDefault } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { useVenue } from '../../venues/api';
import { lazyAfterPaint } from '../../../ui/lazy-after-paint';
import { GuestTabBar } from './GuestTabBar';
import { memberSessionId } from '../../tables/membership';
import type { TableHere } from '../../tables/TableFrame';

// The table's part of the frame is its own chunk: a guest who never scans a table's QR code never downloads it
// (docs/decisions/231, bundle budget docs/decisions/219). At a table it frames the page and gives it the table.
const TableFrame = lazy(() => import('../../tables/TableFrame'));
// The venue's socket: its own chunk, loaded once the venue is on screen (docs/decisions/217).
const VenueLiveChannel = lazy(() => import('./VenueLiveChannel'));
// A banner over the tab bar while an order is active (fixed, so nothing moves when it comes): not in the first
// download (docs/decisions/268).
const ActiveOrderBanner = lazyAfterPaint(() => import('../orders/ActiveOrderBanner').then((m) => m.ActiveOrderBanner));
// A venue not found or not loaded: a rare path, fetched when idle (docs/decisions/275).
const VenueUnavailable = lazyAfterPaint(() => import('./VenueUnavailable').then((m) => m.VenueUnavailable));

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
  const { t } = useLingui();
  // A guest who asked for no language the app speaks reads the venue's (docs/decisions/217). Optional until every
  // venue answer carries it.
  const venueLanguage = (venue as (Venue & { default_language?: string | null }) | undefined)?.default_language;
  useEffect(() => { applyVenueDefault(venueLanguage); }, [venueLanguage]);
  // The Worker titles a venue page's HTML with the venue (docs/decisions/219); the app keeps that while the
  // guest is at the venue and gives the tab its own name back when they leave.
  const venueName = venue?.name;
  useEffect(() => {
    if (!venueName) return;
    document.title = venueName;
    return () => { document.title = APP_TITLE; };
  }, [venueName]);
  const session = useEnsureGuestSession(venue?.slug);
  // Read on every render: joining and leaving a table navigate, so the frame renders again (docs/decisions/231).
  const tableSessionId = venue ? memberSessionId(venue.slug) : null;
  // The venue's socket pushes the guest's order changes and every menu change (docs/decisions/154), and the
  // table's changes to its members; the hub learns a socket's tables when it connects, so joining a table
  // opens a new one (docs/decisions/231). The hook polls every 5 s whenever the socket is down (docs/decisions/126).
  const [connected, setConnected] = useState(false);

  if (isPending) {
    return <main className="guest-shell center-screen" style={themeVariables(null) as CSSProperties}><p role="status">{t`Loading venue...`}</p></main>;
  }
  if (error || !venue) return <VenueUnavailable error={error} />;
  return (
    // data-live says whether the venue's socket is up: what the Live badges read, and what tests wait for.
    <div className="guest-shell" data-live={connected ? 'connected' : 'offline'} style={themeVariables(venue.theme_colors) as CSSProperties}>
      <Suspense fallback={null}>
        <VenueLiveChannel venueId={venue.id} token={session.ready ? session.token : null} reconnectKey={tableSessionId} onConnected={setConnected} />
      </Suspense>
      <ActiveOrderBanner venue={venue} />
      {tableSessionId || /[?&]table=/.test(search) ? (
        <Suspense fallback={null}><TableFrame venue={venue} liveConnected={connected} /></Suspense>
      ) : <Outlet context={{ venue, liveConnected: connected } satisfies VenueContext} />}
      <GuestTabBar slug={venue.slug} />
    </div>
  );
}
