// The statements of a placement's write batch (worker/orders/placement.ts, docs/decisions/157) as plain D1 statements
// over constant SQL text, bound per order. Drizzle's insert builders walked every column of every row on every
// placement, the largest piece of a placement's own JavaScript in the bench's profile (docs/decisions/270); the SQL
// here is what they built, column for column, with the columns a new order leaves NULL left out.
import { ETA_BASE_MINUTES, ETA_COLD_DRINKS_PER_WINDOW, ETA_PACE_WINDOW_MINUTES } from '../../shared/orders';
import type { menuDrinks } from '../db/schema';
import { paceSince } from './queue';
import type { NewOrderItemRow, OrderRow } from './serialize';

type Drink = typeof menuDrinks.$inferSelect;

/**
 * The ETA stored with a new pending order, over the queue ahead and the bar's pace, in the insert's own transaction:
 * etaMinutes('pending', ahead, own, made) = ETA_BASE_MINUTES + ceil((ahead + own) × 30 / max(20, made)), the ceiling
 * written as (a + b - 1) / b truncated (bound numbers are reals in D1). `venue`, `own` and `since` name its
 * parameters. tests/worker/orders-placement.test.ts compares it with etaMinutes.
 */
export const pendingEtaSql = (venue: string, own: string, since: string) => {
  const work = `((select coalesce(sum(drink_count), 0) from orders where restaurant_id = ${venue} and status in ('pending', 'preparing')) + ${own}) * ${ETA_PACE_WINDOW_MINUTES}`;
  const pace = `max(${ETA_COLD_DRINKS_PER_WINDOW}, (select coalesce(sum(drink_count), 0) from orders where restaurant_id = ${venue} and made_at is not null and made_at >= ${since}))`;
  return `(${ETA_BASE_MINUTES} + cast((${work} + ${pace} - 1) / ${pace} as integer))`;
};

/** The ETA alone, for the test that compares it with etaMinutes. */
export const pendingEtaStatement = (d1: D1Database, venueId: string, ownDrinks: number, now = Date.now()) =>
  d1.prepare(`select ${pendingEtaSql('?1', '?2', '?3')} as eta`).bind(venueId, ownDrinks, paceSince(now));

const ORDER_COLUMNS = `id, restaurant_id, owner_key, guest_id, display_name, customer_name, customer_phone, status, payment_status,
  subtotal_cents, tax_cents, total_cents, special_instructions, sales_channel, table_number, referred_by_ai, ai_recipe_name,
  custom_name, ai_interaction_id, drink_count, table_session_id, code, created_at, updated_at, tax_rate_bp, eta_minutes`;
const ORDER_VALUES = '?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24';
/**
 * The order's tax rate is NULL unless the venue is still active with the rate the Worker saw: the NOT NULL column then
 * fails the insert and rolls back the whole batch, so a venue read from a cache is checked in the same transaction as
 * the write (docs/decisions/157).
 */
const TAX_RATE_IF_VENUE_UNCHANGED = '(select tax_rate_bp from venues where id = ?2 and active = 1 and tax_rate_bp = ?25)';
/** With the ETA bound (the queue was read first). */
const ORDER_INSERT = `insert into orders (${ORDER_COLUMNS}) values (${ORDER_VALUES}, ${TAX_RATE_IF_VENUE_UNCHANGED}, ?26)`;
/** With the ETA summed over the queue by the insert, which answers it: the queue is summed once. */
const ORDER_INSERT_WITH_ETA = `insert into orders (${ORDER_COLUMNS}) values (${ORDER_VALUES}, ${TAX_RATE_IF_VENUE_UNCHANGED},
  ${pendingEtaSql('?2', '?20', '?26')}) returning eta_minutes`;

/** The order's row; with `etaSince`, its ETA is summed by the insert over the queue and the pace since then. */
export function orderInsert(d1: D1Database, row: OrderRow, etaSince: string | null): D1PreparedStatement {
  return d1.prepare(etaSince === null ? ORDER_INSERT : ORDER_INSERT_WITH_ETA).bind(
    row.id, row.restaurantId, row.ownerKey, row.guestId, row.displayName, row.customerName, row.customerPhone, row.status, row.paymentStatus,
    row.subtotalCents, row.taxCents, row.totalCents, row.specialInstructions, row.salesChannel, row.tableNumber, row.referredByAi ? 1 : 0, row.aiRecipeName,
    row.customName, row.aiInteractionId, row.drinkCount, row.tableSessionId, row.code, row.createdAt, row.updatedAt, row.taxRateBp,
    etaSince ?? row.etaMinutes,
  );
}

const ITEM_COLUMNS = `order_id, menu_drink_id, name, description, image_url, quantity, line_total_cents, notes, modifiers, modifier_choices,
  is_ai_creation, ai_recipe_name, recipe, allergens, contains_alcohol, position, member_id, member_name, unit_price_cents`;
const ITEM_VALUES = '?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18';
/** Each line answers the id the database gave it (its row number, docs/decisions/152). */
const ITEM_INSERT = `insert into order_items (${ITEM_COLUMNS}) values (${ITEM_VALUES}, ?19) returning id`;
/** The line's unit price, NULL (failing the insert) unless its held drink is still orderable as held. */
const ITEM_INSERT_IF_DRINK_UNCHANGED = `insert into order_items (${ITEM_COLUMNS}) values (${ITEM_VALUES},
  (select ?19 from menu_drinks where id = ?20 and restaurant_id = ?21 and is_available = 1 and sold_out_reason is null
    and updated_at = ?22 and price_cents = ?23)) returning id`;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** A line's row; with `heldDrink`, its price holds only while that drink is unchanged in the same transaction. */
export function orderItemInsert(d1: D1Database, row: NewOrderItemRow, heldDrink: Drink | null): D1PreparedStatement {
  const values = [
    row.orderId, row.menuDrinkId, row.name, row.description, row.imageUrl, row.quantity, row.lineTotalCents, row.notes, row.modifiers,
    json(row.modifierChoices), row.isAiCreation ? 1 : 0, row.aiRecipeName, json(row.recipe), JSON.stringify(row.allergens), row.containsAlcohol ? 1 : 0,
    row.position, row.memberId ?? null, row.memberName ?? null, row.unitPriceCents,
  ];
  return heldDrink
    ? d1.prepare(ITEM_INSERT_IF_DRINK_UNCHANGED).bind(...values, heldDrink.id, heldDrink.restaurantId, heldDrink.updatedAt, heldDrink.priceCents)
    : d1.prepare(ITEM_INSERT).bind(...values);
}

const EVENT_INSERT = "insert into order_events (order_id, from_status, to_status, actor_type, created_at) values (?1, null, 'pending', 'guest', ?2)";

/**
 * The order's first event: its owner placed it. It names no actor of its own, the order's owner key says who
 * (docs/decisions/152).
 */
export const placedEventInsert = (d1: D1Database, orderId: string, at: string) => d1.prepare(EVENT_INSERT).bind(orderId, at);

/**
 * The order's live event, numbered in this transaction one after the venue's last (docs/decisions/154); `base` is the
 * last number the hub knows, from which a venue whose database holds no event yet continues. It answers the number.
 */
const LIVE_INSERT = `insert into live_events (restaurant_id, seq, order_id, from_status, to_status, created_at)
  values (?1, (select coalesce(max(seq), ?2) + 1 from live_events where restaurant_id = ?1), ?3, null, ?4, ?5) returning seq`;

export const liveCreatedInsert = (d1: D1Database, venueId: string, orderId: string, at: string, base: number) =>
  d1.prepare(LIVE_INSERT).bind(venueId, base, orderId, 'pending', at);

const IDEMPOTENCY_INSERT = 'insert into idempotency_records (restaurant_id, key, owner_key, request_hash, order_id, created_at) values (?1, ?2, ?3, ?4, ?5, ?6)';

/** The request's hash and the order id, as placement keeps them (docs/decisions/157). */
export const idempotencyInsert = (d1: D1Database, record: { venueId: string; key: string; ownerKey: string; requestHash: string; orderId: string; at: string }) =>
  d1.prepare(IDEMPOTENCY_INSERT).bind(record.venueId, record.key, record.ownerKey, record.requestHash, record.orderId, record.at);
