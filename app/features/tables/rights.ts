// What a member may do at their table, read from the table and their own member id (TableStateResponse.you):
// the same rules the Worker enforces (docs/decisions/231), so screens offer only what the server will accept.
import type { TableCartLine, TableState } from '../../../shared/schemas/tables';
import type { TableView } from './table-cache';
import { t } from '@lingui/core/macro';

export type TableRights = {
  you: string | null;
  isHost: boolean;
  /** Open for adding lines, sending rounds and changing members. */
  open: boolean;
  /** The host, or anyone when the host allows members to send. */
  maySend: boolean;
  /** A round is being made (not yet Ready): lines added now go in the next one, sent once it is Ready. */
  roundActive: boolean;
  /** The cart has lines, the table is open, no round is active, and this member may send. */
  canSendNow: boolean;
  /** Own lines, or any line for the host. */
  mayChangeLine: (line: Pick<TableCartLine, 'member_id'>) => boolean;
};

export function tableRights({ table, you }: TableView): TableRights {
  const isHost = you !== null && table.host_member_id === you;
  const open = table.status === 'open';
  const maySend = open && (isHost || table.members_can_send);
  const roundActive = table.active_round_id !== null;
  return {
    you,
    isHost,
    open,
    maySend,
    roundActive,
    canSendNow: maySend && !roundActive && table.cart.lines.length > 0,
    mayChangeLine: (line) => open && (isHost || line.member_id === you),
  };
}

/** The invite link a member shares: the table's QR address with its code (docs/decisions/231). */
export function inviteLink(origin: string, slug: string, table: Pick<TableState, 'table' | 'join_code'>) {
  const url = new URL(`/venue/${encodeURIComponent(slug)}`, origin);
  url.searchParams.set('table', table.table);
  url.searchParams.set('code', table.join_code);
  return url.toString();
}

/** A member's name as the screens show it to them: 'You' for their own. */
export const whoLabel = (memberId: string | null, name: string | null, you: string | null) =>
  memberId !== null && memberId === you ? t`You` : name ?? t`Someone who left`;
