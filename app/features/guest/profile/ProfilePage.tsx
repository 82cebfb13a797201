import { GuestHeader } from '../venue/GuestHeader';
import { RequireGuestSignIn } from '../venue/RequireGuestSignIn';
import { useVenueContext } from '../venue/VenueLayout';
import { lazyBesideRead } from '../../../ui/lazy-after-paint';
import { useLingui } from '@lingui/react/macro';

// What the page draws once the guest's session is confirmed: fetched beside that check, not in the page's first
// download (docs/decisions/275).
const ProfileContents = lazyBesideRead(() => import('./ProfileContents').then((m) => m.ProfileContents));
export const partsLoaded = ProfileContents.loaded;

/** Spec: Guest profile (/venue/{slug}/me, also /profile). */
export default function ProfilePage() {
  const { venue } = useVenueContext();
  const { t } = useLingui();
  return (
    <>
      <GuestHeader title={t`My Profile`} subtitle={venue.name} back={{ to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` }} />
      <RequireGuestSignIn slug={venue.slug}>
        {/* The same line RequireGuestSignIn shows while the session is checked: nothing moves when the parts come. */}
        <ProfileContents venue={venue} fallback={<main className="guest-main"><p role="status" className="muted">{t`Loading...`}</p></main>} />
      </RequireGuestSignIn>
    </>
  );
}
