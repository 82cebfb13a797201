// Placing an order. Runs inside the venue's Durable Object (worker/live/venue-hub.ts), which
// serialises placement per guest; the partial unique index orders_one_active_uq makes the insert
// itself the one-active-order check (docs/decisions/157).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ACTIVE_ORDER_EXISTS, ACTIVE_ORDER_EXISTS_CODE, AI_CREATION_PRICE_CENTS } from '../../shared/constants';
import { newId } from '../../shared/ids';
import { centsToDollars, orderTotals } from '../../shared/money';
import { ACTIVE_ORDER_STATUSES, MAKING_ORDER_STATUSES, etaMinutes } from '../../shared/orders';
import type { RecipeLine } from '../../shared/schemas/cart';
import type { Order, PlacedOrder } from '../../shared/schemas/order';
import type { ModifierOption } from '../../shared/schemas/modifiers';
import { optionsRefusal, resolveModifiers, type ModifierProblem, type ResolvedModifiers } from '../../shared/modifiers';
import { withModifierFacts } from '../../shared/drink-facts';
import { aiInteractions, cartItems, carts, idempotencyRecords, menuDrinks, orderItems, orders, tableCartLines } from '../db/schema';
import { d1Of, d1Statement } from '../db/handles';
import type { Db } from '../env';
import { issuedCreations, ownSuggestionIds, type IssuedCreation } from './ai-creations';
import { paceSince, queueAheadQuery, toQueueAhead } from './queue';
import { idempotencyInsert, liveCreatedInsert, orderInsert, orderItemInsert, placedEventInsert } from './placement-batch';
import { toOrder, type NewOrderItemRow, type OrderLineRow, type OrderRow } from './serialize';
import { inChunks } from '../lib/in-chunks';
import { refusalParts, type RefusalArgs } from '../lib/errors';
import type { RefusalId } from '../../shared/refusals';
import { utcDay } from '../analytics';
import { recordedSeq } from '../live';
import { happyHourCovers, pricingAt, scheduledPriceCents, type VenuePricing } from '../../shared/happy-hour';
import { belowZeroMessage } from '../../shared/line-price';

export type PlacementLine = {
  menuDrinkId: string | null;
  quantity: number;
  notes: string | null;
  /** The ids of the drink's options chosen (docs/decisions/197); null or empty for none. */
  modifiers: string[] | null;
  isAiCreation: boolean;
  aiRecipeName: string | null;
  recipe: RecipeLine[] | null;
  /** The stored suggestion an AI creation line comes from; its name, recipe and price are read from it. */
  aiInteractionId: string | null;
  /** A table round's line: the member it is for (docs/decisions/231). */
  member?: { id: string; name: string };
  /** A table round's AI creation was suggested to its member, under the member's own key (not the round's). */
  creationOwnerKey?: string;
};

export type PlacementOwner = { ownerKey: string; sessionId: string; guestId: string | null };

export type PlacementRequest = {
  kind: 'checkout' | 'order' | 'quick';
  venueId: string;
  taxRateBp: number;
  /** The venue's time zone and happy hours: a drink is priced by the one running when the order is placed. */
  pricing?: VenuePricing;
  owner: PlacementOwner;
  idempotencyKey: string | null;
  /** SHA-256 of kind, owner, venue and the validated body: what "the same request" means. */
  requestHash: string;
  /** The order's lines; null for a checkout, which takes the guest's cart at this venue. */
  lines: PlacementLine[] | null;
  /** A table's round: the session whose owner key ('t:<id>') the order has (docs/decisions/231). */
  tableSessionId?: string;
  /** A table's round: the table cart's lines it sends, deleted in the order's own write batch. */
  tableCartLineIds?: string[];
  /**
   * A checkout paid first (docs/decisions/241): the total the card authorised. The order is placed only at that
   * total; a cart or price that changed while the guest paid is refused, and the authorisation released.
   */
  authorisedTotalCents?: number;
  details: {
    displayName: string | null;
    customName: string | null;
    specialInstructions: string | null;
    customerName: string | null;
    customerPhone: string | null;
    referredByAi: boolean;
    aiRecipeName: string | null;
    tableNumber: string | null;
    salesChannel: string;
  };
};

/** Plain data only: refusals cross the Durable Object's RPC boundary. */
export type RefusalDetails = Record<string, string | string[]> | { path: string; message: string }[];
/**
 * `retryAfterSeconds`: with a 429 or 503, when to try again (the first-order ceiling, worker/orders/first-orders.ts; a
 * queue holding every order code, worker/orders/order-codes.ts).
 */
export type Refusal = { ok: false; status: 400 | 404 | 409 | 422 | 429 | 503; code: string; message: string; details?: RefusalDetails; retryAfterSeconds?: number };
export type PlacementOutcome =
  /**
   * `linkedDays`: the UTC days of the AI suggestions this order marked ordered (their days' rollups change too).
   * `seq`: the number of its order_created event in the venue's live log (docs/decisions/154); null for a replay.
   */
  | { ok: true; status: 200; body: PlacedOrder; replayed: boolean; order: Order; ownerKey: string; linkedDays: string[]; seq: number | null }
  | Refusal;

/** What the Worker answers a placement with: the placed order's body encoded as JSON, or the refusal (docs/decisions/270). */
export type PlacementAnswer = { ok: true; json: string } | Refusal;

export const refuse = (status: Refusal['status'], code: string, message: string, details?: RefusalDetails): Refusal =>
  ({ ok: false, status, code, message, details });

/** A refusal of the registry (shared/refusals.ts, docs/decisions/256). */
export const refuseWith = <I extends RefusalId>(status: Refusal['status'], id: I, ...args: RefusalArgs<I>): Refusal => {
  const { code, message, details } = refusalParts(id, ...args);
  return refuse(status, code, message, details as RefusalDetails | undefined);
};

const activeOrderExists = () => refuse(409, ACTIVE_ORDER_EXISTS_CODE, ACTIVE_ORDER_EXISTS);
const refusedOptions = (problem: ModifierProblem) => refuse(400, problem.code, problem.message, problem.details as RefusalDetails | undefined);
/** The code of every refusal of a line's options (shared/modifiers.ts). */
const OPTIONS_REFUSED = 'options_refused';

/**
 * The venue changed (deactivated, or another tax rate) after the Worker read it from its cache: the
 * write batch was rolled back and the Worker places again with the venue read afresh. Never reaches a client.
 */
export const VENUE_CHANGED = 'venue_changed';

/** A checkout paid first whose cart or prices changed after the card was authorised (docs/decisions/241). */
export const CART_CHANGED = 'cart_changed';

/** True when a D1 error (possibly wrapped by drizzle) is a `kind` constraint failure on `columns`. */
function isConstraintFailure(err: unknown, kind: 'UNIQUE' | 'NOT NULL', columns: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.message.includes(`${kind} constraint failed: ${columns}`)) return true;
  }
  return false;
}

/** True when a D1 error (possibly wrapped by drizzle) is a UNIQUE violation on `columns`. */
export const isUniqueViolation = (err: unknown, columns: string) => isConstraintFailure(err, 'UNIQUE', columns);

type IdempotencyRecord = typeof idempotencyRecords.$inferSelect;

const idempotencyRecordQuery = (db: Db, req: PlacementRequest) => db.select().from(idempotencyRecords)
  .where(and(eq(idempotencyRecords.restaurantId, req.venueId), eq(idempotencyRecords.key, req.idempotencyKey ?? ''))).limit(1);

async function replayIdempotent(db: Db, req: PlacementRequest): Promise<PlacementOutcome | null> {
  if (!req.idempotencyKey) return null;
  const [record] = await idempotencyRecordQuery(db, req);
  return replayOf(db, record, req);
}

/**
 * The answer to a retried request, rebuilt from the order it placed: a record keeps the request hash and the
 * order id only (docs/decisions/157), a few hundred bytes instead of the whole answer.
 */
async function replayOf(db: Db, record: IdempotencyRecord | undefined, req: PlacementRequest): Promise<PlacementOutcome | null> {
  if (!req.idempotencyKey || !record) return null;
  if (record.requestHash !== req.requestHash) {
    return refuseWith(422, 'idempotency_key_reused');
  }
  const body = await placedAnswer(db, record.orderId ?? '');
  if (!body) return refuseWith(409, 'idempotency_key_reused.gone');
  return { ok: true, status: 200, body, replayed: true, order: body.order, ownerKey: record.ownerKey, linkedDays: [], seq: null };
}

/** What placing `orderId` answered, from the order as stored now. */
async function placedAnswer(db: Db, orderId: string): Promise<PlacedOrder | null> {
  const [rows, items] = await db.batch([
    db.select().from(orders).where(eq(orders.id, orderId)).limit(1),
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position)),
  ]);
  const row = rows[0];
  return row ? placedBody(row, items) : null;
}

function placedBody(row: OrderRow, items: OrderLineRow[]): PlacedOrder {
  return {
    id: row.id, status: row.status, created_at: row.createdAt, eta_minutes: row.etaMinutes ?? 0,
    subtotal_cents: row.subtotalCents, tax_cents: row.taxCents, total_cents: row.totalCents,
    total: centsToDollars(row.totalCents), order: toOrder(row, items),
  };
}

const drinksQuery = (db: Db, venueId: string, drinkIds: string[]) =>
  db.select().from(menuDrinks).where(and(eq(menuDrinks.restaurantId, venueId), inArray(menuDrinks.id, drinkIds)));

const drinkIdsOf = (lines: PlacementLine[]) => [...new Set(lines.map((l) => l.menuDrinkId).filter((id): id is string => Boolean(id)))];

/**
 * Everything placement reads, in ONE D1 round trip (a batch is one consistent snapshot): the
 * idempotency record, the guest's active order at the venue, their cart (for a checkout), the
 * ordered drinks (when the lines came with the request) and the venue's queue (docs/decisions/157).
 */
async function readStart(db: Db, req: PlacementRequest) {
  const lineDrinkIds = req.lines ? drinkIdsOf(req.lines) : [];
  const [record, active, cartRows, drinks, queue] = await db.batch([
    idempotencyRecordQuery(db, req),
    // A table's next round may go once the last one is made (docs/decisions/231); a solo guest's once delivered.
    db.select({ id: orders.id }).from(orders)
      .where(and(eq(orders.restaurantId, req.venueId), eq(orders.ownerKey, req.owner.ownerKey),
        inArray(orders.status, req.tableSessionId ? [...MAKING_ORDER_STATUSES] : [...ACTIVE_ORDER_STATUSES])))
      .limit(1),
    db.select({ item: cartItems }).from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.ownerKey, req.owner.ownerKey), eq(carts.restaurantId, req.venueId))),
    // No drink ids (a checkout, or AI creations only): a query that matches nothing keeps the batch's shape.
    drinksQuery(db, req.venueId, lineDrinkIds.length ? lineDrinkIds : ['']),
    queueAheadQuery(db, req.venueId),
  ]);
  return {
    record: record[0],
    activeOrderId: active[0]?.id ?? null,
    cart: cartRows.map((r) => r.item),
    drinks: req.lines ? drinks : null,
    ahead: toQueueAhead(queue[0]),
  };
}

/**
 * Drinks the venue's hub holds between placements (docs/decisions/157): with them, an order whose lines came with
 * the request is placed in one write batch that checks, in the same transaction, everything the read batch used
 * to read first.
 */
export type HeldDrinks = {
  /** The venue's drinks by id, as last read; null when the hub holds none. */
  get(): Map<string, typeof menuDrinks.$inferSelect> | null;
  set(drinks: Map<string, typeof menuDrinks.$inferSelect>): void;
  drop(): void;
};

/** A drink the hub held changed before the write (switched off, sold out, edited): place again the full way. */
const HELD_DRINK_CHANGED = 'held_drink_changed';

/**
 * Places the order. `liveBase` is the last live-log number the venue's hub knows: the order's event is numbered
 * after it when the venue's database holds no event yet (worker/live/live-log.ts).
 */
export async function placeOrder(db: Db, req: PlacementRequest, liveBase: number, code: string, held?: HeldDrinks): Promise<PlacementOutcome> {
  if (held && req.lines && !req.lines.some((l) => l.isAiCreation)) {
    const fast = await placeWithHeldDrinks(db, req, req.lines, held, liveBase, code);
    if (fast) return fast;
  }
  return placeAfterReading(db, req, await readStart(db, req), liveBase, code);
}

/**
 * The code the hub gave is held by another open order in the database (the hub's memory missed a change): never
 * reaches a client, the hub reads its codes again and places once more (docs/decisions/234).
 */
export const ORDER_CODE_TAKEN = 'order_code_taken';

/**
 * The write-only path: the drinks from the hub (read once when it holds none), the queue summed by the order's insert
 * (which answers the ETA it stored), idempotency and the one-active-order rule left to their keys. Null when it cannot decide (a drink
 * unknown or unavailable by the held copy, or changed since): the caller places the full way, whose answers and
 * their order are the reference.
 */
async function placeWithHeldDrinks(db: Db, req: PlacementRequest, lines: PlacementLine[], held: HeldDrinks, liveBase: number, code: string): Promise<PlacementOutcome | null> {
  const ids = drinkIdsOf(lines);
  let drinks = held.get();
  if (!drinks || ids.some((id) => !drinks!.has(id))) {
    drinks = new Map((await db.select().from(menuDrinks).where(eq(menuDrinks.restaurantId, req.venueId))).map((d) => [d.id, d]));
    held.set(drinks);
  }
  if (ids.some((id) => !drinks!.get(id)?.isAvailable || drinks!.get(id)?.soldOutReason)) return null;
  const outcome = await placeAfterReading(db, req, { record: undefined, activeOrderId: null, cart: [], drinks: ids.map((id) => drinks!.get(id)!), ahead: null }, liveBase, code);
  // A refusal of the options was decided on the held copy, which may be older than the drink: the full way decides.
  if (!outcome.ok && (outcome.code === HELD_DRINK_CHANGED || outcome.code === 'invalid_request' || outcome.code === OPTIONS_REFUSED)) {
    held.drop();
    return null;
  }
  return outcome;
}

type PlacementStart = Awaited<ReturnType<typeof readStart>> | {
  record: undefined; activeOrderId: null; cart: never[]; drinks: (typeof menuDrinks.$inferSelect)[];
  /** Null: the queue is summed by the order's insert in the write batch, and the drinks checked there (placeWithHeldDrinks). */
  ahead: null;
};

async function placeAfterReading(db: Db, req: PlacementRequest, start: PlacementStart, liveBase: number, code: string): Promise<PlacementOutcome> {
  const replay = await replayOf(db, start.record, req);
  if (replay) return replay;
  if (start.activeOrderId) return activeOrderExists();

  const fromCart = req.lines === null;
  const lines: PlacementLine[] = req.lines ?? [...start.cart]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((c) => ({
      menuDrinkId: c.menuDrinkId, quantity: c.qty, notes: c.notes, modifiers: c.modifiers,
      isAiCreation: c.isAiCreation, aiRecipeName: c.aiRecipeName ?? c.customName, recipe: c.recipe ?? null,
      aiInteractionId: c.aiInteractionId,
    }));
  if (lines.length === 0) return refuseWith(400, 'cart_empty.solo');

  // AI creations: only as the server suggested them to this guest here (docs/decisions/190).
  const creationLines = lines.filter((l) => l.isAiCreation);
  const creationOwners = [...new Set(creationLines.map((l) => l.creationOwnerKey ?? req.owner.ownerKey))];
  const creations = new Map<string, IssuedCreation>();
  for (const ownerKey of creationOwners) {
    const issued = await issuedCreations(db, { venueId: req.venueId, ownerKey, interactionIds: creationLines.filter((l) => (l.creationOwnerKey ?? req.owner.ownerKey) === ownerKey).map((l) => l.aiInteractionId) });
    if (!issued.ok) return refuse(issued.status, issued.code, issued.message, issued.details);
    for (const [id, creation] of issued.creations) creations.set(id, creation);
  }
  const creationOf = (line: PlacementLine) => (line.aiInteractionId ? creations.get(line.aiInteractionId) : undefined);

  const drinkIds = drinkIdsOf(lines);
  // A checkout learns its drinks from the cart: the one read that needs a second round trip.
  const drinks = start.drinks ?? (drinkIds.length ? await drinksQuery(db, req.venueId, drinkIds) : []);
  const byId = new Map(drinks.map((d) => [d.id, d]));
  const unknown = drinkIds.filter((id) => !byId.has(id));
  if (unknown.length) return refuseWith(400, 'unknown_drink', { menu_drink_ids: unknown });
  const unavailable = drinks.filter((d) => !d.isAvailable || d.soldOutReason);
  if (unavailable.length) {
    return refuseWith(409, 'drink_unavailable', { name: unavailable.map((d) => d.name).join(', '),
      menu_drink_ids: unavailable.map((d) => d.id),
    });
  }

  // Each line's options, checked against its drink's groups as they are now (docs/decisions/197).
  const options: ResolvedModifiers<ModifierOption>[] = [];
  for (const line of lines) {
    const drink = line.menuDrinkId && !line.isAiCreation ? byId.get(line.menuDrinkId) : undefined;
    if (!drink && line.modifiers?.length) return refusedOptions(optionsRefusal('options_refused.ai_creation'));
    const resolved = resolveModifiers(drink?.name ?? '', drink?.modifierGroups ?? [], line.modifiers ?? []);
    if (!resolved.ok) return refusedOptions(resolved);
    options.push(resolved);
  }

  const orderId = newId();
  const now = new Date().toISOString();
  const happyHour = pricingAt(req.pricing, new Date(now));
  // A line never costs less than nothing, whatever happy hour was set after its drink was saved (docs/decisions/226).
  for (const [i, line] of lines.entries()) {
    const drink = line.menuDrinkId && !line.isAiCreation ? byId.get(line.menuDrinkId) : undefined;
    if (!drink || scheduledPriceCents(drink.priceCents, drink.category, happyHour) + options[i]!.priceDeltaCents >= 0) continue;
    const covered = happyHour && happyHourCovers(happyHour.rule, drink.category) ? happyHour.rule.discount_bp : null;
    const message = belowZeroMessage(drink.name, options[i]!.options.map(({ option }) => option), covered);
    return refuse(400, 'invalid_request', message, [{ path: fromCart ? 'modifiers' : `items.${i}.modifiers`, message }]);
  }
  // Prices come from the menu, its happy hour and the line's options (or the fixed AI creation price), never from the
  // client; a happy hour takes its share off the drink's price, an option adds its own (docs/decisions/197).
  const itemRows: NewOrderItemRow[] = lines.map((line, position) => {
    const drink = line.menuDrinkId && !line.isAiCreation ? byId.get(line.menuDrinkId) : undefined;
    const creation = creationOf(line);
    const chosen = options[position]!;
    const basePriceCents = creation ? creation.priceCents : line.isAiCreation ? AI_CREATION_PRICE_CENTS : scheduledPriceCents(drink!.priceCents, drink!.category, happyHour);
    const unitPriceCents = basePriceCents + chosen.priceDeltaCents;
    const facts = withModifierFacts({
      allergens: creation?.allergens ?? drink?.allergens ?? [], containsAlcohol: creation?.containsAlcohol ?? drink?.containsAlcohol ?? true,
    }, chosen.options.map((o) => o.option));
    return {
      orderId,
      menuDrinkId: drink?.id ?? null,
      name: creation?.name ?? drink?.name ?? 'AI Creation',
      description: drink?.description ?? null,
      imageUrl: drink?.imageUrl ?? null,
      unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: unitPriceCents * line.quantity,
      notes: line.notes,
      modifiers: chosen.label,
      modifierChoices: chosen.options.length ? chosen.options.map(({ option }, i) => ({ ...chosen.chosen[i]!, effects: option.effects })) : null,
      isAiCreation: line.isAiCreation,
      aiRecipeName: creation?.name ?? null,
      recipe: creation?.recipe ?? null,
      allergens: facts.allergens,
      containsAlcohol: facts.containsAlcohol,
      position,
      ...(line.member ? { memberId: line.member.id, memberName: line.member.name } : {}),
    };
  });
  const totals = orderTotals(itemRows.map((i) => ({ unitPriceCents: i.unitPriceCents, quantity: i.quantity })), req.taxRateBp);
  if (req.authorisedTotalCents !== undefined && totals.totalCents !== req.authorisedTotalCents) {
    return refuseWith(409, CART_CHANGED);
  }
  const ownDrinks = lines.reduce((n, l) => n + l.quantity, 0);
  const heldDrinks = start.ahead === null;
  // With held drinks the queue is read in the write batch; the ETA is then taken from that read.
  let eta = start.ahead ? etaMinutes('pending', start.ahead.drinks, ownDrinks, start.ahead.made)! : 0;
  const firstCreation = lines.find((l) => l.isAiCreation);
  const firstCustomName = fromCart ? start.cart.find((c) => c.customName)?.customName ?? null : null;
  // A cart line added from the guest's own suggestion here makes the whole checkout AI-referred (menu drinks included).
  const suggested = fromCart ? start.cart.filter((c) => c.aiInteractionId) : [];
  const ownSuggestions = suggested.length === 0 ? null
    : await ownSuggestionIds(db, { venueId: req.venueId, ownerKey: req.owner.ownerKey, interactionIds: suggested.map((c) => c.aiInteractionId!) });
  const suggestedLine = suggested.find((c) => ownSuggestions?.has(c.aiInteractionId!));

  const orderRow: OrderRow = {
    id: orderId,
    restaurantId: req.venueId,
    ownerKey: req.owner.ownerKey,
    // Never read: the owner key names the device (docs/decisions/270, storage), so a kept order does not carry it twice.
    guestSessionId: null,
    guestId: req.owner.guestId,
    userId: null,
    displayName: req.details.displayName,
    customerName: req.details.customerName,
    customerPhone: req.details.customerPhone,
    status: 'pending',
    paymentStatus: 'unpaid',
    paymentMethod: null,
    paymentProblem: null,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    taxRateBp: req.taxRateBp,
    specialInstructions: req.details.specialInstructions,
    salesChannel: req.details.salesChannel,
    tableNumber: req.details.tableNumber,
    referredByAi: req.details.referredByAi || Boolean(firstCreation) || Boolean(suggestedLine),
    aiRecipeName: req.details.aiRecipeName ?? (firstCreation ? creationOf(firstCreation)?.name ?? null : null)
      ?? (suggestedLine ? byId.get(suggestedLine.menuDrinkId ?? '')?.name ?? null : null),
    customName: req.details.customName ?? firstCustomName,
    aiInteractionId: suggestedLine?.aiInteractionId ?? firstCreation?.aiInteractionId ?? null,
    etaMinutes: eta,
    drinkCount: ownDrinks,
    stockDeductedAt: null,
    deliveredAt: null,
    madeAt: null,
    tableSessionId: req.tableSessionId ?? null,
    code,
    createdAt: now,
    updatedAt: now,
  };

  // One batch (one D1 transaction): the order is durable before anyone is told about it. The idempotency record
  // goes first, so a retry's batch stops at its key (and is replayed) before the one-active-order rule. Its statements
  // are plain D1 statements over constant SQL (worker/orders/placement-batch.ts, docs/decisions/270).
  const d1 = d1Of(db);
  const cartItemIds = fromCart ? start.cart.map((c) => c.id) : [];
  const suggestionIds = [...new Set([suggestedLine?.aiInteractionId, ...creationLines.map((l) => l.aiInteractionId)].filter((id): id is string => Boolean(id)))];
  let linkedDays: string[] = [];
  let stored: OrderLineRow[] = [];
  let seq: number | null = null;
  try {
    const before = [
      ...(req.idempotencyKey
        ? [idempotencyInsert(d1, { venueId: req.venueId, key: req.idempotencyKey, ownerKey: req.owner.ownerKey, requestHash: req.requestHash, orderId, at: now })]
        : []),
      // With held drinks the insert computes the ETA over the queue and answers it: the queue is summed once.
      orderInsert(d1, orderRow, heldDrinks ? paceSince(Date.parse(now)) : null),
    ];
    const statements = [
      ...before,
      ...itemRows.map((row) => orderItemInsert(d1, row, heldDrinks && row.menuDrinkId ? byId.get(row.menuDrinkId)! : null)),
      placedEventInsert(d1, orderId, now),
      // Its live event, numbered in this transaction (docs/decisions/154).
      liveCreatedInsert(d1, req.venueId, orderId, now, liveBase),
      ...inChunks(cartItemIds).map((ids) => d1Statement(d1, db.delete(cartItems).where(inArray(cartItems.id, ids)))),
      ...inChunks(req.tableCartLineIds ?? []).map((ids) => d1Statement(d1, db.delete(tableCartLines).where(inArray(tableCartLines.id, ids)))),
      ...suggestionIds.map((id) => d1Statement(d1, db.update(aiInteractions).set({ wasOrdered: true, orderId })
        .where(and(eq(aiInteractions.id, id), eq(aiInteractions.restaurantId, req.venueId), inArray(aiInteractions.ownerKey, [req.owner.ownerKey, ...creationOwners])))
        .returning({ createdAt: aiInteractions.createdAt }))),
    ];
    const results = (await d1.batch<Record<string, unknown>>(statements)).map((r: D1Result<Record<string, unknown>>) => r.results);
    if (heldDrinks) eta = Number((results[before.length - 1]![0] as { eta_minutes: number | null }).eta_minutes ?? 0);
    linkedDays = results.slice(results.length - suggestionIds.length).flat().map((row: Record<string, unknown>) => utcDay((row as { created_at: string }).created_at));
    stored = itemRows.map((row, i) => ({ ...row, id: (results[before.length + i]![0] as { id: number }).id }));
    seq = recordedSeq(results[before.length + itemRows.length + 1]);
  } catch (err) {
    if (isConstraintFailure(err, 'NOT NULL', 'orders.tax_rate_bp')) return refuseWith(409, VENUE_CHANGED);
    if (isConstraintFailure(err, 'NOT NULL', 'order_items.unit_price_cents')) return refuseWith(409, HELD_DRINK_CHANGED);
    if (isUniqueViolation(err, 'orders.restaurant_id, orders.owner_key')) return activeOrderExists();
    if (isUniqueViolation(err, 'orders.restaurant_id, orders.code')) return refuseWith(409, ORDER_CODE_TAKEN);
    if (isUniqueViolation(err, 'idempotency_records.restaurant_id, idempotency_records.key')) {
      return (await replayIdempotent(db, req)) ?? activeOrderExists();
    }
    throw err;
  }
  const body = placedBody({ ...orderRow, etaMinutes: eta }, stored);
  return { ok: true, status: 200, body, replayed: false, order: body.order, ownerKey: req.owner.ownerKey, linkedDays, seq };
}
