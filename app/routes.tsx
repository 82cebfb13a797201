import { Suspense } from 'react';
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { page, RedirectTo, type PageHandle } from './route-page';

export { RedirectTo };

const loadOtherRoutes = () => import('./back-office-routes');
/**
 * Every path but the guest's (sign-in, invitations, the back office's areas, diagnostics, an unknown path): their
 * route table is a chunk of its own, loaded with such a path's first page, so a guest's first download carries no
 * line of it (docs/decisions/275). It matches below `/*` as descendant routes.
 */
function otherPaths(): RouteObject {
  const { Component, handle } = page(() => loadOtherRoutes().then((table) => ({ default: table.OtherPages })));
  const preload = (pathname: string) => Promise.all([
    (handle as PageHandle).preload(pathname),
    loadOtherRoutes().then((table) => table.preloadOtherPath(pathname)),
  ]);
  return { path: '*', Component, handle: { preload } satisfies PageHandle };
}

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
          { path: 'ai-chat', element: <RedirectTo from="/ai-chat" to="/ai" /> },
          { path: 'cart', ...page(() => import('./features/guest/cart/CartPage')) },
          // A table's screens (docs/decisions/231), one chunk for the three: never in a solo guest's download.
          { path: 'table/*', ...page(() => import('./features/tables/TableScreens')) },
          // Paying a share by card (docs/decisions/222): its own chunk with Stripe.js, loaded by no other screen.
          { path: 'table/pay/:shareId', ...page(() => import('./features/tables/PayCardPage')) },
          // Opening the tab on a card (docs/decisions/222): its own chunk with Stripe.js, as the pay screen.
          { path: 'table/hold', ...page(() => import('./features/tables/HoldCardPage')) },
          // A solo order paid first (docs/decisions/241): the checkout's pay screen, a card screen like the two above.
          { path: 'checkout/pay', ...page(() => import('./features/guest/cart/PayFirstPage')) },
          { path: 'order/:orderId', element: <RedirectTo from="/order/" to="/order-status/" /> },
          { path: 'order-status/:orderId', ...page(() => import('./features/guest/orders/OrderStatusPage')) },
          { path: 'order-confirmation', ...page(() => import('./features/guest/orders/OrderConfirmationPage')) },
          { path: 'auth', ...page(() => import('./features/guest/venue/GuestSignInPage')) },
          { path: 'me', ...page(() => import('./features/guest/profile/ProfilePage')) },
          { path: 'profile', element: <RedirectTo from="/profile" to="/me" /> },
        ],
      },
      // Sign-in, invitations, the back office, diagnostics; an unknown path falls back to '/' (docs/decisions/275).
      otherPaths(),
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
