import type { CSSProperties } from 'react';
import { Outlet, useOutletContext, useParams } from 'react-router';
import type { Venue } from '../../../../shared/schemas/venue';
import { themeVariables } from '../../../../shared/theme';
import { errorMessage } from '../../../lib/api-client';
import { useVenue } from '../../venues/api';

export type VenueContext = { venue: Venue };
export const useVenueContext = () => useOutletContext<VenueContext>();

/** Loads the venue and its theme for every /venue/{slug} page (spec: Venue context). */
export default function VenueLayout() {
  const { slug } = useParams();
  const { data: venue, isPending, error } = useVenue(slug);

  if (isPending) {
    return <main className="guest-shell center-screen" style={themeVariables(null) as CSSProperties}><p role="status">Loading venue...</p></main>;
  }
  if (error || !venue) {
    const missing = (error as { status?: number } | null)?.status === 404;
    return (
      <main className="guest-shell center-screen" style={themeVariables(null) as CSSProperties}>
        {missing ? (
          <>
            <h1>Venue not found</h1>
            <a className="btn btn-primary" href="/">Go Home</a>
          </>
        ) : (
          <>
            <h1>Failed to load venue</h1>
            <p className="muted">{errorMessage(error, 'Please try again later')}</p>
            <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>Retry</button>
          </>
        )}
      </main>
    );
  }
  return (
    <div className="guest-shell" style={themeVariables(venue.theme_colors) as CSSProperties}>
      <Outlet context={{ venue } satisfies VenueContext} />
    </div>
  );
}
