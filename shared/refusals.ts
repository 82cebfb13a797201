// The refusal registry (docs/decisions/256): each refusal's data, the shape its `details` carry on the wire. The
// templates are shared/refusal-messages.ts (zod-free, for the guest's first download). A rule answers an id and its
// data; the error answer `{ error: { code, message, details } }` is built from here (worker/lib/errors.ts `refusal`).
import { z } from 'zod';
import { formatCents } from './money';
import { ORDER_STATUSES } from './orders';
import { refusalAnswer, type RefusalId } from './refusal-messages';

export { REFUSAL_MESSAGES, refusalCode, type RefusalId } from './refusal-messages';

const none = z.object({});
const table = z.object({ table: z.string() });
const host = z.object({ host: z.string() });
const name = z.object({ name: z.string() });
const drinkIds = z.array(z.string());
const stripe = z.object({ stripe_code: z.string().nullable() }).partial();
const retry = z.object({ retry_after: z.number().int() });
const orderStatus = z.enum(ORDER_STATUSES);
/** A ticket's status change: from what it is, to what was asked. */
const change = z.object({ from: orderStatus, to: orderStatus });

/** Each refusal's data: names as people typed them, counts, money in integer cents (`*_cents`), a table's number. */
export const REFUSAL_DATA = {
  table_not_found: table,
  table_token_required: none,
  join_pending: none,
  join_declined: none,
  join_code_required: none,
  join_code_wrong: table,
  table_session_not_found: none,
  'table_session_not_found.code': none,
  'table_session_not_found.merge_target': none,
  at_another_table: z.object({ table: z.string(), session_id: z.string() }),
  at_table: table,
  table_busy: table,
  'table_busy.scan': table,
  'rate_limited.table_joins_device': retry,
  'rate_limited.table_joins_table': retry,
  not_a_member: table,
  member_not_found: table,
  join_request_not_found: none,
  'host_only.settings': host,
  'host_only.let_in': host,
  'host_only.remove': host,
  'host_only.send': host,
  'host_only.bill': host,
  'forbidden.staff_join': none,
  'forbidden.round_by_table': none,
  'forbidden.bar_only': none,
  'forbidden.bar_records': none,
  'forbidden.admin_refunds': none,

  'not_found.drink': z.object({ menu_drink_ids: drinkIds }),
  drink_unavailable: z.object({ name: z.string(), menu_drink_ids: drinkIds }),
  line_not_found: none,
  not_your_line: name,
  round_active: table,
  'round_active.bill': table,
  cart_empty: table,
  tab_closed: table,
  'tab_closed.merged': table,
  tab_billing: table,
  'tab_billing.ai': table,
  'tab_billing.merge': table,
  hold_exceeded: z.object({ tab_after_round_cents: z.number().int(), held_cents: z.number().int() }),

  cart_not_empty: none,
  nothing_owed: table,
  'nothing_owed.nothing_ordered': table,
  bill_not_asked: host,
  line_not_on_tab: table,
  line_voided: z.object({ name: z.string(), reason: z.string() }),
  'line_voided.already': z.object({ name: z.string(), reason: z.string() }),
  line_claimed: z.object({ claimed_by: z.string(), claimed_by_member_id: z.string() }),
  'units_taken.one': z.object({ units_left: z.number().int(), quantity: z.number().int(), drink: z.string() }),
  units_taken: z.object({ units_left: z.number().int(), quantity: z.number().int(), drink: z.string() }),
  claim_not_found: none,
  not_your_claim: name,
  claim_in_share: none,
  amount_over_owed: z.object({ owed_cents: z.number().int() }),
  tip_over_share: z.object({ share_cents: z.number().int() }),
  nothing_claimed: none,
  split_in_progress: z.object({ count: z.number().int().nullable() }),
  share_not_found: none,
  'share_not_found.gone': none,
  not_your_share: none,
  'not_your_share.take_back': name,
  share_already_paid: z.object({ recorded_by: z.string(), payment_status: z.string().optional() }),
  'share_already_paid.card': z.object({ recorded_by: z.string() }),
  card_payment_started: none,
  'card_payment_started.other': name,
  shares_taken: none,

  payments_unavailable: none,
  'payments_unavailable.bar': none,
  below_card_minimum: z.object({ due_cents: z.number().int(), minimum_cents: z.number().int() }),
  card_declined: stripe,
  pay_first: none,
  payment_not_found: none,
  payment_provider_error: stripe,
  'payment_provider_error.not_stopped': name,
  'payment_provider_error.capture': z.object({ captured_cents: z.number().int(), left_cents: z.number().int() }),
  hold_not_found: none,
  no_hold: none,
  capture_over_hold: z.object({ owed_cents: z.number().int(), held_cents: z.number().int() }),
  not_refundable: none,
  already_refunded: none,
  'already_refunded.under_way': none,
  payment_cancelled: none,
  'order_cancelled.released': none,
  'order_cancelled.refunded': none,
  'active_order_exists.paid_first': none,
  'drink_unavailable.paid_first': z.object({ name: z.string(), menu_drink_ids: drinkIds }),
  not_placed: none,

  'options_refused.not_offered': z.object({ drink: z.string() }),
  'options_refused.twice': none,
  'options_refused.one': z.object({ group: z.string(), drink: z.string(), count: z.number().int() }),
  'options_refused.required': z.object({ group: z.string(), drink: z.string() }),
  'options_refused.required_any': z.object({ group: z.string(), drink: z.string() }),
  'options_refused.ai_creation': none,
  quantity_over_max: z.object({ quantity: z.number().int(), max: z.number().int() }),
  'quantity_over_max.member': z.object({ name: z.string(), quantity: z.number().int(), drink: z.string(), max: z.number().int() }),
  'cart_empty.solo': none,
  unknown_drink: z.object({ menu_drink_ids: drinkIds }),
  'not_found.order': none,

  idempotency_in_flight: none,
  idempotency_key_reused: none,
  'idempotency_key_reused.gone': none,
  venue_changed: none,
  held_drink_changed: none,
  order_code_taken: none,

  illegal_transition: change,
  'illegal_transition.recall': z.object({ from: orderStatus }),
  'illegal_transition.recall_window': z.object({ from: orderStatus, seconds: z.number().int() }),
  round_on_settled_tab: z.object({ table: z.string(), from: orderStatus, to: orderStatus }),
  'round_on_settled_tab.split': z.object({ table: z.string(), from: orderStatus, to: orderStatus }),
  stock_short: z.object({ ingredients: z.string(), short: z.array(z.string()) }),
  'active_order_exists.recall': change,
  'conflict.order_changed': none,
  paid_with_tab: none,
  already_paid: none,
  not_delivered: z.object({ status: orderStatus }),
  not_unclaimed: none,
  payment_released: none,
  table_in_use: z.object({ table: z.string(), tables: z.array(z.string()) }),

  phone_invalid: none,
  invalid_code: none,
  code_locked: none,
  'rate_limited.otp': retry,
  queue_full: retry,
  'rate_limited.first_orders': z.object({ retry_after: z.number().int(), minutes: z.number().int() }),
  cart_changed: none,
  sms_unavailable: none,
  'sms_unavailable.not_set_up': none,
  push_unavailable: none,
} satisfies Record<RefusalId, z.ZodObject>;

export type RefusalData<I extends RefusalId> = z.input<(typeof REFUSAL_DATA)[I]>;

/** A refusal's English message, money as the Worker writes it ('$13.00'): the fallback for API clients. */
export const refusalMessage = <I extends RefusalId>(id: I, data: RefusalData<I>): string =>
  refusalAnswer(id, data as Record<string, unknown>, formatCents).message;

/** What `details` carries: the data, and the refusal's id when it is more than its code. Undefined when empty. */
export const refusalDetails = <I extends RefusalId>(id: I, data: RefusalData<I>): Record<string, unknown> | undefined =>
  refusalAnswer(id, data as Record<string, unknown>, formatCents).details;
