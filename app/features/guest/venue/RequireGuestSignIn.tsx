import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useGuestSession } from '../../auth/hooks';
import { useLingui } from '@lingui/react/macro';

/** Spec: cart and profile redirect to /venue/{slug}/auth when the guest is not signed in. */
export function RequireGuestSignIn({ slug, children }: { slug: string; children: ReactNode }) {
  const { ready, signedIn } = useGuestSession();
  const { t } = useLingui();
  if (ready && !signedIn) return <Navigate to={`/venue/${slug}/auth`} replace />;
  if (!ready) return <main className="guest-main"><p role="status" className="muted">{t`Loading...`}</p></main>;
  return children;
}
