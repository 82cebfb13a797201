import { BarChart3, ClipboardList, LayoutDashboard, Package, QrCode, ScrollText, Sparkles, Store, Wine } from 'lucide-react';
import { BackOfficeShell, type NavEntry } from '../auth/BackOfficeShell';

/** Spec: the admin shell navigation. */
export const ADMIN_NAV: NavEntry[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/menu', label: 'Menu Manager', icon: Wine },
  { to: '/admin/inventory', label: 'Inventory', icon: Package },
  { to: '/admin/orders', label: 'Orders', icon: ClipboardList },
  { to: '/admin/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/admin/qr', label: 'QR Generator', icon: QrCode },
  { to: '/admin/ai-settings', label: 'AI Settings', icon: Sparkles },
  { to: '/admin/profile', label: 'Venue Profile', icon: Store },
  { to: '/admin/audit-log', label: 'Audit Log', icon: ScrollText },
];

/** Admins and super admins (a super admin picks a venue or impersonates). */
export default function AdminShell() {
  return <BackOfficeShell area="admin" nav={ADMIN_NAV} />;
}
