import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { lazyBesideRead } from '../../../ui/lazy-after-paint';
import { useLingui } from '@lingui/react/macro';
import { useDrink } from '../api';
import { GuestHeader } from '../venue/GuestHeader';
import { useVenueContext } from '../venue/VenueLayout';

// What the page draws once the drink is read: fetched beside that read, not in the page's first download
// (docs/decisions/275).
const DrinkDetails = lazyBesideRead(() => import('./DrinkDetails').then((m) => m.DrinkDetails));
export const partsLoaded = DrinkDetails.loaded;

/** Spec: Drink detail (/venue/{slug}/drink/{id}). */
export default function DrinkPage() {
  const { venue, table } = useVenueContext();
  const { t } = useLingui();
  const { drinkId } = useParams();
  const { data: drink, isPending, error } = useDrink(venue.slug, drinkId);
  const back = { to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` };
  const loading = <><GuestHeader title={t`Drink`} back={back} /><main className="guest-main"><p role="status" className="muted">{t`Loading drink...`}</p></main></>;

  if (isPending) return loading;
  if (error || !drink) {
    const missing = error instanceof ApiRequestError && error.status === 404;
    // A drink of this venue that is off its menu right now (sold out, switched off) says so (docs/decisions/154).
    const offMenu = missing && error.code === 'drink_unavailable';
    const soldOut = offMenu && (error.details as { sold_out?: boolean } | undefined)?.sold_out === true;
    const title = offMenu ? (soldOut ? t`Sold out` : t`Not available`) : missing ? t`Drink not found` : t`Drink`;
    return (
      <>
        <GuestHeader title={title} back={back} />
        <main className="guest-main">
          <div className="error-panel" role="alert">
            {offMenu ? <><p><strong>{error.message}</strong></p><p>{t`Pick something else from the menu.`}</p></>
              : missing ? <p><strong>{t`Drink not found`}</strong></p> : <><p><strong>{t`Failed to load drink`}</strong></p><p>{t`Please try again later`}</p></>}
            <Link className="btn" to={back.to}>{t`Back to Menu`}</Link>
          </div>
        </main>
      </>
    );
  }
  return <DrinkDetails venue={venue} table={table} drink={drink} back={back} fallback={loading} />;
}
