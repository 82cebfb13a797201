import { Suspense } from 'react';
import { BrowserRouter, Navigate, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { page, RedirectTo, type BackOfficeArea, type PageHandle } from './route-page';

export { RedirectTo };

const loadBackOffice = () => import('./back-office-routes');
/**
 * A back-office area (docs/decisions/268): its pages' route table is its own chunk, loaded with the area's first
 * page, so a guest's first download carries no line of it. Under `/<area>/*` the table matches as descendant routes.
 */
function backOfficeArea(area: BackOfficeArea): RouteObject {
  const { Component, handle } = page(() => loadBackOffice().then((tables) => ({ default: tables.AREA_PAGES[area] })));
  const preload = (pathname: string) => Promise.all([
    (handle as PageHandle).preload(pathname),
    loadBackOffice().then((tables) => tables.preloadArea(area, pathname)),
  ]);
  return { path: `/${area}/*`, Component, handle: { preload } satisfies PageHandle };
}

/** The route map (docs/product.md §2), in one place. Unknown paths fall back to '/'. */
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
      { path: '/login', ...page(() => import('./features/auth/LoginPage')) },
      { path: '/invite/:token', ...page(() => import('./features/auth/InvitePage')) },
      // The back office's areas (docs/decisions/268): their route tables are a chunk of their own.
      backOfficeArea('admin'),
      backOfficeArea('staff'),
      backOfficeArea('super'),
      { path: '/dev-check', ...page(() => import('./features/diagnostics/DevCheckPage')) },
      { path: '/__diag', ...page(() => import('./features/diagnostics/DiagnosticsPage')) },
      { path: '*', element: <Navigate to="/" replace /> },
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
