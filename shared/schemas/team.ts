// Wire shapes of a venue's own team (/api/admin/team) and of the one-time invite link (/api/auth/invites).
import { z } from 'zod';
import { typedName } from './typed-name';
import { AuthSession } from './auth';
import { CreateStaffBody, ResetPasswordBody, StaffAccount, VENUE_ACCOUNT_ROLES } from './super';

/** How long an invite or reset link stays usable (docs/decisions/191). */
export const INVITE_TTL_DAYS = 7;

/** A team member as the admin's Team section lists them: `invite_pending` until the link is used. */
export const TeamMember = StaffAccount.extend({ invite_pending: z.boolean() });
export type TeamMember = z.infer<typeof TeamMember>;
export const TeamList = z.object({ team: z.array(TeamMember) });

/** POST /api/admin/team: with a password the account signs in at once; without one a one-time link is made. */
export const TeamInviteBody = CreateStaffBody;
export type TeamInviteBody = z.input<typeof TeamInviteBody>;

/** The link (a path on this site) is shown once; only its hash is kept. */
export const TeamInviteResult = z.object({ member: TeamMember, invite_path: z.string().nullable() });
export type TeamInviteResult = z.infer<typeof TeamInviteResult>;

/** PATCH /api/admin/team/{id}: role, name, disabled. Venue never changes here. */
export const TeamMemberUpdate = z.object({
  role: z.enum(VENUE_ACCOUNT_ROLES).optional(),
  display_name: typedName(z.string().trim()).max(120).nullable().optional(),
  disabled: z.boolean().optional(),
}).strict().refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type TeamMemberUpdate = z.input<typeof TeamMemberUpdate>;
export const TeamMemberResponse = z.object({ member: TeamMember });

/** POST /api/admin/team/{id}/reset: a new password, or (none given) a new one-time link; every session ends. */
export const TeamResetBody = ResetPasswordBody;
export const TeamResetResult = z.object({ member: TeamMember, invite_path: z.string().nullable(), sessions_revoked: z.boolean() });
export type TeamResetResult = z.infer<typeof TeamResetResult>;

export const InviteTokenParam = z.object({ token: z.string().trim().min(20).max(100) });
/** GET /api/auth/invites/{token}: who the link is for, before they choose a password. */
export const InviteInfo = z.object({ email: z.string(), display_name: z.string().nullable(), venue_name: z.string().nullable(), role: z.enum(VENUE_ACCOUNT_ROLES) });
export type InviteInfo = z.infer<typeof InviteInfo>;
export const InviteAcceptBody = z.object({ password: CreateStaffBody.shape.password.unwrap() });
export type InviteAcceptBody = z.input<typeof InviteAcceptBody>;
export const InviteAcceptResult = AuthSession;
