// The table's cart and its rounds (docs/product.md §12.3): members add, change and remove their lines; the host
// (or any member, when the host allows) sends the cart to the bar as one round.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { QUANTITY_MAX } from '../../shared/constants';
import { newId } from '../../shared/ids';
import { ROUND_SALES_CHANNEL, tableDisplayName, tableOwnerKey } from '../../shared/tables';
import { idempotencyRecords, menuDrinks, tableCartLines } from '../db/schema';
import { issuedCreations, type PlacementOutcome, type PlacementRequest } from '../orders';
import { optionsRefusal, resolveModifiers, type ModifierProblem } from '../../shared/modifiers';
import { refuseTable, tableRefusal, type NewLine, type RefusalDetails } from './commands';
import { hostName, isHost, requireMember, requireOpen, unchanged, type Change, type Decision, type Scope } from './change';
import { roundInMaking } from './serialize';
import { presentMembers } from './queries';
import { holdLimitRefusal } from './card';

const refusedOptions = (problem: ModifierProblem) => refuseTable(400, problem.code, problem.message, problem.details as RefusalDetails | undefined);


/**
 * Members add lines: a menu drink of this venue that can be poured now, or an AI creation the bartender suggested
 * to that member (docs/decisions/190). A member's second line of the same drink with the same notes and options adds
 * to the first; lines of different members are never merged. The AI round adds a line for each member (`forMemberId`).
 */
export async function addLinesDecision(scope: Scope, lines: NewLine[]): Promise<Decision> {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  const closed = requireOpen(scope);
  if (closed) return closed;
  if (lines.length === 0) return unchanged();
  const { db, rows, now, actor } = scope;
  const present = new Map(presentMembers(rows).map((m) => [m.id, m]));

  const drinkIds = [...new Set(lines.filter((l) => !l.is_ai_creation && l.menu_drink_id).map((l) => l.menu_drink_id!))];
  // The drinks the hub holds for placement, when it holds them all (what a line shows is read back from D1 anyway).
  const heldDrinks = drinkIds.length && scope.heldDrinks ? await scope.heldDrinks() : null;
  const held = heldDrinks && drinkIds.every((id) => heldDrinks.has(id)) ? drinkIds.map((id) => heldDrinks.get(id)!) : null;
  const drinks = held ?? (drinkIds.length
    ? await db.select().from(menuDrinks).where(and(eq(menuDrinks.restaurantId, scope.venueId), inArray(menuDrinks.id, drinkIds)))
    : []);
  const writes: Change['writes'] = [];
  // Quantities added so far in this change, per existing line (two lines of one request may land on the same one).
  const added = new Map<string, number>();
  for (const [i, line] of lines.entries()) {
    const owner = line.forMemberId ? present.get(line.forMemberId) : member;
    if (!owner) return tableRefusal(404, 'member_not_found', { table: rows.session.tableNumber });
    const notes = line.notes || null;
    if (line.is_ai_creation) {
      if (line.modifiers?.length) return refusedOptions(optionsRefusal('options_refused.ai_creation'));
      const issued = await issuedCreations(db, { venueId: scope.venueId, ownerKey: actor.kind === 'guest' ? actor.ownerKey : '', interactionIds: [line.ai_interaction_id ?? null] });
      if (!issued.ok) return refuseTable(issued.status, issued.code, issued.message, issued.details);
      const creation = issued.creations.get(line.ai_interaction_id!)!;
      writes.push(db.insert(tableCartLines).values({
        id: newId(), sessionId: rows.session.id, memberId: owner.id, isAiCreation: true, aiRecipeName: creation.name, recipe: creation.recipe,
        aiInteractionId: creation.interactionId, qty: line.qty, notes, createdAt: lineTime(now, i),
      }).returning());
      continue;
    }
    const drink = drinks.find((d) => d.id === line.menu_drink_id);
    if (!drink) return tableRefusal(404, 'not_found.drink', { menu_drink_ids: [line.menu_drink_id ?? ''] });
    if (!drink.isAvailable || drink.soldOutReason) return tableRefusal(409, 'drink_unavailable', { name: drink.name, menu_drink_ids: [drink.id] });
    const resolved = resolveModifiers(drink.name, drink.modifierGroups, line.modifiers ?? []);
    if (!resolved.ok) return refusedOptions(resolved);
    const modifiers = resolved.chosen.length ? resolved.chosen.map((c) => c.option_id).sort() : null;
    const same = rows.cart.find(({ line: l }) => l.memberId === owner.id && !l.isAiCreation && l.menuDrinkId === drink.id && (l.notes ?? null) === notes
      && (l.modifiers ?? []).join('.') === (modifiers ?? []).join('.'))?.line;
    if (same) {
      const qty = same.qty + (added.get(same.id) ?? 0) + line.qty;
      if (qty > QUANTITY_MAX) {
        return tableRefusal(400, 'quantity_over_max.member', { name: owner.name, quantity: qty - line.qty, drink: drink.name, max: QUANTITY_MAX });
      }
      added.set(same.id, qty - same.qty);
      continue;
    }
    writes.push(db.insert(tableCartLines).values({
      id: newId(), sessionId: rows.session.id, memberId: owner.id, menuDrinkId: drink.id, qty: line.qty, notes, modifiers,
      aiInteractionId: line.ai_interaction_id ?? null, createdAt: lineTime(now, i),
    }).returning());
  }
  for (const [id, extra] of added) {
    writes.push(db.update(tableCartLines).set({ qty: sql`${tableCartLines.qty} + ${extra}`, version: sql`${tableCartLines.version} + 1` }).where(eq(tableCartLines.id, id)).returning());
  }
  return { writes, cartOnly: true, lineDrinks: drinks };
}

/** Lines added together keep the order they were sent in (the cart is read by creation time). */
const lineTime = (now: string, index: number) => (index === 0 ? now : new Date(Date.parse(now) + index).toISOString());

/** A line may be changed by its member and by the host. */
function lineToChange(scope: Scope, lineId: string) {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  const closed = requireOpen(scope);
  if (closed) return closed;
  const found = scope.rows.cart.find(({ line }) => line.id === lineId)?.line;
  if (!found) return tableRefusal(404, 'line_not_found');
  if (found.memberId !== member.id && !isHost(scope)) {
    const owner = scope.rows.members.find((m) => m.id === found.memberId)?.name ?? 'its member';
    return tableRefusal(403, 'not_your_line', { name: owner });
  }
  return found;
}

export function updateLineDecision(scope: Scope, lineId: string, change: { qty?: number; notes?: string | null }): Decision {
  const line = lineToChange(scope, lineId);
  if ('ok' in line) return line;
  if (change.qty === undefined && change.notes === undefined) {
    return refuseTable(400, 'invalid_request', 'Say what to change: qty or notes', [{ path: 'qty', message: 'qty or notes is required' }]);
  }
  const set = {
    ...(change.qty !== undefined ? { qty: change.qty } : {}),
    ...(change.notes !== undefined ? { notes: change.notes || null } : {}),
  };
  return { writes: [scope.db.update(tableCartLines).set({ ...set, version: sql`${tableCartLines.version} + 1` }).where(eq(tableCartLines.id, line.id)).returning()], cartOnly: true };
}

export function deleteLineDecision(scope: Scope, lineId: string): Decision {
  const line = lineToChange(scope, lineId);
  if ('ok' in line) return line;
  return { writes: [scope.db.delete(tableCartLines).where(eq(tableCartLines.id, line.id))], cartOnly: true, removedLines: [line.id] };
}

/**
 * Sends the cart as one round: an order whose owner is the table (`t:<session id>`), placed by the venue's usual
 * placement, so the one-active-order index allows one active round per table (docs/decisions/231). Its lines
 * carry their members' names; the cart's lines leave in the order's own write batch.
 */
export async function sendRoundDecision(
  scope: Scope, input: { specialInstructions?: string; idempotencyKey: string | null; requestHash: string },
  placeRound: (req: PlacementRequest) => Promise<PlacementOutcome>,
): Promise<Decision> {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  const { rows, actor } = scope;
  if (!isHost(scope) && !rows.session.membersCanSend) {
    return tableRefusal(403, 'host_only.send', { host: hostName(scope) });
  }
  if (actor.kind !== 'guest') return tableRefusal(403, 'forbidden.round_by_table');
  // A retried request (the same Idempotency-Key) is answered by placement as the first time, even once the cart
  // has gone or the tab moved on; a new one must find the tab open and no round at the bar.
  const retried = input.idempotencyKey !== null && (await scope.db.select({ key: idempotencyRecords.key }).from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.restaurantId, scope.venueId), eq(idempotencyRecords.key, input.idempotencyKey))).limit(1)).length > 0;
  if (!retried) {
    const closed = requireOpen(scope);
    if (closed) return closed;
    if (roundInMaking(rows)) return tableRefusal(409, 'round_active', { table: rows.session.tableNumber });
    if (rows.cart.length === 0) return tableRefusal(400, 'cart_empty', { table: rows.session.tableNumber });
    const overHold = await holdLimitRefusal(scope);
    if (overHold) return overHold;
  }
  const nameOf = new Map(rows.members.map((m) => [m.id, m]));
  const outcome = await placeRound({
    kind: 'order',
    venueId: scope.venueId,
    taxRateBp: rows.venue.taxRateBp,
    pricing: { timezone: rows.venue.timezone, happyHours: rows.venue.happyHours },
    owner: { ownerKey: tableOwnerKey(rows.session.id), sessionId: actor.sessionId, guestId: actor.guestId },
    idempotencyKey: input.idempotencyKey,
    requestHash: input.requestHash,
    tableSessionId: rows.session.id,
    tableCartLineIds: rows.cart.map(({ line }) => line.id),
    lines: rows.cart.map(({ line }) => ({
      menuDrinkId: line.menuDrinkId, quantity: line.qty, notes: line.notes, modifiers: line.modifiers, isAiCreation: line.isAiCreation,
      aiRecipeName: line.aiRecipeName, recipe: line.recipe ?? null, aiInteractionId: line.aiInteractionId,
      member: { id: line.memberId, name: nameOf.get(line.memberId)?.name ?? 'Guest' },
      creationOwnerKey: nameOf.get(line.memberId)?.ownerKey,
    })),
    details: {
      displayName: tableDisplayName(rows.session.tableNumber), customName: null, specialInstructions: input.specialInstructions || null,
      customerName: member.name, customerPhone: null, referredByAi: rows.cart.some(({ line }) => line.aiInteractionId !== null), aiRecipeName: null,
      tableNumber: rows.session.tableNumber, salesChannel: ROUND_SALES_CHANNEL,
    },
  });
  if (!outcome.ok) {
    if (outcome.code === 'cart_empty') return tableRefusal(400, 'cart_empty', { table: rows.session.tableNumber });
    if (outcome.code === 'active_order_exists') return tableRefusal(409, 'round_active', { table: rows.session.tableNumber });
    return refuseTable(outcome.status, outcome.code, outcome.message, outcome.details);
  }
  // A replay changes nothing more: its round was sent the first time.
  if (outcome.replayed) return { ...unchanged(), order: outcome.order };
  return { writes: [], order: outcome.order };
}
