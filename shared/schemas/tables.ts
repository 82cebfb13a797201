import { z } from 'zod';
import { typedName } from './typed-name';
import { ChosenModifier, ModifierSelection } from './modifiers';
import { QUANTITY_MAX, QUANTITY_MIN } from '../constants';
import { Order, OrderStatusSchema, PaymentProblem, PaymentStatusSchema } from './order';
import { RecipeLine } from './cart';
import { BAR_PAYMENT_METHODS, PAYMENT_METHODS } from '../payment-methods';
import { formatCents } from '../money';
import { tableMessages } from '../tables';

// Tables and tabs (docs/decisions/231, docs/product.md §12): a table's session, its shared cart, its rounds,
// its tab and the bill's shares. Money is integer cents on the wire.

/** A table's number or name as the QR code's `?table=` carries it ("7", "Patio 4"). */
export const TableNumber = z.union([typedName(z.string().trim()).min(1).max(20), z.number().int().min(0).max(100_000).transform(String)]);
/** The 4-character code a host shares; read case-insensitively. */
export const JoinCode = z.string().trim().length(4, 'The table code has 4 characters').transform((s) => s.toUpperCase());
export const MemberName = typedName(z.string({ error: /*i18n*/ 'Your name is required' }).trim()).min(1, /*i18n*/ 'Your name is required').max(40, 'Your name can be at most 40 characters');
const Slug = z.string().trim().min(1).max(100);
const Quantity = z.number().int().min(QUANTITY_MIN, `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}`)
  .max(QUANTITY_MAX, `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}`);
const Reason = z.string().trim().min(1, 'A reason is required').max(200);

export const TABLE_SESSION_STATUSES = ['open', 'billing', 'closed', 'ended', 'merged'] as const;
export const TableSessionStatus = z.enum(TABLE_SESSION_STATUSES);
export const SHARE_KINDS = ['items', 'even', 'custom', 'rest'] as const;
export const ShareKind = z.enum(SHARE_KINDS);
export const PaymentMethod = z.enum(PAYMENT_METHODS);

// ---- requests ----------------------------------------------------------------------------------

/** A table's signed QR token (docs/decisions/237), as its QR link's `t` carries it. */
export const TableToken = z.string().trim().min(1).max(64);
/**
 * POST /api/tables/sessions — scan a table's QR: opens its session (you are host) or joins the open one. `token`, the
 * QR's, is needed to open a tab; joining the open one takes the token or the tab's `code`.
 */
export const OpenTableInput = z.object({ slug: Slug, table: TableNumber, name: MemberName, code: JoinCode.optional(), token: TableToken.optional() });
/** GET /api/venues/:slug/tables/:number — the QR's token (`t`) or the tab's code, else nothing but "Scan the code on your table". */
export const TableLookupQuery = z.object({ t: TableToken.optional(), code: JoinCode.optional() });
/** POST /api/tables/sessions/join — join with the host's code or invite link, at any time while the tab is open. */
export const JoinTableInput = z.object({ slug: Slug, code: JoinCode, name: MemberName });
/** PATCH /api/tables/sessions/:id — the host's settings. */
export const TableSettingsInput = z.object({ members_can_send: z.boolean(), approve_joins: z.boolean() }).partial();
/** POST /api/tables/sessions/:id/join-requests/:memberId — the host (or staff) lets a waiting joiner in, or declines. */
export const JoinRequestAnswerInput = z.object({ let_in: z.boolean() });
/** Someone asking to join, while the host approves who joins (docs/decisions/237). */
export const TableJoinRequest = z.object({ id: z.string(), name: z.string(), requested_at: z.string() });
/** POST /api/tables/sessions/:id/lines — a member adds a line (as the solo cart's line: a menu drink or an AI creation). */
export const TableLineInput = z.object({
  menu_drink_id: z.string().trim().min(1).max(100).optional(),
  qty: Quantity,
  notes: z.string().trim().max(500).optional(),
  /** The drink's options chosen, by id (docs/decisions/197). */
  modifiers: ModifierSelection.optional(),
  is_ai_creation: z.boolean().optional(),
  ai_interaction_id: z.string().trim().min(1).max(100).optional(),
}).refine((l) => l.menu_drink_id || (l.is_ai_creation && l.ai_interaction_id), {
  message: 'menu_drink_id, or an AI creation with its ai_interaction_id, is required', path: ['menu_drink_id'],
});
/** PATCH /api/tables/sessions/:id/lines/:lineId — the line's member (or the host) changes it; the hub applies changes in arrival order. */
export const TableLineUpdate = z.object({ qty: Quantity.optional(), notes: z.string().trim().max(500).nullable().optional() });
/** POST /api/tables/sessions/:id/rounds — send the cart as one round (Idempotency-Key header honoured). */
export const SendRoundInput = z.object({ special_instructions: z.string().trim().max(500).optional() });
/**
 * POST /api/tables/sessions/:id/claims — claim units of a round's line for your own share (by item): `units` is how
 * many of its units are yours (1..quantity; without it, every unit nobody else claimed), docs/decisions/239.
 */
export const ClaimInput = z.object({
  order_item_id: z.number().int().positive(),
  units: z.number().int().min(1, 'Claim at least 1 unit').max(1_000).optional(),
});
/** A tip: a preset percent in basis points (1500 = 15 %) or an exact amount in cents. */
export const TipInput = z.union([
  z.object({ percent_bp: z.number().int().min(0).max(10_000) }),
  z.object({ cents: z.number().int().min(0).max(1_000_000) }),
]);
/**
 * POST /api/tables/sessions/:id/shares — take a share of the bill:
 * `items` (the lines you claimed), `even` (one of `count` equal shares of what is still owed; 2..20),
 * `custom` (`amount_cents`, at most what is still owed), `rest` (exactly what is still owed).
 */
export const TakeShareInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('items'), tip: TipInput }),
  z.object({ kind: z.literal('even'), count: z.number().int().min(2, 'Split among 2 to 20 people').max(20, 'Split among 2 to 20 people'), tip: TipInput }),
  z.object({ kind: z.literal('custom'), amount_cents: z.number().int().min(1, 'An amount of at least $0.01').max(100_000_000), tip: TipInput })
    // A custom tip is at most the share itself (docs/product.md §12.5); shares the server works out are checked in
    // shared/tab-split.ts (nextShare) with the same words.
    .refine((share) => !('cents' in share.tip) || share.tip.cents <= share.amount_cents, {
      path: ['tip', 'cents'], error: (issue) => tableMessages.tipOverShare(formatCents((issue.input as { amount_cents: number }).amount_cents)),
    }),
  z.object({ kind: z.literal('rest'), tip: TipInput }),
]);
/**
 * How a bartender records a payment taken at the bar: a tab's share (POST /api/staff/tables/sessions/:id/shares/:shareId/payment)
 * or a delivered solo order (POST /api/staff/orders/:id/payment, docs/decisions/222).
 */
export const RecordPaymentInput = z.object({ method: z.enum(BAR_PAYMENT_METHODS) });
/** POST /api/staff/tables/sessions/:id/move — the tab moves to another table (that has no open session). */
export const MoveTabInput = z.object({ table: TableNumber });
/** POST /api/staff/tables/sessions/:id/merge — this tab's members, cart and rounds join `into_session_id`. */
export const MergeTabInput = z.object({ into_session_id: z.string().trim().min(1).max(100) });
/** POST /api/staff/tables/sessions/:id/lines/:orderItemId/void — a round's line leaves the tab. */
export const VoidLineInput = z.object({ reason: Reason });
/** POST /api/staff/tables/sessions/:id/end — staff end the session (its open balance stays on the tab). */
export const EndSessionInput = z.object({ reason: Reason.optional() });
/** PUT /api/admin/tables — the venue's tables, in display order (numbers unique). */
export const VenueTablesInput = z.object({
  tables: z.array(z.object({ number: TableNumber, name: typedName(z.string().trim()).max(60).nullable().optional() })).max(200),
});
/** PUT /api/admin/tables/settings — partial: only what it names changes. */
export const TableSettingsAdminInput = z.object({
  service_charge_bp: z.number().int().min(0, 'Service charge must be between 0 and 25%').max(2_500, 'Service charge must be between 0 and 25%'),
  tip_presets_bp: z.array(z.number().int().min(0).max(10_000)).min(1).max(4),
  tab_auto_close_hours: z.number().int().min(1, 'Auto-close after 1 to 48 hours').max(48, 'Auto-close after 1 to 48 hours'),
}).partial();

// ---- answers -----------------------------------------------------------------------------------

export const TableMember = z.object({
  id: z.string(),
  name: z.string(),
  is_host: z.boolean(),
  joined_at: z.string(),
});
export type TableMember = z.infer<typeof TableMember>;

export const TableCartLine = z.object({
  id: z.string(),
  member_id: z.string(),
  member_name: z.string(),
  menu_drink_id: z.string().nullable(),
  name: z.string(),
  qty: z.number().int(),
  price_cents: z.number().int(),
  line_total_cents: z.number().int(),
  notes: z.string().nullable(),
  /** The options chosen (docs/decisions/197), priced into `price_cents`. */
  modifier_choices: z.array(ChosenModifier),
  is_ai_creation: z.boolean(),
  recipe: z.array(RecipeLine).nullable(),
  allergens: z.array(z.string()),
  contains_alcohol: z.boolean(),
  available: z.boolean(),
  version: z.number().int(),
});
export type TableCartLine = z.infer<typeof TableCartLine>;

/** Units of a tab's line one member claimed for their share by item. */
export const TabClaim = z.object({
  member_id: z.string(),
  name: z.string(),
  units: z.number().int(),
  /** What these units cost of the line total (shared/tab-split.ts unitClaimsCents). */
  cents: z.number().int(),
  /** The share they are part of; null: claimed, not yet in a share. */
  share_id: z.string().nullable(),
});
export type TabClaim = z.infer<typeof TabClaim>;

export const TabLine = z.object({
  /** order_items.id: what a claim names. */
  order_item_id: z.number().int(),
  member_id: z.string().nullable(),
  member_name: z.string().nullable(),
  /** The menu drink it is (null: an AI creation): guests read its name in their language (docs/decisions/265). */
  menu_drink_id: z.string().nullable().optional(),
  name: z.string(),
  /** The options chosen, as the ticket reads them ("Double"); null without any (docs/decisions/197). */
  modifiers: z.string().nullable().optional(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  line_total_cents: z.number().int(),
  voided: z.boolean(),
  void_reason: z.string().nullable(),
  /** Its first claim's member and name, as apps before `claims` read them. */
  claimed_by_member_id: z.string().nullable(),
  claimed_by_name: z.string().nullable(),
  /** Its first claim's share (null: claimed, not yet in a share). */
  claim_share_id: z.string().nullable().optional(),
  /** Who claimed which of its units, in the order they claimed (docs/decisions/239). */
  claims: z.array(TabClaim),
});
export type TabLine = z.infer<typeof TabLine>;

export const TabRound = z.object({
  order_id: z.string(),
  number: z.number().int(),
  status: OrderStatusSchema,
  created_at: z.string(),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  lines: z.array(TabLine),
});
export type TabRound = z.infer<typeof TabRound>;

export const TabShare = z.object({
  id: z.string(),
  payer_member_id: z.string(),
  payer_name: z.string(),
  kind: ShareKind,
  /** The share of subtotal + tax + service charge. */
  amount_cents: z.number().int(),
  /** Its pre-tax part, on which a percent tip is computed (docs/decisions/231). */
  subtotal_cents: z.number().int(),
  tip_cents: z.number().int(),
  /** amount + tip: what the payer hands over. */
  due_cents: z.number().int(),
  payment_status: PaymentStatusSchema,
  method: PaymentMethod.nullable(),
  recorded_by_name: z.string().nullable(),
  /**
   * An even split's share: the share that started the split (`plan`), into how many, of what, and which of them
   * this is (shared/tab-split.ts EvenSplit), so the app's preview of the next even share is the one the server makes.
   */
  split: z.object({ plan: z.string(), count: z.number().int(), base_cents: z.number().int(), index: z.number().int() }).nullable().optional(),
  captured_at: z.string().nullable(),
  created_at: z.string(),
  /** A card payment (docs/decisions/222): what has been refunded of `due_cents`, and a failure, cancel or dispute. */
  refunded_cents: z.number().int(),
  payment_problem: PaymentProblem.nullable(),
  payment_problem_note: z.string().nullable(),
});
export type TabShare = z.infer<typeof TabShare>;

/** The running tab: every non-cancelled round's non-voided lines. */
export const TabTotals = z.object({
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  service_charge_bp: z.number().int(),
  service_charge_cents: z.number().int(),
  /** subtotal + tax + service charge. */
  total_cents: z.number().int(),
  /** What shares already cover (any status but void), and what no share covers yet (staff: "Not split yet"). */
  shared_cents: z.number().int(),
  owed_cents: z.number().int(),
  /** The bill's part paid (captured shares' amounts, tips left out), and every live share's tip. */
  paid_cents: z.number().int(),
  tips_cents: z.number().int(),
  /** What payers handed over, tips included (a guest's "Paid"), and what of the bill is not yet paid ("Still owed"). */
  received_cents: z.number().int(),
  unpaid_cents: z.number().int(),
});
export type TabTotals = z.infer<typeof TabTotals>;

/**
 * GET /api/tables/sessions/:id (members and staff) and every `table_updated` frame: the whole table, the same for
 * every reader. A member's app derives what is theirs from its own member id (TableStateResponse.you): a line is
 * editable by its member and by the host; the round can be sent by the host, or by any member when
 * `members_can_send`, when the cart has lines and `active_round_id` is null.
 */
export const TableState = z.object({
  session_id: z.string(),
  venue_id: z.string(),
  table: z.string(),
  status: TableSessionStatus,
  /** Shown to members only (staff read it too): what others type to join. */
  join_code: z.string(),
  members_can_send: z.boolean(),
  /** The host lets each new member in (docs/decisions/237); `join_requests` are those waiting. */
  approve_joins: z.boolean(),
  join_requests: z.array(TableJoinRequest),
  host_member_id: z.string().nullable(),
  opened_at: z.string(),
  last_activity_at: z.string(),
  closed_at: z.string().nullable(),
  closed_reason: z.string().nullable(),
  /** Increases with every change of the table: a client keeps the newest it saw. */
  version: z.number().int(),
  members: z.array(TableMember),
  cart: z.object({
    lines: z.array(TableCartLine),
    subtotal_cents: z.number().int(),
    tax_cents: z.number().int(),
    total_cents: z.number().int(),
  }),
  /**
   * The round the bar is making (pending or preparing; at most one), if any. Once it is Ready the table may send its
   * next round (docs/decisions/231).
   */
  active_round_id: z.string().nullable(),
  rounds: z.array(TabRound),
  tab: TabTotals,
  shares: z.array(TabShare),
  tip_presets_bp: z.array(z.number().int()),
});
export type TableState = z.infer<typeof TableState>;

/** `you`: the reader's own member id (null for staff). */
export const TableStateResponse = z.object({ table: TableState, you: z.string().nullable() });
export type TableStateResponse = z.infer<typeof TableStateResponse>;

/**
 * Opening or joining a tab whose host approves who joins (202): the joiner waits and sees nothing of the tab; GET
 * /api/tables/sessions/:id answers 403 `join_pending` until they are let in (200) or declined (403 `join_declined`).
 */
export const JoinPendingResponse = z.object({ pending: z.literal(true), session_id: z.string(), table: z.string() });
export type JoinPendingResponse = z.infer<typeof JoinPendingResponse>;

/** POST /api/tables/sessions/:id/rounds: the table as it is once the round left, and the round (an Order "Table N"). */
export const SendRoundResponse = TableStateResponse.extend({ order: Order });
export type SendRoundResponse = z.infer<typeof SendRoundResponse>;

/** One member's drink from the AI round, added to the cart as their line; or why none could be found for them. */
export const AiRoundSuggestion = z.object({
  member_id: z.string(),
  member_name: z.string(),
  /** Null when nothing on the menu fits what they said (`message` says what). */
  menu_drink_id: z.string().nullable(),
  name: z.string().nullable(),
  /** The cart line it became. */
  line_id: z.string().nullable(),
  /** What of the member's own words it honours ("No nuts in this one.", "It's alcohol-free."). */
  honoured: z.array(z.string()),
  message: z.string(),
});
export type AiRoundSuggestion = z.infer<typeof AiRoundSuggestion>;
/** POST /api/tables/sessions/:id/ai-round. */
export const AiRoundResponse = TableStateResponse.extend({ suggestions: z.array(AiRoundSuggestion) });
export type AiRoundResponse = z.infer<typeof AiRoundResponse>;

/** GET /api/venues/:slug/tables/:number — before joining: is the table real, is a session open, can a scan join it. */
export const TableLookup = z.object({
  venue_id: z.string(),
  table: z.string(),
  name: z.string().nullable(),
  /** 'none': scanning opens a new session; 'joinable': scanning joins; 'code_required': the host's code is needed. */
  session: z.enum(['none', 'joinable', 'code_required']),
  /** Set when the reader's device is already a member of the open session. */
  member_session_id: z.string().nullable(),
});

/** GET /api/staff/tables — open (and recently auto-closed) tabs by table. */
export const StaffTableSummary = z.object({
  session_id: z.string(),
  table: z.string(),
  status: TableSessionStatus,
  member_names: z.array(z.string()),
  rounds: z.number().int(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  owed_cents: z.number().int(),
  unpaid_shares: z.number().int(),
  last_activity_at: z.string(),
  /** Auto-closed with a balance, or a payment problem: shown under "Needs attention". */
  needs_attention: z.boolean(),
  /** Card payments that failed, were cancelled or disputed (docs/product.md §12.9). */
  card_problems: z.array(z.object({ share_id: z.string(), payer_name: z.string(), problem: PaymentProblem, note: z.string().nullable(), due_cents: z.number().int() })),
});
export type StaffTableSummary = z.infer<typeof StaffTableSummary>;
export const StaffTablesResponse = z.object({
  /**
   * `token`: the table's QR token; `join_path`: the link its QR code opens, which staff show a guest so they can open
   * (or join) the table's tab (docs/decisions/237).
   */
  tables: z.array(z.object({ number: z.string(), name: z.string().nullable(), token: z.string(), join_path: z.string() })),
  sessions: z.array(StaffTableSummary),
});

/** `token`: the signed token its QR code carries (docs/decisions/237); a new one replaces it when the admin asks. */
export const VenueTable = z.object({ number: z.string(), name: z.string().nullable(), position: z.number().int(), token: z.string() });
export const VenueTablesResponse = z.object({
  tables: z.array(VenueTable),
  settings: z.object({
    service_charge_bp: z.number().int(),
    tip_presets_bp: z.array(z.number().int()),
    tab_auto_close_hours: z.number().int(),
  }),
});
export type VenueTablesResponse = z.infer<typeof VenueTablesResponse>;
export type StaffTablesResponse = z.infer<typeof StaffTablesResponse>;
export type TableLookup = z.infer<typeof TableLookup>;

/** The live frame (not numbered, not kept; a reconnecting client refetches the table). */
export const LiveTableUpdated = z.object({
  type: z.literal('table_updated'),
  seq: z.number().int(),
  at: z.string(),
  table: TableState,
});

/**
 * A change of the cart alone, as what changed (docs/decisions/231): applied onto the table at `base_version` only
 * (shared/tables.ts applyCartFrame); a client holding any other version reads the table again. Not numbered, not
 * kept, like `table_updated`.
 */
export const LiveTableCart = z.object({
  type: z.literal('table_cart'),
  seq: z.number().int(),
  at: z.string(),
  session_id: z.string(),
  /** The version this frame applies onto; `version` is the table's after it. */
  base_version: z.number().int(),
  version: z.number().int(),
  last_activity_at: z.string(),
  /** New lines, and lines whose content changed (a quantity, a note, a price), in cart order. */
  lines: z.array(TableCartLine),
  /** Ids of lines that left the cart. */
  removed: z.array(z.string()),
  /** The cart's line ids in order, only when applying the frame would not give that order by itself. */
  order: z.array(z.string()).optional(),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type LiveTableCart = z.infer<typeof LiveTableCart>;
