// Every route of the app by area, for the specs that visit them all (a11y, visual). Checked against
// app/routes.tsx (and app/venue-other-routes.tsx, app/back-office-routes.tsx) by routesInApp, so a screen added there without a place here fails those specs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const SLUG = 'artisan-bar';
const GUEST = ['', '/category/:categorySlug', '/drink/:drinkId', '/vibe', '/ai', '/ai-chat', '/cart', '/order/:orderId', '/order-status/:orderId',
  '/order-confirmation', '/auth', '/me', '/profile', '/table', '/table/tab', '/table/split', '/table/pay/:shareId', '/table/hold', '/checkout/pay'].map((p) => `/venue/:slug${p}`);
export const AREAS: Record<'public' | 'guest' | 'admin' | 'staff' | 'super', string[]> = {
  public: ['/', '/login', '/invite/:token', '/dev-check', '/__diag'],
  guest: GUEST,
  admin: ['dashboard', 'inventory', 'menu-drinks', 'menu', 'orders', 'ai-controls', 'ai-settings', 'analytics', 'tables', 'qr', 'profile', 'settings', 'audit-log', 'imports', 'reports', 'team', 'translations'].map((p) => `/admin/${p}`),
  staff: ['orders', 'tables', 'inventory', 'low-stock', 'history', 'menu', 'ai'].map((p) => `/staff/${p}`),
  super: ['overview', 'venues', 'impersonate', 'ai-settings', 'ingredients', 'normalize', 'analytics', 'errors', 'audit-log'].map((p) => `/super/${p}`),
};
export const SIGN_IN: Record<'admin' | 'staff' | 'super', string> = { admin: 'admin@barhop.dev', staff: 'staff@barhop.dev', super: 'superadmin@barhop.dev' };

/** Every `path: '...'` in app/routes.tsx and the back office's tables, app/back-office-routes.tsx (and the mapped admin list). */
export function routesInApp(): string[] {
  const source = ['routes.tsx', 'venue-other-routes.tsx', 'back-office-routes.tsx'].map((file) => readFileSync(path.join(process.cwd(), 'app', file), 'utf8')).join('\n');
  const literal = [...source.matchAll(/path:\s*'([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '*');
  const mapped = [...source.matchAll(/\[((?:'[^']+',?\s*)+)\]\.map\(\(path\)/g)].flatMap((m) => [...m[1]!.matchAll(/'([^']+)'/g)].map((x) => x[1]!));
  return [...literal, ...mapped];
}

/** Route segments of app/routes.tsx that AREAS does not visit (a `*` is the page's own sub-paths, listed in AREAS). */
export function uncoveredRoutes(): string[] {
  const covered = new Set(Object.values(AREAS).flat().flatMap((p) => p.split('/').filter(Boolean)));
  return routesInApp().flatMap((p) => p.split('/').filter(Boolean)).filter((segment) => segment !== '*' && !covered.has(segment));
}
