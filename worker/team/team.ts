// A venue admin's own team (docs/product.md §11.5): every read and change is of an account of the caller's venue;
// another venue's account is not found, so nothing crosses venues (docs/decisions/191).
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffAccount } from '../../shared/schemas/super';
import type { TeamInviteBody, TeamMember, TeamMemberUpdate, TeamResetBody } from '../../shared/schemas/team';
import { users } from '../db/schema';
import type { Db } from '../env';
import { badRequest, notFound } from '../lib/errors';
import { createVenueAccount, listVenueAccounts, resetAccountPassword, toStaffAccount, updateAccount, type EndSessions } from './accounts';
import { issueInvite, pendingInviteUserIds } from './invites';

const asMember = (account: StaffAccount, pending: Set<string>): TeamMember => ({ ...account, invite_pending: pending.has(account.id) });

export async function listTeam(db: Db, venueId: string): Promise<TeamMember[]> {
  const accounts = await listVenueAccounts(db, venueId);
  const pending = await pendingInviteUserIds(db, accounts.map((a) => a.id));
  return accounts.map((a) => asMember(a, pending));
}

/** The venue's account `userId`, or 404 (another venue's account, a super admin, or none). */
export async function teamMemberOf(db: Db, venueId: string, userId: string): Promise<TeamMember> {
  const row = await db.query.users.findFirst({ where: and(eq(users.id, userId), eq(users.restaurantId, venueId)) });
  if (!row || row.role === 'superadmin') throw notFound('Team member not found');
  return asMember(toStaffAccount(row), await pendingInviteUserIds(db, [row.id]));
}

/** With a password the account is ready; without one it gets a one-time link, shown once. */
export async function inviteMember(db: Db, venueId: string, input: z.output<typeof TeamInviteBody>, invitedBy: string) {
  const { account } = await createVenueAccount(db, venueId, input);
  const invitePath = input.password ? null : await issueInvite(db, account.id, invitedBy);
  return { member: { ...account, invite_pending: invitePath !== null }, invite_path: invitePath };
}

/** An admin never locks themselves out: their own role and access are changed by another admin. */
function refuseSelfLockout(callerUserId: string, userId: string, input: z.output<typeof TeamMemberUpdate>) {
  if (callerUserId !== userId) return;
  if (input.disabled === true) throw badRequest('You cannot disable your own account', [{ path: 'disabled', message: 'You cannot disable your own account' }]);
  if (input.role === 'staff') throw badRequest('You cannot remove your own admin role', [{ path: 'role', message: 'You cannot remove your own admin role' }]);
}

export async function updateMember(db: Db, venueId: string, userId: string, input: z.output<typeof TeamMemberUpdate>, callerUserId: string, endSessions: EndSessions) {
  const before = await teamMemberOf(db, venueId, userId);
  refuseSelfLockout(callerUserId, userId, input);
  await updateAccount(db, userId, input, endSessions);
  return { before, member: await teamMemberOf(db, venueId, userId) };
}

/** A new password, or a new one-time link; either way every session of the account ends. */
export async function resetMember(db: Db, venueId: string, userId: string, input: z.output<typeof TeamResetBody>, resetBy: string, endSessions: EndSessions) {
  await teamMemberOf(db, venueId, userId);
  const reset = await resetAccountPassword(db, userId, input.password, endSessions);
  const invitePath = input.password ? null : await issueInvite(db, userId, resetBy);
  return { member: await teamMemberOf(db, venueId, userId), invite_path: invitePath, sessions_revoked: reset.sessions_revoked };
}
