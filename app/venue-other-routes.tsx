// A venue's paths no guest's first load needs (docs/decisions/275): a table's screens, the card screens and a page's
// second paths. Their table is a chunk of its own, loaded with such a path's first page; it matches below
// `/venue/:slug/*` in app/routes.tsx, as descendant routes, so the pages read the venue's frame as before.
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { page, RedirectTo, type PageHandle } from './route-page';

export const VENUE_OTHER_ROUTES: RouteObject[] = [
  // A table's screens (docs/decisions/231), one chunk for the three: never in a solo guest's download.
  { path: 'table/*', ...page(() => import('./features/tables/TableScreens')) },
  // Paying a share by card (docs/decisions/222): its own chunk with Stripe.js, loaded by no other screen.
  { path: 'table/pay/:shareId', ...page(() => import('./features/tables/PayCardPage')) },
  // Opening the tab on a card (docs/decisions/222): its own chunk with Stripe.js, as the pay screen.
  { path: 'table/hold', ...page(() => import('./features/tables/HoldCardPage')) },
  // A solo order paid first (docs/decisions/241): the checkout's pay screen, a card screen like the two above.
  { path: 'checkout/pay', ...page(() => import('./features/guest/cart/PayFirstPage')) },
  { path: 'ai-chat', element: <RedirectTo from="/ai-chat" to="/ai" /> },
  { path: 'order/:orderId', element: <RedirectTo from="/order/" to="/order-status/" /> },
  { path: 'profile', element: <RedirectTo from="/profile" to="/me" /> },
  { path: '*', element: <Navigate to="/" replace /> },
];
export const VenueOtherPages = () => useRoutes(VENUE_OTHER_ROUTES);

/** Loads the page chunk `pathname` needs below its venue. */
export async function preloadVenueOtherPath(pathname: string) {
  const venue = /^\/venue\/[^/]+/.exec(pathname)?.[0] ?? '/';
  const matches = matchRoutes(VENUE_OTHER_ROUTES, pathname, venue) ?? [];
  await Promise.allSettled(matches.map((match) => (match.route.handle as PageHandle | undefined)?.preload(pathname)));
}
