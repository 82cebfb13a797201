import { Bug, Building2, ScrollText, FlaskConical, LayoutDashboard, LineChart, Shuffle, Sparkles, UserCog } from 'lucide-react';
import { BackOfficeShell, type NavEntry } from '../auth/BackOfficeShell';

/** Spec: the super admin console navigation. */
export const SUPER_NAV: NavEntry[] = [
  { to: '/super', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/super/venues', label: 'Venues', icon: Building2 },
  { to: '/super/impersonate', label: 'Impersonate', icon: UserCog },
  { to: '/super/ai-settings', label: 'AI Settings', icon: Sparkles },
  { to: '/super/ingredients', label: 'Ingredients', icon: FlaskConical },
  { to: '/super/normalize', label: 'Normalize', icon: Shuffle },
  { to: '/super/analytics', label: 'AI & Revenue', icon: LineChart },
  { to: '/super/errors', label: 'Error Logs', icon: Bug },
  { to: '/super/audit-log', label: 'Audit Log', icon: ScrollText },
];

/** Super admins only. */
export default function SuperShell() {
  return <BackOfficeShell area="super" nav={SUPER_NAV} />;
}
