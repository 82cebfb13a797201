import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';

type PageModule = { default: ComponentType };
/** Loads a route's page chunk; a back-office area's also loads the pages its table matches for `pathname`. */
type PageHandle = { preload: (pathname: string) => Promise<unknown> };
/**
 * Every screen is its own chunk, so a guest never downloads the back office. Routing is declarative
 * (BrowserRouter + useRoutes over this table) rather than the data router, which costs ~16 KB
 * gzipped more in the guest's first download (budget 110 KB, docs/decisions/177); `handle.preload`
 * lets the start fetch every page of the first URL at once instead of one after the other. A page
 * whose chunk has arrived renders directly; only one still on its way suspends (React.lazy).
 */
export const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'Component' | 'handle'> => {
  let loading: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () => (loading ??= load().then((module) => {
    loaded = module.default;
    return module;
  }));
  const Lazy = lazy(preload);
  const Page = () => createElement(loaded ?? Lazy);
  return { Component: Page, handle: { preload } satisfies PageHandle };
};

export type BackOfficeArea = 'admin' | 'staff' | 'super';
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

/**
 * A page's second path: replaced in history by its one canonical path, with the same params, query and hash
 * (docs/decisions/177). The last `from` in the path (after any slug that happens to contain it) becomes `to`.
 */
export function RedirectTo({ from, to }: { from: string; to: string }) {
  const { pathname, search, hash } = useLocation();
  const at = pathname.lastIndexOf(from);
  return <Navigate replace to={{ pathname: pathname.slice(0, at) + to + pathname.slice(at + from.length), search, hash }} />;
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
