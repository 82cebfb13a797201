import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { drinksForCategory } from './category-match';
import { formatCents } from '../../../../shared/money';
import type { Drink } from '../../../../shared/schemas/drink';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { lazyAfterPaint } from '../../../ui/lazy-after-paint';
import { useVenueDrinks } from '../../venues/api';
import { paysFirst } from '../../../../shared/pays-first';
import { GuestHeader } from '../venue/GuestHeader';
import { useVenueContext } from '../venue/VenueLayout';
import { categoryName, DrinkCardBody } from './DrinkCard';
import { HappyHourBanner, useHappyHour } from '../pricing/happy-hour';

// The one-tap order dialog opens on a tap: not in the page's first download (docs/decisions/268 and 275).
const QuickOrderDialog = lazyAfterPaint(() => import('./QuickOrderDialog').then((m) => m.QuickOrderDialog));

/** Spec: Category page — the label map's title, the match rule, and a one-tap order modal. */
export default function CategoryPage() {
  const { venue, table } = useVenueContext();
  const { t } = useLingui();
  const happyHour = useHappyHour(venue);
  const { categorySlug = '' } = useParams();
  const { data: drinks, isPending, isError } = useVenueDrinks(venue.slug);
  const shown = useMemo(() => drinksForCategory(drinks ?? [], categorySlug), [drinks, categorySlug]);
  const [selected, setSelected] = useState<Drink | null>(null);
  const title = categoryName(translate, categorySlug, venue.name);
  // A venue that takes payment first is paid from the cart: a drink opens its page, not the one-tap order the bar
  // would refuse unpaid (docs/decisions/241).
  const payFirst = !table && paysFirst(venue);

  return (
    <>
      <GuestHeader title={title} subtitle={venue.name} back={{ to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` }} />
      <main className="guest-main">
        <HappyHourBanner active={happyHour} />
        <div className="row section-head">
          <p className="muted">{table ? t`Tap a drink to add it to your table's cart.` : payFirst ? t`Tap a drink to add it to your cart.` : t`Tap a drink to order it now, no sign-in needed.`}</p>
          <span className="spacer" />
          <Link className="btn btn-small" to={`/venue/${venue.slug}`}>{t`View All`}</Link>
        </div>
        {isPending ? (
          <p role="status" className="muted">{t`Loading drinks...`}</p>
        ) : isError ? (
          <p role="alert" className="error-panel">{t`Failed to load drinks`}</p>
        ) : shown.length === 0 ? (
          <p className="empty-state">{t`No drinks found`}</p>
        ) : (
          <ul className="drink-grid" aria-label={title}>
            {shown.map((drink) => (
              <li key={drink.id}>
                {payFirst ? (
                  <Link className="drink-card" to={`/venue/${venue.slug}/drink/${drink.id}`}>
                    <DrinkCardBody drink={drink} venueName={venue.name} happyHour={happyHour} />
                  </Link>
                ) : (
                  <button type="button" className="drink-card" aria-label={t`Order ${{ drink: drink.name }}, ${{ price: formatCents(drink.price_cents) }}`}
                    onClick={() => setSelected(drink)}>
                    <DrinkCardBody drink={drink} venueName={venue.name} happyHour={happyHour} />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </main>
      {selected && <QuickOrderDialog key={selected.id} venue={venue} table={table} selected={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
