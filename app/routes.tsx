import { Suspense } from 'react';
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { lazyTable, page, RedirectTo, type PageHandle } from './route-page';

export { RedirectTo };

/** The guest's route map (docs/product.md §2); the rest is app/back-office-routes.tsx. */
export const routes: RouteObject[] = [
  {
    // A page that fails (or whose chunk does not load) reaches the RuntimeErrorBoundary in main.tsx.
    element: <RootLayout />,
    children: [
      { path: '/', ...page(() => import('./features/venues/VenuePickerPage')) },
      {
        path: '/venue/:slug',
        ...page(() => import('./features/guest/venue/VenueLayout')),
        children: [
          { index: true, ...page(() => import('./features/guest/menu/MenuPage')) },
          { path: 'category/:categorySlug', ...page(() => import('./features/guest/menu/CategoryPage')) },
          { path: 'drink/:drinkId', ...page(() => import('./features/guest/drink/DrinkPage')) },
          { path: 'vibe', ...page(() => import('./features/guest/ai/VibeMixerPage')) },
          { path: 'ai', ...page(() => import('./features/guest/ai/ChatPage')) },
          { path: 'cart', ...page(() => import('./features/guest/cart/CartPage')) },
          { path: 'order-status/:orderId', ...page(() => import('./features/guest/orders/OrderStatusPage')) },
          { path: 'order-confirmation', ...page(() => import('./features/guest/orders/OrderConfirmationPage')) },
          { path: 'auth', ...page(() => import('./features/guest/venue/GuestSignInPage')) },
          { path: 'me', ...page(() => import('./features/guest/profile/ProfilePage')) },
          // A table's screens, the card screens, a page's second path (docs/decisions/275).
          lazyTable(() => import('./venue-other-routes').then((table) => ({ Routes: table.VenueOtherPages, preload: table.preloadVenueOtherPath }))),
        ],
      },
      // Sign-in, invitations, the back office, diagnostics; an unknown path falls back to '/' (docs/decisions/275).
      lazyTable(() => import('./back-office-routes').then((table) => ({ Routes: table.OtherPages, preload: table.preloadOtherPath }))),
    ],
  },
];

/** Loads the page chunks of a URL, all at once (the layout and its page); settles when all have. */
export async function preloadRoute(pathname: string) {
  await Promise.allSettled((matchRoutes(routes, pathname) ?? []).map((match) => (match.route.handle as PageHandle | undefined)?.preload(pathname)));
}

function AppRoutes() {
  return useRoutes(routes);
}

/** Navigations run in a transition, so the current screen stays up while the next page's chunk loads. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={null}>
        <AppRoutes />
      </Suspense>
    </BrowserRouter>
  );
}
