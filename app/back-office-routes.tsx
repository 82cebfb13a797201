// The route tables a guest never visits (docs/decisions/268, 275): one chunk, loaded with the first page of a path
// outside the guest's map (`/*` in app/routes.tsx). Each back-office area's table matches below its root, as
// descendant routes.
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { page, RedirectTo, type BackOfficeArea } from './route-page';

export const AREA_ROUTES: Record<BackOfficeArea, RouteObject[]> = {
  admin: [
    {
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
  ],
  staff: [
    {
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
  ],
  super: [
    {
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
  ],
};

const AdminPages = () => useRoutes(AREA_ROUTES.admin);
const StaffPages = () => useRoutes(AREA_ROUTES.staff);
const SuperPages = () => useRoutes(AREA_ROUTES.super);

/** The paths outside the guest's map, below `/*`; an unknown path falls back to '/'. */
export const OTHER_ROUTES: RouteObject[] = [
  { path: 'login', ...page(() => import('./features/auth/LoginPage')) },
  { path: 'invite/:token', ...page(() => import('./features/auth/InvitePage')) },
  { path: 'admin/*', Component: AdminPages },
  { path: 'staff/*', Component: StaffPages },
  { path: 'super/*', Component: SuperPages },
  { path: 'dev-check', ...page(() => import('./features/diagnostics/DevCheckPage')) },
  { path: '__diag', ...page(() => import('./features/diagnostics/DiagnosticsPage')) },
  { path: '*', element: <Navigate to="/" replace /> },
];
export const OtherPages = () => useRoutes(OTHER_ROUTES);

/** Loads the page chunks `pathname` needs, all at once (a back-office area's shell and its page). */
export async function preloadOtherPath(pathname: string) {
  const area = /^\/(admin|staff|super)(\/|$)/.exec(pathname)?.[1] as BackOfficeArea | undefined;
  const matches = matchRoutes(OTHER_ROUTES, pathname) ?? [];
  await Promise.allSettled([
    ...matches.map((match) => (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.()),
    area && preloadArea(area, pathname),
  ]);
}

/** Loads the page chunks an area's table matches for `pathname`, all at once (the area's shell and its page). */
async function preloadArea(area: BackOfficeArea, pathname: string) {
  const matches = matchRoutes(AREA_ROUTES[area], pathname, `/${area}`) ?? [];
  await Promise.allSettled(matches.map((match) => (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.()));
}
