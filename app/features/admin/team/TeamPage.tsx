// The admin's Team section (docs/product.md §11.5): invite by email with a one-time link or a password, set the
// role, disable, reset. Only this venue's accounts are listed; every change is in the audit log.
import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/schemas/super';
import { INVITE_TTL_DAYS, TeamInviteBody, type TeamMember } from '../../../../shared/schemas/team';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsOf, type FieldErrors } from '../../../lib/field-errors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useAuth } from '../../auth/staff-hooks';
import { inviteLink, useInviteMember, useResetMember, useTeam, useUpdateMember } from './api';

type Role = 'admin' | 'staff';
type Handover = { email: string; path: string };

/** A one-time link, shown once: the admin copies it and hands it over. */
function OneTimeLink({ handover, onDone }: { handover: Handover; onDone: () => void }) {
  const link = inviteLink(handover.path);
  return (
    <div className="card stack" role="status" aria-label="One-time sign-in link">
      <p>Give this link to <strong>{handover.email}</strong>. It works once, for {INVITE_TTL_DAYS} days: they choose their password and are signed in.</p>
      <input className="mono" readOnly value={link} aria-label={`Sign-in link for ${handover.email}`} onFocus={(e) => e.currentTarget.select()} />
      <div className="row">
        <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success('Link copied'))}>Copy link</button>
        <button type="button" className="btn btn-small btn-ghost" onClick={onDone}>Done</button>
      </div>
    </div>
  );
}

function InviteForm({ onLink }: { onLink: (handover: Handover) => void }) {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [method, setMethod] = useState<'link' | 'password'>('link');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { email, role, display_name: displayName || undefined, password: method === 'password' ? password : undefined };
    const checked = TeamInviteBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    try {
      const created = await invite.mutateAsync(body);
      toast.success(`${created.member.email} invited as ${created.member.role}`);
      if (created.invite_path) onLink({ email: created.member.email, path: created.invite_path });
      setEmail(''); setDisplayName(''); setPassword('');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(err, 'Failed to invite') });
    }
  }

  const error = (field: string) => errors[field] && <p className="field-error" role="alert" id={`team-${field}-error`}>{errors[field]}</p>;
  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} noValidate aria-label="Invite a team member">
      <h2>Invite a team member</h2>
      <div className="super-form-grid">
        <div className="field">
          <label htmlFor="team-email">Email</label>
          <input id="team-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(errors.email)} />
          {error('email')}
        </div>
        <div className="field">
          <label htmlFor="team-name">Name (optional)</label>
          <input id="team-name" value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="team-role">Role</label>
          <select id="team-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            <option value="staff">Staff: orders, tables, stock</option>
            <option value="admin">Admin: everything in this venue</option>
          </select>
        </div>
        <fieldset className="field">
          <legend>How they sign in</legend>
          <label><input type="radio" name="team-method" checked={method === 'link'} onChange={() => setMethod('link')} /> A one-time link: they choose their password</label>
          <label><input type="radio" name="team-method" checked={method === 'password'} onChange={() => setMethod('password')} /> A password I set now</label>
        </fieldset>
        {method === 'password' && (
          <div className="field">
            <label htmlFor="team-password">Password</label>
            <input id="team-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={Boolean(errors.password)} />
            <p className="muted super-hint">At least {MIN_PASSWORD_LENGTH} characters.</p>
            {error('password')}
          </div>
        )}
      </div>
      {error('form')}
      <div><button type="submit" className="btn btn-primary" disabled={invite.isPending}>{invite.isPending ? 'Inviting...' : 'Invite'}</button></div>
    </form>
  );
}

type Pending = { kind: 'role'; role: Role } | { kind: 'disable' } | { kind: 'reset' };

function MemberRow({ member, isSelf, onLink }: { member: TeamMember; isSelf: boolean; onLink: (handover: Handover) => void }) {
  const update = useUpdateMember();
  const reset = useResetMember();
  const [pending, setPending] = useState<Pending | null>(null);
  const who = member.display_name ?? member.email;

  async function confirm(action: Pending) {
    setPending(null);
    try {
      if (action.kind === 'reset') {
        const result = await reset.mutateAsync({ id: member.id });
        if (result.invite_path) onLink({ email: member.email, path: result.invite_path });
        toast.success(`${member.email} is signed out everywhere; a new sign-in link is ready`);
      } else if (action.kind === 'disable') {
        await update.mutateAsync({ id: member.id, body: { disabled: true } });
        toast.success(`${member.email} disabled`);
      } else {
        await update.mutateAsync({ id: member.id, body: { role: action.role } });
        toast.success(`${member.email} is now ${action.role}`);
      }
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to change the team member'));
    }
  }

  async function enable() {
    try {
      await update.mutateAsync({ id: member.id, body: { disabled: false } });
      toast.success(`${member.email} enabled`);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to enable'));
    }
  }

  const dialog = pending && (
    pending.kind === 'disable' ? (
      <ConfirmDialog title={`Disable ${who}?`} confirmLabel="Disable" busy={update.isPending} onCancel={() => setPending(null)} onConfirm={() => void confirm(pending)}>
        <p>{member.email} is signed out on every device at once and cannot sign in until you enable the account again.</p>
      </ConfirmDialog>
    ) : pending.kind === 'reset' ? (
      <ConfirmDialog title={`Reset ${who}'s sign-in?`} confirmLabel="Reset sign-in" busy={reset.isPending} onCancel={() => setPending(null)} onConfirm={() => void confirm(pending)}>
        <p>Their password stops working and they are signed out everywhere. You get a new one-time link to hand them.</p>
      </ConfirmDialog>
    ) : (
      <ConfirmDialog title={`Make ${who} ${pending.role}?`} confirmLabel="Change role" busy={update.isPending} onCancel={() => setPending(null)} onConfirm={() => void confirm(pending)}>
        <p>{pending.role === 'admin'
          ? `${member.email} can change this venue's menu, stock, prices, team and settings. They sign in again.`
          : `${member.email} keeps the staff portal and loses the admin dashboard. They sign in again.`}</p>
      </ConfirmDialog>
    )
  );

  return (
    <tr data-testid={`team-member-${member.email}`}>
      <td>
        {dialog}
        <div>{who}{isSelf && <span className="muted"> (you)</span>}</div>
        {member.display_name && <div className="muted">{member.email}</div>}
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`team-role-${member.id}`}>Role of {member.email}</label>
        <select id={`team-role-${member.id}`} value={member.role} disabled={isSelf || update.isPending} onChange={(e) => setPending({ kind: 'role', role: e.target.value as Role })}>
          <option value="admin">Admin</option>
          <option value="staff">Staff</option>
        </select>
      </td>
      <td>
        {member.disabled ? <span className="badge badge-danger">Disabled</span>
          : member.invite_pending ? <span className="badge badge-info">Invite pending</span>
          : <span className="badge badge-success">Active</span>}
      </td>
      <td>
        <div className="row">
          <button type="button" className="btn btn-small" disabled={isSelf || reset.isPending} onClick={() => setPending({ kind: 'reset' })}>Reset sign-in</button>
          {member.disabled
            ? <button type="button" className="btn btn-small btn-ghost" disabled={update.isPending} onClick={() => void enable()}>Enable</button>
            : <button type="button" className="btn btn-small btn-ghost" disabled={isSelf || update.isPending} onClick={() => setPending({ kind: 'disable' })}>Disable</button>}
        </div>
      </td>
    </tr>
  );
}

export default function TeamPage() {
  const team = useTeam();
  const auth = useAuth();
  const [handover, setHandover] = useState<Handover | null>(null);
  const selfId = auth.impersonation ? null : auth.user?.id ?? null;

  return (
    <main className="page stack">
      <h1>Team</h1>
      <p className="muted">The people who run this venue with you. Staff work orders, tables and stock; admins can change everything here. Every change is in the audit log.</p>
      {handover && <OneTimeLink handover={handover} onDone={() => setHandover(null)} />}
      <InviteForm onLink={setHandover} />
      {team.isError ? <p className="field-error" role="alert">Failed to load the team: {errorMessage(team.error, 'unknown error')}</p>
        : team.isPending ? <p className="muted">Loading team...</p> : (
          <div className="table-wrap">
            <table aria-label="Team">
              <thead><tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
              <tbody>
                {team.data.map((member) => <MemberRow key={member.id} member={member} isSelf={member.id === selfId} onLink={setHandover} />)}
              </tbody>
            </table>
          </div>
        )}
    </main>
  );
}
