import { useState, type FormEvent } from 'react';
import { CreateStaffBody, MIN_PASSWORD_LENGTH, type StaffAccount } from '../../../../shared/schemas/super';
import type { Venue } from '../../../../shared/schemas/venue';
import { errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/Modal';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useCreateStaff, useResetPassword, useUpdateAccount, useVenueStaff } from '../api';

/** A password the server generated, shown once so the super admin can hand it over. */
function OneTimePassword({ email, password }: { email: string; password: string }) {
  return (
    <div className="card super-secret" role="status">
      <p>Temporary password for <strong>{email}</strong> (shown once):</p>
      <code className="mono">{password}</code>
    </div>
  );
}

function AccountRow({ account, venueId, onPassword }: { account: StaffAccount; venueId: string; onPassword: (email: string, password: string) => void }) {
  const update = useUpdateAccount(venueId);
  const reset = useResetPassword();

  const [pending, setPending] = useState<{ body: { role?: 'admin' | 'staff'; disabled?: boolean }; done: string } | null>(null);

  async function change(body: { role?: 'admin' | 'staff'; disabled?: boolean }, done: string) {
    setPending(null);
    try {
      await update.mutateAsync({ id: account.id, body });
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update account'));
    }
  }

  async function resetPassword() {
    if (!window.confirm(`Reset the password of ${account.email}? Their sessions end.`)) return;
    try {
      const result = await reset.mutateAsync(account.id);
      if (result.temporary_password) onPassword(account.email, result.temporary_password);
      toast.success(`Password reset for ${account.email}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to reset password'));
    }
  }

  const confirmText = pending?.body.disabled
    ? `${account.email} can no longer sign in; their open sessions stop working. You can enable the account again later.`
    : pending?.body.role === 'admin'
      ? `${account.email} becomes an admin of this venue: they can change its menu, stock, prices, profile and settings. They must sign in again.`
      : `${account.email} becomes staff: they lose the admin dashboard and keep the staff portal. They must sign in again.`;

  return (
    <tr>
      <td>
        {pending && (
          <ConfirmDialog
            title={pending.body.disabled ? `Disable ${account.email}?` : `Make ${account.email} ${pending.body.role}?`}
            confirmLabel={pending.body.disabled ? 'Disable account' : 'Change role'} busy={update.isPending}
            onCancel={() => setPending(null)} onConfirm={() => void change(pending.body, pending.done)}
          >
            <p>{confirmText}</p>
          </ConfirmDialog>
        )}
        <div>{account.display_name ?? account.email}</div>
        {account.display_name && <div className="muted">{account.email}</div>}
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`role-${account.id}`}>Role of {account.email}</label>
        <select
          id={`role-${account.id}`} value={account.role} disabled={update.isPending || account.role === 'superadmin'}
          onChange={(e) => setPending({ body: { role: e.target.value as 'admin' | 'staff' }, done: `${account.email} is now ${e.target.value}` })}
        >
          <option value="admin">admin</option>
          <option value="staff">staff</option>
        </select>
      </td>
      <td>{account.disabled ? <span className="badge badge-danger">Disabled</span> : <span className="badge badge-success">Active</span>}</td>
      <td>
        <div className="row">
          <button type="button" className="btn btn-small" onClick={() => void resetPassword()} disabled={reset.isPending}>Reset password</button>
          <button
            type="button" className="btn btn-small btn-ghost" disabled={update.isPending}
            onClick={() => (account.disabled
              ? void change({ disabled: false }, `${account.email} enabled`)
              : setPending({ body: { disabled: true }, done: `${account.email} disabled` }))}
          >
            {account.disabled ? 'Enable' : 'Disable'}
          </button>
        </div>
      </td>
    </tr>
  );
}

function CreateAccountForm({ venueId, onPassword }: { venueId: string; onPassword: (email: string, password: string) => void }) {
  const create = useCreateStaff(venueId);
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<'admin' | 'staff'>('staff');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { email, role, display_name: displayName || undefined, password: password || undefined };
    const checked = CreateStaffBody.safeParse(body);
    if (!checked.success) { setError(checked.error.issues[0]!.message); return; }
    setError(null);
    try {
      const created = await create.mutateAsync(body);
      toast.success(`${created.account.email} added as ${created.account.role}`);
      if (created.temporary_password) onPassword(created.account.email, created.temporary_password);
      setEmail(''); setDisplayName(''); setPassword('');
    } catch (err) {
      setError(errorMessage(err, 'Failed to create account'));
    }
  }

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate aria-label="Add an account">
      <h3>Add an account</h3>
      <div className="super-form-grid">
        <div className="field">
          <label htmlFor="staff-email">Email</label>
          <input id="staff-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor="staff-name">Name (optional)</label>
          <input id="staff-name" value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="staff-role">Role</label>
          <select id="staff-role" value={role} onChange={(e) => setRole(e.target.value as 'admin' | 'staff')}>
            <option value="staff">Staff</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="staff-password">Password (optional)</label>
          <input id="staff-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby="staff-password-hint" />
          <p className="muted super-hint" id="staff-password-hint">At least {MIN_PASSWORD_LENGTH} characters; leave empty to generate one.</p>
        </div>
      </div>
      {error && <p className="field-error" role="alert">{error}</p>}
      <div><button type="submit" className="btn btn-primary" disabled={create.isPending}>{create.isPending ? 'Adding...' : 'Add account'}</button></div>
    </form>
  );
}

/** 'View staff': the venue's admins and staff, with create, role change, disable and password reset. */
export function VenueStaffModal({ venue, onClose }: { venue: Venue; onClose: () => void }) {
  const staff = useVenueStaff(venue.id);
  const [secret, setSecret] = useState<{ email: string; password: string } | null>(null);
  const onPassword = (email: string, password: string) => setSecret({ email, password });

  return (
    <Modal title={`Staff of ${venue.name}`} onClose={onClose} actions={<button type="button" className="btn" onClick={onClose} data-autofocus>Close</button>}>
      {secret && <OneTimePassword {...secret} />}
      {staff.isPending ? <p className="muted" role="status">Loading staff...</p>
        : staff.isError ? <p className="field-error" role="alert">Failed to load staff: {errorMessage(staff.error, '')}</p>
        : staff.data.length === 0 ? <p className="empty-state">No staff or admin accounts yet</p>
        : (
          <div className="table-wrap">
            <table>
              <thead><tr><th scope="col">Account</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
              <tbody>{staff.data.map((a) => <AccountRow key={a.id} account={a} venueId={venue.id} onPassword={onPassword} />)}</tbody>
            </table>
          </div>
        )}
      <CreateAccountForm venueId={venue.id} onPassword={onPassword} />
    </Modal>
  );
}
