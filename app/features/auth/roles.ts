import type { StaffRole } from '../../../shared/constants';

/** Spec: an authenticated user is sent on by role. */
export function homeForRole(role: StaffRole | null | undefined): string {
  if (role === 'superadmin') return '/super';
  if (role === 'admin') return '/admin';
  if (role === 'staff') return '/staff';
  return '/';
}

export type BackOfficeArea = 'admin' | 'staff' | 'super';

/** Who each area admits (docs/decisions/191-roles-venue-teams-and-accounts.md). */
export function areaAdmits(area: BackOfficeArea, effectiveRole: StaffRole | null, realRole: StaffRole | null): boolean {
  if (area === 'super') return realRole === 'superadmin';
  if (area === 'admin') return effectiveRole === 'admin' || effectiveRole === 'superadmin';
  return effectiveRole === 'staff' || effectiveRole === 'admin' || effectiveRole === 'superadmin';
}
