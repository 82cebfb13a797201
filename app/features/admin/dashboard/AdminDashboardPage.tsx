import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../ui/toast';
import { useAuth } from '../../auth/staff-hooks';
import { useAdminVenue } from '../api';
import { SetupChecklist } from '../setup/SetupChecklist';
import { AiControlsTab } from './AiControlsTab';
import { InventoryTab } from './InventoryTab';
import { LiveDashboardTab } from './LiveDashboardTab';
import { MenuDrinksTab } from './MenuDrinksTab';
import { OrdersTab } from './OrdersTab';
import { useStoredState } from './parts';

const TABS = [
  { key: 'inventory', label: 'Inventory', path: '/admin/inventory' },
  { key: 'menu', label: 'Menu Drinks', path: '/admin/menu-drinks' },
  { key: 'orders', label: 'Orders', path: '/admin/orders' },
  { key: 'ai-controls', label: 'AI Controls', path: '/admin/ai-controls' },
  { key: 'realtime', label: 'Live Dashboard', path: '/admin/dashboard' },
] as const;
type TabKey = (typeof TABS)[number]['key'];
const TAB_KEYS = TABS.map((t) => t.key);
export const ADMIN_TAB_STORAGE_KEY = 'barhop.admin.tab';

/** The section a path opens (the sidebar links to each); /admin restores the remembered one. */
export function tabForPath(pathname: string): TabKey | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  switch (last) {
    case 'inventory': return 'inventory';
    case 'menu':
    case 'menu-drinks': return 'menu';
    case 'orders': return 'orders';
    case 'ai-controls':
    case 'ai-settings': return 'ai-controls';
    case 'dashboard': return 'realtime';
    default: return null;
  }
}

export default function AdminDashboardPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [storedTab, setStoredTab] = useStoredState<TabKey>(ADMIN_TAB_STORAGE_KEY, TAB_KEYS, 'inventory');
  const hasVenue = Boolean(auth.restaurantId);
  const venue = useAdminVenue(auth.isAdmin && hasVenue);
  const fromPath = tabForPath(location.pathname);
  const tab = fromPath ?? storedTab;
  useEffect(() => { if (fromPath) setStoredTab(fromPath); }, [fromPath]); // eslint-disable-line react-hooks/exhaustive-deps

  async function logout() {
    await auth.logout().catch(() => undefined);
    toast.success('Logged out successfully');
    navigate('/login', { replace: true });
  }

  if (auth.loading || (auth.isAdmin && hasVenue && venue.isPending)) {
    return <main className="page center-screen" aria-busy="true"><p>Loading admin dashboard...</p></main>;
  }
  if (!auth.isAdmin || !hasVenue || !venue.data) {
    return (
      <main className="page center-screen">
        <div className="card stack empty-state" role="alert">
          <h1>Access Denied</h1>
          <p>{venue.isError ? 'Failed to load venue data' : "You don't have permission to access this dashboard"}</p>
          <button type="button" className="btn btn-primary" onClick={() => void logout()}>Go Back</button>
        </div>
      </main>
    );
  }

  const v = venue.data;

  return (
    <main className="page stack admin-dashboard">
      <div className="admin-banner" role="note">ADMIN DASHBOARD</div>
      {!v.active && (
        <div className="card inactive-venue-banner" role="alert" data-testid="inactive-venue-banner">
          <strong>{v.name} is inactive.</strong> Guests cannot open its menu or place orders until the platform team activates it again.
          You can keep editing the menu, stock and profile.
        </div>
      )}
      <header className="row admin-header">
        <div>
          <h1>{v.name} Admin</h1>
          <p className="lead">Bar Management Dashboard</p>
          <p className="muted">{v.name} · <span className="admin-slug">{v.slug}</span></p>
        </div>
        <span className="spacer" />
        <div className="stack admin-user">
          <span className="muted">Admin User</span>
          <span>{auth.user?.email}</span>
        </div>
      </header>
      <SetupChecklist />
      {/* One navigation (docs/decisions/199): the sidebar opens each section; the shell holds the one Logout. */}
      <section aria-label={TABS.find((t) => t.key === tab)!.label}>
        {tab === 'inventory' && <InventoryTab />}
        {tab === 'menu' && <MenuDrinksTab />}
        {tab === 'orders' && <OrdersTab venueId={v.id} />}
        {tab === 'ai-controls' && <AiControlsTab />}
        {tab === 'realtime' && <LiveDashboardTab venue={v} />}
      </section>
    </main>
  );
}
