import { z } from 'zod';
import { QUANTITY_MAX, QUANTITY_MIN } from '../constants';
import { ORDER_PAYMENT_PROBLEMS, ORDER_STATUSES, PAYMENT_STATUSES } from '../orders';
import { RecipeLine } from './cart';
import { ChosenModifier, ModifierSelection } from './modifiers';

const Quantity = z.number().int().min(QUANTITY_MIN, `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}`)
  .max(QUANTITY_MAX, `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}`);
const ShortText = (max: number) => z.string().trim().max(max);
const Slug = z.string().trim().min(1).max(100);
/** QR codes carry `?table=N`; kept as text (tables may be named, e.g. 'Patio 4'). */
const Table = z.union([z.string().trim().min(1).max(20), z.number().int().min(0).max(100_000).transform(String)]);

/**
 * One line of an order: a menu drink, or an AI creation ("custom item") that carries its recipe.
 * Clients may send `price`; it is ignored (prices come from the database).
 */
export const OrderLineInput = z.object({
  menu_drink_id: z.string().trim().min(1).max(100).optional(),
  quantity: Quantity,
  notes: ShortText(500).optional(),
  /** The ids of the drink's options chosen (docs/decisions/197); checked and priced by the server. */
  modifiers: ModifierSelection.optional(),
  is_ai_creation: z.boolean().optional(),
  ai_recipe_name: ShortText(120).optional(),
  name: ShortText(120).optional(),
  /** Ignored: an AI creation's recipe comes from the suggestion named by ai_interaction_id (docs/decisions/190). */
  recipe: z.array(RecipeLine).max(30).optional(),
  /** Required with is_ai_creation: the suggestion the server issued to this guest at this venue. */
  ai_interaction_id: z.string().trim().min(1).max(100).optional(),
}).refine((l) => l.menu_drink_id || (l.is_ai_creation && (l.ai_recipe_name || l.name || l.ai_interaction_id)), {
  message: 'menu_drink_id, or an AI creation with its name, is required', path: ['menu_drink_id'],
});
export type OrderLineInput = z.input<typeof OrderLineInput>;

const OrderExtras = {
  display_name: ShortText(120).optional(),
  custom_name: ShortText(120).optional(),
  special_instructions: ShortText(500).optional(),
  customer_name: ShortText(120).optional(),
  customer_phone: ShortText(40).optional(),
  referred_by_ai: z.boolean().optional(),
  ai_recipe_name: ShortText(120).optional(),
  table: Table.optional(),
};

/** Checkout of the guest's cart at one venue (spec: slug, display_name, special_instructions, ...). */
export const CheckoutInput = z.object({ slug: Slug, ...OrderExtras });
export type CheckoutInput = z.input<typeof CheckoutInput>;

/** POST /api/orders, the call-table form: the venue's `slug` + items (docs/decisions/228). */
export const ItemsOrderInput = z.object({
  slug: Slug,
  items: z.array(OrderLineInput).min(1, 'An order needs at least one item').max(20),
  ...OrderExtras,
});

/** POST /api/orders, the category page's direct form: one drink by the venue's `slug` + drink_id. */
export const DirectOrderInput = z.object({
  slug: Slug,
  drink_id: z.string().trim().min(1).max(100),
  quantity: Quantity,
  notes: ShortText(500).optional(),
  ...OrderExtras,
});

export const CreateOrderInput = z.union([ItemsOrderInput, DirectOrderInput]);
export type CreateOrderInput = z.input<typeof CreateOrderInput>;

/** Quick order without sign-in: one item, quantity 1, customer name 'Guest' (docs/product.md §8.3). */
export const QuickOrderInput = z.object({
  slug: Slug,
  item: z.object({
    menu_drink_id: z.string().trim().min(1).max(100).optional(),
    quantity: z.literal(1, 'A quick order is for one drink').default(1),
    notes: ShortText(500).optional(),
    is_ai_creation: z.boolean().optional(),
    ai_recipe_name: ShortText(120).optional(),
    name: ShortText(120).optional(),
    recipe: z.array(RecipeLine).max(30).optional(),
    ai_interaction_id: z.string().trim().min(1).max(100).optional(),
  }).refine((l) => l.menu_drink_id || (l.is_ai_creation && (l.ai_recipe_name || l.name || l.ai_interaction_id)), {
    message: 'menu_drink_id, or an AI creation with its name, is required', path: ['menu_drink_id'],
  }),
  referred_by_ai: z.boolean().optional(),
  ai_recipe_name: ShortText(120).optional(),
  table: Table.optional(),
  /** What the guest told the AI bartender about their body, when ordered from a suggestion (docs/decisions/189). */
  special_instructions: ShortText(500).optional(),
});
export type QuickOrderInput = z.input<typeof QuickOrderInput>;

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
/**
 * A card payment's trouble, shown to staff (docs/product.md §12.9, docs/payments.md): it failed, was cancelled or
 * disputed; or it went through for a share no longer payable, and is being (late_payment) or was refunded. A tab's
 * share carries any of them; a solo order paid first only `failed`, a capture Stripe refused.
 */
export const PaymentProblem = z.enum(['failed', 'canceled', 'disputed', 'late_payment', 'late_payment_refunded']);
/**
 * A solo order paid first's card trouble after the bar accepted it (docs/payments.md §12.9, docs/decisions/279):
 * Stripe refused the capture (`failed`), did not answer it (`unconfirmed`, until its word comes), or it went through
 * after the bar took the money another way and was refunded in full (`late_payment_refunded`).
 */
export const OrderPaymentProblem = z.enum(ORDER_PAYMENT_PROBLEMS);
export type OrderPaymentProblem = z.infer<typeof OrderPaymentProblem>;

/** `reason` says why a ticket is cancelled (kept on its order_events row, docs/decisions/234). */
export const OrderStatusUpdate = z.object({
  status: OrderStatusSchema,
  reason: z.string().trim().min(1).max(200).optional(),
  /** Start a ticket the stock cannot cover, after the bar display said what is short (docs/decisions/233). */
  allow_short: z.boolean().optional(),
});

/** POST /api/admin/orders/{id}/cancel: the back office always says why (docs/product.md §11.12). */
export const AdminCancelInput = z.object({
  reason: z.string({ error: 'Say why the order is cancelled' }).trim().min(1, 'Say why the order is cancelled').max(200, 'A reason is at most 200 characters'),
});
export type AdminCancelInput = z.input<typeof AdminCancelInput>;

/**
 * Staff clearing a flood (docs/decisions/167): the unclaimed orders the confirmation counted, by id. Only those
 * still unclaimed when the request arrives are cancelled; an order that came in after the count is not.
 */
export const UNCLAIMED_CANCEL_MAX = 500;
export const UnclaimedCancelInput = z.object({
  order_ids: z.array(z.string().min(1).max(100)).min(1, 'Name at least one order').max(UNCLAIMED_CANCEL_MAX, `At most ${UNCLAIMED_CANCEL_MAX} orders at once`),
});
export type UnclaimedCancelInput = z.input<typeof UnclaimedCancelInput>;

/** Staff list filters: a lifecycle status, `active` (the queue), or the spec's open / paid / void readings. */
export const StaffOrderFilter = z.enum([...ORDER_STATUSES, 'all', 'active', 'open', 'paid', 'void']);
export type StaffOrderFilter = z.infer<typeof StaffOrderFilter>;
export const StaffOrdersQuery = z.object({
  status: StaffOrderFilter.default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const StaffHistoryQuery = z.object({
  status: StaffOrderFilter.default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Date-range chips: orders created at or after this instant. */
  since: z.iso.datetime({ offset: true }).optional(),
  /** 'Load more': orders created strictly before this instant (the last row's created_at). */
  before: z.iso.datetime({ offset: true }).optional(),
});
export const AdminOrdersQuery = z.object({
  window: z.enum(['1h', '24h', 'all']).default('1h'),
  /** The Orders screen's filters (docs/product.md §11.12): a status reading, a table, an order code or guest name. */
  status: StaffOrderFilter.default('all'),
  table: z.string().trim().min(1).max(20).optional(),
  q: z.string().trim().min(1).max(120).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The previous page's `next_before`: the page after it. */
  before: z.string().trim().max(120).optional(),
});
export const GuestOrdersQuery = z.object({
  slug: Slug.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
/** One name for the venue (docs/decisions/228). */
export const CanStartQuery = z.object({ slug: z.string({ error: 'slug is required' }).trim().min(1, 'slug is required').max(100) });

// ---------------------------------------------------------------------------------------------
// Answers

/** An order line as every screen reads it (spec: Staff order, Guest order, Order item readings). */
export const OrderItem = z.object({
  id: z.string(),
  menu_drink_id: z.string().nullable(),
  name: z.string(),
  /** The drink's description when ordered. */
  description: z.string().nullable(),
  quantity: z.number().int(),
  /** Money is integer cents on the wire (docs/decisions/152). */
  price_cents: z.number().int(),
  total_cents: z.number().int(),
  notes: z.string().nullable(),
  /** The options chosen as text, 'Double, No ice' (docs/decisions/197); null without any. */
  modifiers: z.string().nullable(),
  /** The options chosen, each with its price change (already in `price_cents`); absent without any. */
  modifier_choices: z.array(ChosenModifier).optional(),
  image_url: z.string().nullable(),
  is_ai_creation: z.boolean(),
  ai_recipe_name: z.string().nullable(),
  recipe: z.array(RecipeLine).nullable(),
  /** What was in the glass when ordered (docs/decisions/238); the build sheet shows it. */
  allergens: z.array(z.string()),
  contains_alcohol: z.boolean(),
  /** A table round's line: the member it is for, as the bar display shows it (docs/decisions/231); absent otherwise. */
  member_name: z.string().optional(),
  /** A table round's line staff took off the tab; absent otherwise. */
  voided: z.literal(true).optional(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** One order, the superset of the spec's readings (guest confirmation, staff order, admin order). */
export const Order = z.object({
  id: z.string(),
  /** What the bar calls out and the ticket shows ("C89"): unique among the venue's open orders (docs/decisions/234). */
  code: z.string(),
  restaurant_id: z.string(),
  status: OrderStatusSchema,
  payment_status: PaymentStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  delivered_at: z.string().nullable(),
  display_name: z.string(),
  custom_name: z.string().nullable(),
  ai_recipe_name: z.string().nullable(),
  referred_by_ai: z.boolean(),
  special_instructions: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  table_number: z.string().nullable(),
  sales_channel: z.string(),
  eta_minutes: z.number().int().nullable(),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  items: z.array(OrderItem),
  /** A table's round (display name "Table N"): the table session it belongs to; absent on a solo order. */
  table_session_id: z.string().optional(),
  /**
   * An order paid first whose card had trouble once the bar accepted it (docs/payments.md §12.9); absent otherwise.
   * `failed` and `unconfirmed` are said while `payment_status` is `unpaid` (`cardProblemUnpaid`).
   */
  payment_problem: OrderPaymentProblem.optional(),
});
export type Order = z.infer<typeof Order>;

/** What placing an order answers (also replayed verbatim for a repeated Idempotency-Key). */
export const PlacedOrder = z.object({
  id: z.string(),
  status: OrderStatusSchema,
  created_at: z.string(),
  eta_minutes: z.number().int(),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  total: z.number(),
  order: Order,
});
export type PlacedOrder = z.infer<typeof PlacedOrder>;

export const OrderDetailResponse = z.object({
  order: Order,
  venue: z.object({ id: z.string(), slug: z.string(), name: z.string(), phone: z.string().nullable() }),
});
export type OrderDetailResponse = z.infer<typeof OrderDetailResponse>;

/** Spec 'Order status view' plus the call table's names. */
export const OrderStatusView = z.object({
  id: z.string(),
  /** The code the bar calls out (docs/decisions/234). */
  code: z.string(),
  status: OrderStatusSchema,
  payment_status: PaymentStatusSchema,
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  eta_minutes: z.number().int().nullable(),
  /** Orders still in the queue before this one. */
  queue_position: z.number().int(),
});
export type OrderStatusView = z.infer<typeof OrderStatusView>;

export const ActiveOrderResponse = z.object({
  order: Order.extend({ venue_slug: z.string() }).nullable(),
});
export type ActiveOrderResponse = z.infer<typeof ActiveOrderResponse>;

export const HistoryEntry = Order.extend({
  venue_slug: z.string(),
});
export const OrderHistoryResponse = z.object({ orders: z.array(HistoryEntry) });
export type OrderHistoryResponse = z.infer<typeof OrderHistoryResponse>;

export const CanStartResponse = z.object({ allowed: z.boolean(), active_order_id: z.string().nullable() });
export type CanStartResponse = z.infer<typeof CanStartResponse>;

export const OrderList = z.object({ orders: z.array(Order) });
export type OrderList = z.infer<typeof OrderList>;
/** GET /api/admin/orders: one page, newest first; `next_before` asks for the next (null on the last page). */
export const AdminOrderPage = OrderList.extend({ next_before: z.string().nullable() });

export const AiOrderItem = z.object({
  menu_drink_id: z.string().nullable(),
  name: z.string(),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  notes: z.string().nullable(),
  modifiers: z.string().nullable(),
  build_steps: z.array(z.object({ ingredient_name: z.string(), quantity: z.number(), unit: z.string() })),
});
/** An 'AI order' ticket with its build sheets; snake_case like every wire shape (docs/decisions/152). */
export const AiOrder = z.object({
  id: z.string(),
  status: OrderStatusSchema,
  display_name: z.string(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  referred_by_ai: z.boolean(),
  ai_recipe_name: z.string().nullable(),
  custom_name: z.string().nullable(),
  items: z.array(AiOrderItem),
});
export type AiOrder = z.infer<typeof AiOrder>;
export const AiOrderList = z.object({ ai_orders: z.array(AiOrder) });

export const OrderStatusChange = z.object({ order: Order });

/**
 * Pending orders of the venue that are the first an anonymous device placed there and that no one at the bar has
 * touched (docs/decisions/167), oldest first: what "Clear unclaimed" would cancel.
 */
export const UnclaimedOrders = z.object({ order_ids: z.array(z.string()) });
export type UnclaimedOrders = z.infer<typeof UnclaimedOrders>;
/** What clearing did: `skipped` were no longer unclaimed (started, cancelled, another venue's, unknown). */
export const UnclaimedCancelResult = z.object({ cancelled: z.array(z.string()), skipped: z.array(z.string()) });
export type UnclaimedCancelResult = z.infer<typeof UnclaimedCancelResult>;
