import { Armchair, BarChart3, ClipboardList, FileSpreadsheet, Languages, LayoutDashboard, Moon, Package, QrCode, ScrollText, Sparkles, Store, Users, Wine } from 'lucide-react';
import { BackOfficeShell, type NavEntry } from '../auth/BackOfficeShell';

/** The admin's one navigation (docs/decisions/199): the dashboard's five sections, then the other pages. */
export const ADMIN_NAV: NavEntry[] = [
  { to: '/admin/dashboard', label: 'Live Dashboard', icon: LayoutDashboard },
  { to: '/admin/menu-drinks', label: 'Menu Drinks', icon: Wine },
  { to: '/admin/inventory', label: 'Inventory', icon: Package },
  { to: '/admin/orders', label: 'Orders', icon: ClipboardList },
  { to: '/admin/ai-controls', label: 'AI Controls', icon: Sparkles },
  { to: '/admin/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/admin/reports', label: 'Close of Night', icon: Moon },
  { to: '/admin/imports', label: 'Import & Export', icon: FileSpreadsheet },
  { to: '/admin/tables', label: 'Tables', icon: Armchair },
  { to: '/admin/qr', label: 'QR Generator', icon: QrCode },
  { to: '/admin/profile', label: 'Venue Profile', icon: Store },
  { to: '/admin/translations', label: 'Translations', icon: Languages },
  { to: '/admin/team', label: 'Team', icon: Users },
  { to: '/admin/audit-log', label: 'Audit Log', icon: ScrollText },
];

/** Admins and super admins (a super admin picks a venue or impersonates). */
export default function AdminShell() {
  return <BackOfficeShell area="admin" nav={ADMIN_NAV} />;
}
