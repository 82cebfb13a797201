import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { StatusPage } from '../../../ui/StatusPage';

/** A venue page whose venue is not found (404) or could not be loaded (app/features/guest/venue/VenueLayout.tsx). */
export function VenueUnavailable({ error }: { error: unknown }) {
  const { t } = useLingui();
  const missing = error instanceof ApiRequestError && error.status === 404;
  return missing ? (
    <StatusPage title={t`Venue not found`} role="alert">
      <Link className="btn btn-primary" to="/">{t`Go Home`}</Link>
    </StatusPage>
  ) : (
    <StatusPage title={t`Failed to load venue`} role="alert">
      <p>{errorMessage(error, t`Please try again later`)}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>{t`Retry`}</button>
    </StatusPage>
  );
}
