import { AlertTriangle, Armchair, Bot, ClipboardList, History, Package, Search } from 'lucide-react';
import { BackOfficeShell, type NavEntry } from '../auth/BackOfficeShell';

/** Spec: the staff portal navigation. */
export const STAFF_NAV: NavEntry[] = [
  { to: '/staff/orders', label: 'Active Orders', icon: ClipboardList },
  { to: '/staff/tables', label: 'Tables', icon: Armchair },
  { to: '/staff/history', label: 'Order History', icon: History },
  { to: '/staff/menu', label: 'Menu Lookup', icon: Search },
  { to: '/staff/inventory', label: 'Inventory', icon: Package },
  { to: '/staff/low-stock', label: 'Low Stock', icon: AlertTriangle },
  { to: '/staff/ai', label: 'AI Cocktails', icon: Bot },
];

/** Staff, admins and super admins. */
export default function StaffShell() {
  return <BackOfficeShell area="staff" nav={STAFF_NAV} />;
}
