// Order rows → the wire shapes of shared/schemas/order.ts.
import { inArray } from 'drizzle-orm';
import { orderDisplayName } from '../../shared/orders';
import { orderCallCode } from '../../shared/order-codes';
import type { Order, OrderItem } from '../../shared/schemas/order';
import { orderItems, type orders } from '../db/schema';
import type { Db } from '../env';
import { inChunks } from '../lib/in-chunks';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** A table round's line fields (docs/decisions/231): absent on a solo order's lines. */
type TableLineFields = 'memberId' | 'memberName' | 'voidedAt' | 'voidReason' | 'voidedBy';
/** Fields a line without them may leave out: a table round's, and the options of a line that has none. */
type OptionalLineFields = TableLineFields | 'modifierChoices';
/** A line before it is stored: its id is the row number the database gives it. */
export type NewOrderItemRow = Omit<OrderItemRow, 'id' | OptionalLineFields> & Partial<Pick<OrderItemRow, OptionalLineFields>>;
/** A line as readers take it: one archived before docs/decisions/152 kept its random text id. */
export type OrderLineRow = NewOrderItemRow & { id: number | string };


export function toOrderItem(row: OrderLineRow): OrderItem {
  return {
    id: String(row.id),
    menu_drink_id: row.menuDrinkId,
    name: row.name,
    description: row.description,
    quantity: row.quantity,
    price_cents: row.unitPriceCents,
    total_cents: row.lineTotalCents,
    notes: row.notes,
    modifiers: row.modifiers,
    image_url: row.imageUrl,
    is_ai_creation: row.isAiCreation,
    ai_recipe_name: row.aiRecipeName,
    recipe: row.recipe ?? null,
    allergens: row.allergens,
    contains_alcohol: row.containsAlcohol,
    // A table round's line says whose it is (the bar display shows it); solo orders' lines carry nothing more.
    ...(row.memberName ? { member_name: row.memberName } : {}),
    ...(row.voidedAt ? { voided: true } : {}),
    // The options as chosen (docs/decisions/197): the ticket and the build sheet list them; absent without any.
    ...(row.modifierChoices?.length
      ? { modifier_choices: row.modifierChoices.map((c) => ({ option_id: c.option_id, group: c.group, option: c.option, price_delta_cents: c.price_delta_cents })) }
      : {}),
  };
}

export function toOrder(row: OrderRow, items: OrderLineRow[], etaMinutes = row.etaMinutes): Order {
  const lines = [...items].sort((a, b) => a.position - b.position).map(toOrderItem);
  return {
    id: row.id,
    // An order placed before the hub gave codes keeps the one taken from its id, as it was named then.
    code: row.code ?? orderCallCode(row.id),
    restaurant_id: row.restaurantId,
    status: row.status,
    payment_status: row.paymentStatus,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    delivered_at: row.deliveredAt,
    display_name: orderDisplayName({
      id: row.id, code: row.code, display_name: row.displayName, ai_recipe_name: row.aiRecipeName, custom_name: row.customName,
      special_instructions: row.specialInstructions,
    }),
    custom_name: row.customName,
    ai_recipe_name: row.aiRecipeName,
    referred_by_ai: row.referredByAi,
    special_instructions: row.specialInstructions,
    customer_name: row.customerName,
    customer_phone: row.customerPhone,
    table_number: row.tableNumber,
    sales_channel: row.salesChannel,
    eta_minutes: etaMinutes,
    subtotal_cents: row.subtotalCents,
    tax_cents: row.taxCents,
    total_cents: row.totalCents,
    items: lines,
    ...(row.tableSessionId ? { table_session_id: row.tableSessionId } : {}),
    // An archived row written before the column has none.
    ...(row.paymentProblem ? { payment_problem: row.paymentProblem } : {}),
  };
}

/** The items of many orders, read in chunks, grouped by order id. */
export async function itemsByOrder(db: Db, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const grouped = new Map<string, OrderItemRow[]>(orderIds.map((id) => [id, []]));
  for (const chunk of inChunks(orderIds)) {
    const rows = await db.select().from(orderItems).where(inArray(orderItems.orderId, chunk));
    for (const row of rows) grouped.get(row.orderId)?.push(row);
  }
  return grouped;
}

/** Order rows with their items, as wire orders, in the rows' order. */
export async function toOrders(db: Db, rows: OrderRow[]): Promise<Order[]> {
  const items = await itemsByOrder(db, rows.map((r) => r.id));
  return rows.map((r) => toOrder(r, items.get(r.id) ?? []));
}
