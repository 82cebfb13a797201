// Where tickets stand on the bar display and which bump-bar key each one has (docs/decisions/234). A ticket keeps
// its key from when it reaches the bar until it has left it, so a bump never moves another ticket's number under
// the bartender's finger; a bumped ticket stays where it was, with its Undo, until the undo window has passed.
import { cardUnsettledUnpaid, isActiveStatus, isBumpedStatus, RECALL_WINDOW_MS } from '../../../../shared/orders';
import type { Order } from '../../../../shared/schemas/order';

/**
 * Tickets on the bar get keys 1 to 99: 1–9 take one key press, 10–99 two typed one after the other
 * (docs/decisions/234), so a rush of more than nine tickets stays reachable from the keys.
 */
export const BAR_KEY_COUNT = 99;
/** How soon a second digit must follow the first to make a two-key code (12 = 1 then 2). */
export const TWO_KEY_MS = 1500;

export type KeyEntry = { digit: number; at: number } | null;

/**
 * The ticket key a digit press selects. A digit right after another (within TWO_KEY_MS) makes a two-key code when
 * a ticket holds it ("1" then "2": ticket 12); otherwise the digit alone (ticket 2). `next` is what a following
 * digit may continue.
 */
export function keyFromDigit(previous: KeyEntry, digit: number, at: number, inUse: (key: number) => boolean): { key: number | null; next: KeyEntry } {
  if (previous && at - previous.at <= TWO_KEY_MS) {
    const twoKey = previous.digit * 10 + digit;
    if (inUse(twoKey)) return { key: twoKey, next: null };
  }
  return { key: digit === 0 ? null : digit, next: digit === 0 ? null : { digit, at } };
}

/** A bumped ticket can be recalled until RECALL_WINDOW_MS after its bump (docs/decisions/234). */
export const undoableUntil = (o: Pick<Order, 'status' | 'updated_at'>) => (isBumpedStatus(o.status) ? Date.parse(o.updated_at) + RECALL_WINDOW_MS : 0);

/**
 * Still on the bar: to make, bumped so recently that it can be undone, or handed over on a card Stripe refused or has
 * not confirmed, and not yet recorded paid (docs/decisions/279): it leaves once the money is settled.
 */
export const isOnBar = (o: Order, now: number) => isActiveStatus(o.status) || undoableUntil(o) > now || (o.status === 'delivered' && cardUnsettledUnpaid(o));

const byArrival = (a: Order, b: Order) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/**
 * The display order: tickets on the bar by arrival, oldest first, whatever their stage (a bump changes no other
 * ticket's place); finished ones after, most recently bumped first.
 */
export function barOrder(orders: Order[], now: number): Order[] {
  const onBar = orders.filter((o) => isOnBar(o, now)).sort(byArrival);
  const finished = orders.filter((o) => !isOnBar(o, now)).sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return [...onBar, ...finished];
}

export type BarKeys = ReadonlyMap<string, number>;

/**
 * The keys after a change of the queue: a ticket still on the bar keeps its key; a ticket that left frees it; a
 * ticket without one (new, or waiting past the 99th) takes the lowest free key, oldest first. Answers `previous`
 * itself when nothing changed, so a screen can tell.
 */
export function assignBarKeys(previous: BarKeys, orders: Order[], now: number): BarKeys {
  const onBar = orders.filter((o) => isOnBar(o, now)).sort(byArrival);
  const present = new Set(onBar.map((o) => o.id));
  const next = new Map([...previous].filter(([id]) => present.has(id)));
  const used = new Set(next.values());
  for (const order of onBar) {
    if (next.has(order.id)) continue;
    let key = 1;
    while (used.has(key) && key <= BAR_KEY_COUNT) key += 1;
    if (key > BAR_KEY_COUNT) break;
    next.set(order.id, key);
    used.add(key);
  }
  const same = next.size === previous.size && [...next].every(([id, key]) => previous.get(id) === key);
  return same ? previous : next;
}

/** The order on a key, if any. */
export const orderOnKey = (keys: BarKeys, key: number) => [...keys].find(([, k]) => k === key)?.[0] ?? null;
