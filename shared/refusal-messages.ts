// What each refusal says (docs/decisions/256): the Worker answers a refusal's code and its data, and its English
// message from these templates; the guest app says the same template in the guest's language: each is marked
// `/*i18n*/`, so the .po catalogs hold it with its English text as its id (docs/decisions/262). Kept free of zod:
// the guest's first download carries this, not the data shapes (shared/refusals.ts).

/**
 * Every refusal by id, its English template with `{placeholders}` named as its data's fields. The wire `code` is the
 * id up to its first dot: 'tab_closed.merged' answers `code: "tab_closed"` with `details.refusal: "tab_closed.merged"`,
 * so one code can say more than one thing while clients that read codes see the code they always did.
 * A field ending in `_cents` is money, written in the reader's locale.
 */
export const REFUSAL_MESSAGES = {
  // Joining and presence
  table_not_found: /*i18n*/ "Table {table} is not a table here. Check the number on your table's QR code.",
  table_token_required: /*i18n*/ 'Scan the code on your table',
  join_pending: /*i18n*/ 'Waiting for the host to let you in',
  join_declined: /*i18n*/ 'The host declined',
  join_code_required: /*i18n*/ "This table's tab is open. Ask someone at the table for its code.",
  join_code_wrong: /*i18n*/ "That is not table {table}'s code. Check it with someone at the table.",
  'table_session_not_found': /*i18n*/ "This table's tab was not found",
  'table_session_not_found.code': /*i18n*/ 'That table code is not open any more.',
  'table_session_not_found.merge_target': /*i18n*/ 'The tab to merge into was not found',
  at_another_table: /*i18n*/ 'You are at table {table}: order through its tab, or leave it first',
  at_table: /*i18n*/ "You are at table {table}: add this to the table's cart, or leave the table to order on your own",
  'table_busy': /*i18n*/ 'Table {table} already has an open tab: merge the two instead',
  'table_busy.scan': /*i18n*/ 'Table {table} already has an open tab: scan again to join it',
  'rate_limited.table_joins_device': /*i18n*/ 'Too many tries to join a table from this phone. Wait a few minutes, then scan the code on your table.',
  'rate_limited.table_joins_table': /*i18n*/ 'Too many tries to join this table. Wait a few minutes, then scan the code on your table.',
  not_a_member: /*i18n*/ 'You are not at table {table}',
  member_not_found: /*i18n*/ 'That person is not at table {table}',
  join_request_not_found: /*i18n*/ 'That person is no longer asking to join',
  'host_only.settings': /*i18n*/ "Only {host}, the host, can change the table's settings",
  'host_only.let_in': /*i18n*/ 'Only {host}, the host, can let someone in',
  'host_only.remove': /*i18n*/ 'Only {host}, the host, can remove someone from the table',
  'host_only.send': /*i18n*/ 'Only {host}, the host, can send the round',
  'host_only.bill': /*i18n*/ 'Only {host}, the host, can ask for the bill',
  'forbidden.staff_join': /*i18n*/ 'Staff do not join tables',
  'forbidden.round_by_table': /*i18n*/ 'Rounds are sent by the table',
  'forbidden.bar_only': /*i18n*/ 'Only the bar can do this',
  'forbidden.bar_records': /*i18n*/ 'Only the bar records payments',
  'forbidden.admin_refunds': /*i18n*/ 'Only an admin refunds',

  // The table's cart and rounds
  'not_found.drink': /*i18n*/ 'Drink not found',
  drink_unavailable: /*i18n*/ '{name} is not available right now',
  line_not_found: /*i18n*/ "That line is no longer in the table's cart",
  not_your_line: /*i18n*/ 'Only {name} or the host can change this line',
  'round_active': /*i18n*/ "Table {table}'s round is still being made. Keep adding: you can send the next round when the bar has made it.",
  'round_active.bill': /*i18n*/ "Table {table}'s round is still being made. Ask for the bill once it is served.",
  'cart_empty': /*i18n*/ "Table {table}'s cart is empty",
  'tab_closed': /*i18n*/ "Table {table}'s tab is closed",
  'tab_closed.merged': /*i18n*/ "Table {table}'s tab was merged into another",
  'tab_billing': /*i18n*/ "Table {table}'s bill is being split: no more rounds on this tab",
  'tab_billing.ai': /*i18n*/ "Table {table}'s tab takes no more rounds",
  'tab_billing.merge': /*i18n*/ "Table {table}'s bill is already being split: merge tabs before splitting them",
  hold_exceeded: /*i18n*/ 'This round would bring the tab to {tab_after_round_cents}, past its card hold of {held_cents}: put down a new hold to send it',

  // The bill and its shares
  cart_not_empty: /*i18n*/ 'Send or clear the cart before splitting the bill',
  'nothing_owed': /*i18n*/ "Nothing is owed on table {table}'s tab",
  'nothing_owed.nothing_ordered': /*i18n*/ "Nothing has been ordered on table {table}'s tab",
  bill_not_asked: /*i18n*/ 'Ask for the bill before splitting it: {host}, the host, can',
  line_not_on_tab: /*i18n*/ "That line is not on table {table}'s tab",
  'line_voided': /*i18n*/ '{name} was taken off the tab: {reason}',
  'line_voided.already': /*i18n*/ '{name} was already taken off the tab: {reason}',
  line_claimed: /*i18n*/ '{claimed_by} already claimed this line',
  'units_taken.one': /*i18n*/ 'Only {units_left} of the {quantity} × {drink} is left to claim',
  units_taken: /*i18n*/ 'Only {units_left} of the {quantity} × {drink} are left to claim',
  claim_not_found: /*i18n*/ 'Nobody has claimed that line',
  not_your_claim: /*i18n*/ 'Only {name} can let go of this line',
  claim_in_share: /*i18n*/ 'This line is in your share: take the share back first',
  amount_over_owed: /*i18n*/ 'That is more than the {owed_cents} still owed',
  tip_over_share: /*i18n*/ 'A tip can be at most the share itself ({share_cents})',
  nothing_claimed: /*i18n*/ 'Claim the lines you had before taking your share by item',
  split_in_progress: /*i18n*/ 'The bill is being split {count} ways: take one of those shares, or pay another way',
  'share_not_found': /*i18n*/ 'That share is not on this tab',
  'share_not_found.gone': /*i18n*/ 'That share was not found',
  'not_your_share': /*i18n*/ 'Only its payer can pay this share',
  'not_your_share.take_back': /*i18n*/ 'Only {name} can take back this share',
  'share_already_paid': /*i18n*/ 'Already recorded by {recorded_by}',
  'share_already_paid.card': /*i18n*/ 'This share is already paid ({recorded_by})',
  'card_payment_started': /*i18n*/ 'Your card payment of this share has started: finish it, or ask the bar',
  'card_payment_started.other': /*i18n*/ '{name} is paying this share by card in the app',
  shares_taken: /*i18n*/ 'Shares of this bill are already taken: they must be taken back before a line is voided',

  // Card payments
  'payments_unavailable': /*i18n*/ 'Card payments are not set up here: pay at the bar',
  'payments_unavailable.bar': /*i18n*/ 'This venue takes payment at the bar',
  below_card_minimum: /*i18n*/ 'Pay this at the bar: a card pays {minimum_cents} or more',
  card_declined: /*i18n*/ 'The card was declined: try another card or pay at the bar',
  pay_first: /*i18n*/ 'This venue takes payment first: pay from your cart',
  payment_not_found: /*i18n*/ 'That payment was not found: start again',
  'payment_provider_error': /*i18n*/ 'The card provider did not answer as expected: try again or pay at the bar',
  'payment_provider_error.not_stopped': /*i18n*/ "{name}'s card payment could not be stopped: try again, or pay at the bar",
  'payment_provider_error.capture': /*i18n*/ 'The card hold could not be captured: {captured_cents} was captured, {left_cents} is left to settle another way',
  hold_not_found: /*i18n*/ 'That card hold is not on this tab',
  no_hold: /*i18n*/ 'This tab has no card hold to close on',
  capture_over_hold: /*i18n*/ "The tab's {owed_cents} is more than its card hold of {held_cents}: settle the rest another way first",
  not_refundable: /*i18n*/ 'Only a share paid by card in the app is refunded here: cash and the card terminal are refunded at the bar',
  'already_refunded': /*i18n*/ 'This share is already refunded in full',
  'already_refunded.under_way': /*i18n*/ 'A refund of this share is already under way',

  // What became of a solo order paid first (docs/decisions/241): the note its pay screen reads
  payment_cancelled: /*i18n*/ 'The card payment was cancelled: nothing was charged',
  'order_cancelled.released': /*i18n*/ 'The order was cancelled: nothing was charged',
  'order_cancelled.refunded': /*i18n*/ 'The order was cancelled: the card payment was refunded',
  'active_order_exists.paid_first': /*i18n*/ 'You already have an order on its way: nothing was charged',
  'drink_unavailable.paid_first': /*i18n*/ '{name} is not available right now: nothing was charged',
  not_placed: /*i18n*/ 'The bar could not take your order: nothing was charged',

  // A drink's options and how many of it
  'options_refused.not_offered': /*i18n*/ "That option is not one of {drink}'s: choose again",
  'options_refused.twice': /*i18n*/ 'An option is chosen twice',
  'options_refused.one': /*i18n*/ 'Choose one {group} for {drink}, not {count}',
  'options_refused.required': /*i18n*/ 'Choose a {group} for {drink}',
  'options_refused.required_any': /*i18n*/ 'Choose at least one {group} for {drink}',
  'options_refused.ai_creation': /*i18n*/ 'An AI creation has no options to choose',
  quantity_over_max: /*i18n*/ 'At most {max} of one drink on a line: this makes {quantity}',
  'quantity_over_max.member': /*i18n*/ '{name} already has {quantity} × {drink}: at most {max} on one line',

  // A guest's own order
  'cart_empty.solo': /*i18n*/ 'Your cart is empty',
  unknown_drink: /*i18n*/ 'Drink not found',
  'not_found.order': /*i18n*/ 'Order not found',

  // Placing an order: a retried request, or a race the guest answers by ordering again
  idempotency_in_flight: /*i18n*/ 'A request with this Idempotency-Key is still being processed',
  idempotency_key_reused: /*i18n*/ 'This Idempotency-Key was already used for a different request',
  'idempotency_key_reused.gone': /*i18n*/ 'The order this Idempotency-Key placed no longer exists',
  venue_changed: /*i18n*/ 'The venue changed; place the order again',
  held_drink_changed: /*i18n*/ 'A drink changed; place the order again',
  order_code_taken: /*i18n*/ 'This order code is taken; place the order again',

  // The bar's tickets and the admin's tables (docs/decisions/280): said to staff in their language too
  illegal_transition: /*i18n*/ 'Cannot change an order from {from} to {to}',
  'illegal_transition.recall': /*i18n*/ 'Cannot recall an order that is {from}',
  'illegal_transition.recall_window': /*i18n*/ 'The {seconds}-second undo window has passed',
  round_on_settled_tab: /*i18n*/ "This round is on table {table}'s tab, which is over: its money is settled with the tab. Refund it from the tab instead",
  'round_on_settled_tab.split': /*i18n*/ "This round is on table {table}'s bill, which is being split: the shares must be taken back first",
  stock_short: /*i18n*/ 'Short of {ingredients}',
  'active_order_exists.recall': /*i18n*/ 'This guest already has another active order',
  'conflict.order_changed': /*i18n*/ 'The order changed meanwhile; reload and try again',
  paid_with_tab: /*i18n*/ "A table's round is paid on its tab: record the payment under Tables",
  already_paid: /*i18n*/ 'This order is already recorded as paid',
  not_delivered: /*i18n*/ 'Record a payment once the order is delivered',
  not_unclaimed: /*i18n*/ 'This order is no longer unclaimed',
  payment_released: /*i18n*/ "This order's card payment was given back when it was cancelled: the guest orders again",
  table_in_use: /*i18n*/ 'Table {table} has an open tab: close it before removing the table',

  // Signing in with a phone number
  phone_invalid: /*i18n*/ 'Enter a valid phone number',
  invalid_code: /*i18n*/ 'Invalid code. Please try again.',
  code_locked: /*i18n*/ 'Too many wrong codes. Request a new code.',
  'rate_limited.otp': /*i18n*/ 'Too many attempts. Please wait and try again.',
  'rate_limited.first_orders': /*i18n*/ 'This bar is taking a lot of orders from new devices right now. Sign in with your phone number to order, or try again in {minutes} min.',
  cart_changed: /*i18n*/ 'Your cart changed while you paid: nothing was charged. Check out again',
  queue_full: /*i18n*/ 'The bar has too many open orders right now. Please order again in a few minutes.',
  sms_unavailable: /*i18n*/ 'Could not send the text message. Please try again later.',
  'sms_unavailable.not_set_up': /*i18n*/ 'Text messages are not available here',
  push_unavailable: /*i18n*/ 'Notifications are not available here',
} as const;

export type RefusalId = keyof typeof REFUSAL_MESSAGES;

/** The wire code of a refusal: its id up to the first dot. */
export const refusalCode = (id: RefusalId): string => id.split('.')[0]!;

const isRefusalId = (id: unknown): id is RefusalId => typeof id === 'string' && Object.hasOwn(REFUSAL_MESSAGES, id);

/** The refusal an error answer is, from its code and details (null: not one of the registry's). */
export function refusalIdOf(code: string, details: unknown): RefusalId | null {
  const named = details && typeof details === 'object' && !Array.isArray(details) ? (details as { refusal?: unknown }).refusal : undefined;
  if (isRefusalId(named) && refusalCode(named) === code) return named;
  return isRefusalId(code) ? code : null;
}

/** The values a template's placeholders take: `_cents` fields as money (`money`), the rest as given. */
export function refusalValues(data: Record<string, unknown>, money: (cents: number) => string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined || typeof value === 'object') continue;
    values[key] = key.endsWith('_cents') && typeof value === 'number' ? money(value) : String(value);
  }
  return values;
}

/** A template with its placeholders filled ('' for a value not given). */
export const fillTemplate = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** The placeholders a template names, in order. */
export const placeholdersOf = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * A refusal as an error answer's parts: its wire code, its English message (money as `money` writes it) and its
 * details (the data, and the id when it says more than its code; undefined when empty).
 */
export function refusalAnswer(id: RefusalId, data: Record<string, unknown>, money: (cents: number) => string) {
  const details = refusalCode(id) === id ? { ...data } : { ...data, refusal: id };
  return {
    code: refusalCode(id),
    message: fillTemplate(REFUSAL_MESSAGES[id], refusalValues(data, money)),
    details: Object.keys(details).length ? details : undefined,
  };
}
