import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';

type PageModule = { default: ComponentType };
type PageHandle = { preload: () => Promise<PageModule> };
/**
 * Every screen is its own chunk, so a guest never downloads the back office. Routing is declarative
 * (BrowserRouter + useRoutes over this table) rather than the data router, which costs ~16 KB
 * gzipped more in the guest's first download (budget 110 KB, docs/decisions/177); `handle.preload`
 * lets the start fetch every page of the first URL at once instead of one after the other. A page
 * whose chunk has arrived renders directly; only one still on its way suspends (React.lazy).
 */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'Component' | 'handle'> => {
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
      {
        path: '/admin',
        ...page(() => import('./features/admin/AdminShell')),
        children: [
          { index: true, ...page(() => import('./features/admin/dashboard/AdminDashboardPage')) },
          ...['dashboard', 'inventory', 'menu-drinks', 'menu', 'orders', 'ai-controls', 'ai-settings'].map((path) => ({
            path,
            ...page(() => import('./features/admin/dashboard/AdminDashboardPage')),
          })),
          { path: 'analytics', ...page(() => import('./features/admin/analytics/AnalyticsPage')) },
          { path: 'tables', ...page(() => import('./features/admin/tables/AdminTablesPage')) },
          { path: 'qr', ...page(() => import('./features/admin/qr/QrPage')) },
          { path: 'audit-log', ...page(() => import('./features/admin/audit/AdminAuditLogPage')) },
          { path: 'imports', ...page(() => import('./features/admin/imports/ImportExportPage')) },
          { path: 'reports', ...page(() => import('./features/admin/reports/NightReportPage')) },
          { path: 'team', ...page(() => import('./features/admin/team/TeamPage')) },
          { path: 'translations', ...page(() => import('./features/admin/translations/TranslationsPage')) },
          { path: 'profile', ...page(() => import('./features/admin/profile/VenueProfilePage')) },
          { path: 'settings', element: <RedirectTo from="/settings" to="/profile" /> },
        ],
      },
      {
        path: '/staff',
        ...page(() => import('./features/staff/StaffShell')),
        children: [
          { index: true, ...page(() => import('./features/staff/orders/ActiveOrdersPage')) },
          { path: 'orders', ...page(() => import('./features/staff/orders/ActiveOrdersPage')) },
          { path: 'tables', ...page(() => import('./features/staff/tables/StaffTablesPage')) },
          { path: 'inventory', ...page(() => import('./features/staff/inventory/StaffInventoryPage')) },
          { path: 'low-stock', ...page(() => import('./features/staff/inventory/LowStockPage')) },
          { path: 'history', ...page(() => import('./features/staff/history/OrderHistoryPage')) },
          { path: 'menu', ...page(() => import('./features/staff/menu/MenuLookupPage')) },
          { path: 'ai', ...page(() => import('./features/staff/ai/AiCocktailsPage')) },
        ],
      },
      {
        path: '/super',
        ...page(() => import('./features/super/SuperShell')),
        children: [
          { index: true, ...page(() => import('./features/super/overview/OverviewPage')) },
          { path: 'overview', ...page(() => import('./features/super/overview/OverviewPage')) },
          { path: 'venues', ...page(() => import('./features/super/venues/VenuesPage')) },
          { path: 'impersonate', ...page(() => import('./features/super/impersonate/ImpersonatePage')) },
          { path: 'ai-settings', ...page(() => import('./features/super/ai-settings/AiSettingsPage')) },
          { path: 'ingredients', ...page(() => import('./features/super/ingredients/IngredientsPage')) },
          { path: 'normalize', ...page(() => import('./features/super/normalize/NormalizePage')) },
          { path: 'analytics', ...page(() => import('./features/super/analytics/PlatformAnalyticsPage')) },
          { path: 'errors', ...page(() => import('./features/super/errors/ErrorLogsPage')) },
          { path: 'audit-log', ...page(() => import('./features/super/audit/AuditLogPage')) },
        ],
      },
      { path: '/dev-check', ...page(() => import('./features/diagnostics/DevCheckPage')) },
      { path: '/__diag', ...page(() => import('./features/diagnostics/DiagnosticsPage')) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Loads the page chunks of a URL, all at once (the layout and its page); settles when all have. */
export async function preloadRoute(pathname: string) {
  await Promise.allSettled((matchRoutes(routes, pathname) ?? []).map((match) => (match.route.handle as PageHandle | undefined)?.preload()));
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
