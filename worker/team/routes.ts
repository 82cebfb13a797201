import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { InviteAcceptBody, InviteTokenParam, TeamInviteBody, TeamMemberUpdate, TeamResetBody } from '../../shared/schemas/team';
import { changedFields, describeWrite } from '../audit';
import { accessSessionFor, endAllSessionsOf, openSession, requireAdmin, scopedVenueId, staffCaller } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { acceptInvite, inviteInfo } from './invites';
import { inviteMember, listTeam, resetMember, updateMember } from './team';

const actorId = (c: Parameters<typeof staffCaller>[0]) => { const caller = staffCaller(c); return caller.impersonatorId ?? caller.userId; };

/** A venue admin's own team (mounted at /api/admin/team): invite, role, disable, reset; every change audited. */
export const adminTeamRoutes = new Hono<AppContext>()
  .get('/', requireAdmin, async (c) => c.json({ team: await listTeam(c.get('db'), scopedVenueId(c)) }))
  .post('/', requireAdmin, validate('json', TeamInviteBody), async (c) => {
    const created = await inviteMember(c.get('db'), scopedVenueId(c), c.req.valid('json'), actorId(c));
    const { member } = created;
    describeWrite(c, {
      action: 'account.create', targetType: 'user', targetId: member.id, restaurantId: member.restaurant_id,
      summary: `Invited ${member.email} as ${member.role}${created.invite_path ? ' with a one-time link' : ' with a password'}`,
      before: null, after: { email: member.email, role: member.role, display_name: member.display_name },
    });
    return c.json(created, 201);
  })
  .patch('/:id', requireAdmin, validate('param', IdParam), validate('json', TeamMemberUpdate), async (c) => {
    const db = c.get('db');
    const { before, member } = await updateMember(db, scopedVenueId(c), c.req.valid('param').id, c.req.valid('json'), staffCaller(c).userId,
      (user) => endAllSessionsOf(c.env, db, user));
    const action = !before.disabled && member.disabled ? 'account.disable' : before.disabled && !member.disabled ? 'account.enable'
      : before.role !== member.role ? 'account.role_change' : 'account.update';
    const summary = action === 'account.disable' ? `Disabled ${member.email}; their sessions ended`
      : action === 'account.enable' ? `Enabled ${member.email}`
      : action === 'account.role_change' ? `Changed ${member.email} from ${before.role} to ${member.role}`
      : `Edited ${member.email}`;
    describeWrite(c, { action, targetType: 'user', targetId: member.id, restaurantId: member.restaurant_id, summary, ...changedFields(before, member, ['claims_version']) });
    return c.json({ member });
  })
  .post('/:id/reset', requireAdmin, validate('param', IdParam), validate('json', TeamResetBody), async (c) => {
    const db = c.get('db');
    const result = await resetMember(db, scopedVenueId(c), c.req.valid('param').id, c.req.valid('json'), actorId(c), (user) => endAllSessionsOf(c.env, db, user));
    describeWrite(c, {
      action: 'account.reset_password', targetType: 'user', targetId: result.member.id, restaurantId: result.member.restaurant_id,
      summary: `Reset the sign-in of ${result.member.email} ${result.invite_path ? 'with a new one-time link' : 'with a new password'}; their sessions ended`,
      before: { signed_in_sessions: 'open' }, after: { signed_in_sessions: 'ended', sign_in: result.invite_path ? 'one-time link' : 'new password' },
    });
    return c.json(result);
  });

/** The one-time link's two steps, for the person it was made for (mounted at /api/auth/invites). */
export const inviteRoutes = new Hono<AppContext>()
  .get('/:token', validate('param', InviteTokenParam), async (c) => c.json(await inviteInfo(c.get('db'), c.req.valid('param').token)))
  .post('/:token/accept', validate('param', InviteTokenParam), validate('json', InviteAcceptBody), async (c) => {
    const user = await acceptInvite(c.get('db'), c.req.valid('param').token, c.req.valid('json').password);
    return c.json(await accessSessionFor(c, user, await openSession(c, user.id)));
  });
