import { useState } from 'react';
import { Link, useNavigate, useOutletContext } from 'react-router';
import { Copy, Share2 } from 'lucide-react';
import type { TableMember } from '../../../shared/schemas/tables';
import { errorMessage } from '../../lib/api-client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';
import { GuestHeader } from '../guest/venue/GuestHeader';
import type { VenueContext } from '../guest/venue/VenueLayout';
import { useAnswerJoin, useRemoveMember, useTableSettings, type TableView } from './api';
import { inviteLink, tableRights } from './rights';
import { NotAtTable, TableLoading } from './NotAtTable';
import { useTable } from './use-table';
import './tables.css';
import { useLingui } from '@lingui/react/macro';

/** /venue/:slug/table: the guest's table: the invite to share, who is here, leaving; the host's controls (docs/decisions/231). */
export default function TablePage() {
  const { venue } = useOutletContext<VenueContext>();
  const { t } = useLingui();
  const { view, pending } = useTable(venue.slug);
  const back = { to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` };
  return (
    <>
      <GuestHeader title={view ? t`Table ${{ table: view.table.table }}` : t`Your table`} subtitle={venue.name} back={back} />
      <main className="guest-main stack">
        {pending ? <TableLoading /> : view ? <TableDetails slug={venue.slug} view={view} /> : <NotAtTable slug={venue.slug} />}
      </main>
    </>
  );
}

function TableDetails({ slug, view }: { slug: string; view: TableView }) {
  const { table } = view;
  const { t } = useLingui();
  const rights = tableRights(view);
  const navigate = useNavigate();
  const settings = useTableSettings(table.session_id);
  const answerJoin = useAnswerJoin(table.session_id);
  const removeMember = useRemoveMember(slug, table.session_id);
  const [confirming, setConfirming] = useState<TableMember | null>(null);
  const link = inviteLink(window.location.origin, slug, table);
  const leaving = confirming?.id === rights.you;
  const nextHost = table.members.filter((m) => m.id !== rights.you).sort((a, b) => a.joined_at.localeCompare(b.joined_at))[0];

  const share = async () => {
    const text = t`Join table ${{ table: table.table }}: code ${{ code: table.join_code }}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t`Table ${{ table: table.table }}`, text, url: link });
        return;
      } catch {
        // Closed or refused: the link is copied instead.
      }
    }
    copy();
  };
  const copy = () => {
    const refused = () => toast.error(t`Could not copy the link: select it and copy it yourself`);
    if (!navigator.clipboard) { refused(); return; }
    navigator.clipboard.writeText(link).then(() => toast.success(t`Invite link copied`), refused);
  };

  const answer = (memberId: string, letIn: boolean) =>
    answerJoin.mutate({ memberId, letIn }, { onError: (err) => toast.error(errorMessage(err, t`Could not change the table. Please try again.`)) });

  const remove = () => {
    if (!confirming) return;
    const member = confirming;
    removeMember.mutate({ memberId: member.id, leaving }, {
      onSuccess: () => {
        setConfirming(null);
        if (leaving) {
          toast.success(t`You left table ${{ table: table.table }}`);
          navigate(`/venue/${slug}`);
        } else toast.success(t`${{ name: member.name }} left the table`);
      },
      onError: (err) => { setConfirming(null); toast.error(errorMessage(err, t`Could not change the table. Please try again.`)); },
    });
  };

  return (
    <>
      <section className="card stack" aria-labelledby="invite-heading">
        <h2 id="invite-heading">{t`Invite the table`}</h2>
        <p className="muted">{t`Friends join with this code, or open the link.`}</p>
        <p className="table-code" aria-label={t`Table code ${{ code: table.join_code.split('').join(' ') }}`}>{table.join_code}</p>
        <p className="invite-link"><a href={link}>{link}</a></p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => void share()}><Share2 aria-hidden="true" size={18} />{t`Share invite`}</button>
          <button type="button" className="btn" onClick={copy}><Copy aria-hidden="true" size={18} />{t`Copy link`}</button>
        </div>
      </section>

      <section className="card stack" aria-labelledby="members-heading">
        <h2 id="members-heading">{t`At the table`}</h2>
        <ul className="member-list" aria-label={t`Members`}>
          {table.members.map((member) => (
            <li key={member.id} className="member-row">
              <span className="member-name">{member.name}{member.id === rights.you && ` ${t`(you)`}`}</span>
              {member.id === table.host_member_id && <span className="badge badge-info">{t`Host`}</span>}
              <span className="spacer" />
              {rights.isHost && member.id !== rights.you && rights.open && (
                <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirming(member)}>{t`Remove ${{ name: member.name }}`}</button>
              )}
            </li>
          ))}
        </ul>
        {rights.isHost && table.join_requests.length > 0 && (
          <ul className="member-list" aria-label={t`Asking to join`}>
            {table.join_requests.map((request) => (
              <li key={request.id} className="member-row">
                <span className="member-name">{t`${{ name: request.name }} wants to join`}</span>
                <span className="spacer" />
                <button type="button" className="btn btn-small btn-primary" disabled={answerJoin.isPending} onClick={() => answer(request.id, true)}>{t`Let in`}</button>
                <button type="button" className="btn btn-small btn-ghost" disabled={answerJoin.isPending} onClick={() => answer(request.id, false)}>{t`Decline`}</button>
              </li>
            ))}
          </ul>
        )}
        {rights.isHost && (
          <label className="row check-row">
            <input type="checkbox" checked={table.approve_joins} disabled={settings.isPending || !rights.open}
              onChange={(e) => settings.mutate({ approve_joins: e.target.checked }, { onError: (err) => toast.error(errorMessage(err, t`Could not change the setting`)) })} />
            {t`Approve who joins`}
          </label>
        )}
        {rights.isHost ? (
          <label className="row check-row">
            <input type="checkbox" checked={table.members_can_send} disabled={settings.isPending || !rights.open}
              onChange={(e) => settings.mutate({ members_can_send: e.target.checked }, { onError: (err) => toast.error(errorMessage(err, t`Could not change the setting`)) })} />
            {t`Everyone can send rounds`}
          </label>
        ) : (
          <p className="muted">{table.members_can_send ? t`Everyone at the table can send a round.` : t`The host sends the rounds.`}</p>
        )}
      </section>

      <div className="row">
        <Link className="btn" to={`/venue/${slug}/cart`}>{t`Table cart`}</Link>
        <Link className="btn" to={`/venue/${slug}/table/tab`}>{t`Tab`}</Link>
        <span className="spacer" />
        {rights.you && rights.open && (
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(table.members.find((m) => m.id === rights.you) ?? null)}>{t`Leave table`}</button>
        )}
      </div>

      {confirming && (
        <ConfirmDialog title={leaving ? t`Leave table ${{ table: table.table }}?` : t`Remove ${{ name: confirming.name }}?`} busy={removeMember.isPending} cancelLabel={t`Cancel`}
          confirmLabel={leaving ? t`Leave table` : t`Remove ${{ name: confirming.name }}`} onConfirm={remove} onCancel={() => setConfirming(null)}>
          <p>{leaving ? t`Your drinks in the cart are removed.` : t`${{ name: confirming.name }}'s drinks in the cart are removed and their claimed lines are released.`}{' '}
            {t`What was already ordered stays on the tab.`}</p>
          {leaving && rights.isHost && nextHost && <p>{t`${{ name: nextHost.name }} becomes the host.`}</p>}
        </ConfirmDialog>
      )}
    </>
  );
}
