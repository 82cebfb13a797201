import { lazy, Suspense, type ReactNode } from 'react';
import type { Venue } from '../../../../shared/schemas/venue';
import { lazyBesideRead } from '../../../ui/lazy-after-paint';
import { useLingui } from '@lingui/react/macro';
import { useCart } from '../../orders/api';
import { GuestHeader } from '../venue/GuestHeader';
import { RequireGuestSignIn } from '../venue/RequireGuestSignIn';
import { useVenueContext } from '../venue/VenueLayout';

// At a table the cart is the table's (docs/decisions/231), in its own chunk: a solo guest never downloads it.
const TableCart = lazy(() => import('../../tables/TableCart'));
// What the page draws once the cart is read: fetched beside that read, not in the page's first download
// (docs/decisions/275).
const CartContents = lazyBesideRead(() => import('./CartContents').then((m) => m.CartContents));
export const partsLoaded = CartContents.loaded;

/** Spec: Cart (/venue/{slug}/cart); at a table, the table's cart. */
export default function CartPage() {
  const { venue, table } = useVenueContext();
  const { t } = useLingui();
  const back = { to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` };
  const loading = <main className="guest-main"><p role="status" className="muted">{t`Loading cart...`}</p></main>;
  if (table) {
    // Members order without a phone sign-in: the table is theirs by this device (docs/product.md §5.3).
    return (
      <>
        <GuestHeader title={t`Table cart`} subtitle={table.view ? t`Table ${{ table: table.view.table.table }} · ${{ venue: venue.name }}` : venue.name} back={back} />
        {table.view ? <Suspense fallback={loading}><TableCart venue={venue} view={table.view} /></Suspense> : loading}
      </>
    );
  }
  return (
    <>
      <GuestHeader title={t`Your Cart`} subtitle={venue.name} back={back} />
      <RequireGuestSignIn slug={venue.slug}>
        <CartRead venue={venue} loading={loading} />
      </RequireGuestSignIn>
    </>
  );
}

/** The cart's read starts with the page; its lines draw once it and their chunk are in. */
function CartRead({ venue, loading }: { venue: Venue; loading: ReactNode }) {
  const cart = useCart(venue.slug);
  return cart.isPending ? loading : <CartContents venue={venue} fallback={loading} />;
}
