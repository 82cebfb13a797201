// What the Worker's table routes ask of the venue's hub (docs/decisions/231), as plain data: it crosses the
// Durable Object's RPC boundary. Every change of a table is one of these, run by worker/tables/desk.ts.
import type { BarPaymentMethod } from '../../shared/payment-methods';
import type { z } from 'zod';
import type { Order } from '../../shared/schemas/order';
import type { TableLineInput, TableLineUpdate, TableState, TakeShareInput } from '../../shared/schemas/tables';
import type { Tip } from '../../shared/tab-split';
import type { CardEvent } from '../payments';
import { refusalParts, type RefusalArgs } from '../lib/errors';
import type { RefusalId } from '../../shared/refusals';

/** Who asks: a guest (by every owner key of their device and account) or a member of the venue's staff. */
export type TableActor =
  | {
    kind: 'guest';
    /** The key new rows are written under (the account once signed in, else the device: docs/product.md §5.3). */
    ownerKey: string;
    /** Every key that is this guest: the account's and the device's. */
    ownerKeys: string[];
    sessionId: string;
    guestId: string | null;
  }
  | { kind: 'staff'; userId: string; name: string; role: string };

type OnSession = { sessionId: string };

/** A line a member adds (the AI round adds one for each member, `forMemberId`). */
export type NewLine = z.output<typeof TableLineInput> & { forMemberId?: string };

export type TableCommand =
  | { type: 'open'; table: string; name: string; code?: string }
  | { type: 'join'; code: string; name: string }
  | OnSession & { type: 'settings'; membersCanSend?: boolean; approveJoins?: boolean }
  | OnSession & { type: 'answer_join'; memberId: string; letIn: boolean }
  | OnSession & { type: 'remove_member'; memberId: string }
  | OnSession & { type: 'add_lines'; lines: NewLine[]; aiRound?: boolean }
  | OnSession & { type: 'update_line'; lineId: string; change: z.output<typeof TableLineUpdate> }
  | OnSession & { type: 'delete_line'; lineId: string }
  | OnSession & { type: 'send_round'; specialInstructions?: string; idempotencyKey: string | null; requestHash: string }
  | OnSession & { type: 'bill' }
  | OnSession & { type: 'claim'; orderItemId: number; units?: number }
  | OnSession & { type: 'unclaim'; orderItemId: number }
  | OnSession & { type: 'take_share'; share: z.output<typeof TakeShareInput> }
  | OnSession & { type: 'drop_share'; shareId: string }
  | OnSession & { type: 'record_payment'; shareId: string; method: BarPaymentMethod }
  | OnSession & { type: 'move'; table: string }
  | OnSession & { type: 'merge'; intoSessionId: string }
  | OnSession & { type: 'void_line'; orderItemId: number; reason: string }
  | OnSession & { type: 'end'; reason?: string }
  // Card payments (docs/decisions/222, worker/tables/card.ts).
  | OnSession & { type: 'attach_card'; shareId: string; intentId: string; feeCents: number }
  | OnSession & { type: 'card_event'; event: CardEvent }
  | OnSession & { type: 'refund_share'; refundId: string; shareId: string; amountCents: number | null; reason: string }
  | OnSession & { type: 'add_hold'; holdId: string; intentId: string; amountCents: number }
  | OnSession & { type: 'capture_holds'; tip: Tip };

/** Plain JSON values: what crosses the hub's RPC boundary. */
export type Plain = string | number | boolean | null | string[] | { path: string; message: string }[];

/** What a change did, for the audit log (worker/audit/record.ts): staff actions and a host's removals. */
export type TableAudit = {
  action: string;
  targetType: string;
  targetId: string;
  summary: string;
  before: Record<string, Plain> | null;
  after: Record<string, Plain> | null;
};

/** A refusal: the error the route answers (docs/api.md error shape). Plain data only. */
/** A refusal's details: named values, or for 400 invalid_request the fields at fault, as every route's (docs/api.md). */
export type RefusalDetails = Record<string, Plain> | { path: string; message: string }[];
export type TableRefusal = { ok: false; status: 400 | 402 | 403 | 404 | 409 | 422 | 429 | 502 | 503; code: string; message: string; details?: RefusalDetails };

export type TableOutcome =
  | {
    ok: true;
    table: TableState;
    /** The caller's member id (null for staff). */
    you: string | null;
    /** A round that was sent. */
    order?: Order;
    audit?: TableAudit;
    /** A refund Stripe made (refund_share): its id and amount. */
    refund?: { id: string; amountCents: number };
  }
  | TableRefusal;

export const refuseTable = (status: TableRefusal['status'], code: string, message: string, details?: RefusalDetails): TableRefusal =>
  ({ ok: false, status, code, message, ...(details ? { details } : {}) });

/** A refusal of the registry (shared/refusals.ts): its id and data; the code, English message and details follow. */
export function tableRefusal<I extends RefusalId>(status: TableRefusal['status'], id: I, ...args: RefusalArgs<I>): TableRefusal {
  const { code, message, details } = refusalParts(id, ...args);
  return { ok: false, status, code, message, ...(details ? { details: details as RefusalDetails } : {}) };
}
