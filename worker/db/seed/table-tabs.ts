// The demo's tables and its one open tab (docs/decisions/231): tables 1–20 at every demo venue, and at The Artisan
// Bar a tab at table 5 with three members, one delivered round and a line in the table's cart, so the staff Tables
// screen and a guest scanning table 5 have something on first start. Deterministic like the rest of the seed.
import { DEFAULT_TAX_RATE_BP } from '../../../shared/constants';
import { ROUND_SALES_CHANNEL, tableDisplayName } from '../../../shared/tables';
import { stableId } from './seed-random';
import type { SqlRow } from './sql-literals';

const MINUTE = 60_000;
export const DEMO_TABLE_COUNT = 20;
/** The demo tab: its venue, table and the code its host shares. */
export const DEMO_TAB = { venueSlug: 'artisan-bar', table: '5', joinCode: 'K7QM' } as const;
const DEMO_TAB_MEMBERS = ['Maya', 'Jonas', 'Priya'] as const;

type SeedDrink = { id: string; name: string; description: string; priceCents: number; imageUrl: string; allergens: string[]; containsAlcohol: boolean };
type SeedVenue = { id: string; slug: string; createdAt: number; orderable: SeedDrink[] };

export type TableSeed = {
  venueTables: SqlRow[];
  sessions: SqlRow[];
  members: SqlRow[];
  cartLines: SqlRow[];
  orders: SqlRow[];
  items: SqlRow[];
  events: SqlRow[];
  /** The members' device sessions, for the guest_sessions rows. */
  deviceSessions: { id: string; at: number; venueSlug: string }[];
};

const iso = (ms: number) => new Date(ms).toISOString();

export function buildTableSeed(venues: readonly SeedVenue[], now: number, staffActor: (venueId: string) => string | null): TableSeed {
  const seed: TableSeed = { venueTables: [], sessions: [], members: [], cartLines: [], orders: [], items: [], events: [], deviceSessions: [] };
  for (const venue of venues) {
    for (let n = 1; n <= DEMO_TABLE_COUNT; n++) {
      seed.venueTables.push({
        id: stableId(`venue_table:${venue.slug}:${n}`), restaurant_id: venue.id, number: String(n), name: null, position: n - 1,
        created_at: iso(venue.createdAt),
      });
    }
  }

  const venue = venues.find((v) => v.slug === DEMO_TAB.venueSlug);
  if (!venue || venue.orderable.length < 4) return seed;
  const sessionId = stableId(`table_session:${venue.slug}:${DEMO_TAB.table}`);
  const openedAt = now - 50 * MINUTE;
  const members = DEMO_TAB_MEMBERS.map((name, i) => {
    const deviceSession = stableId(`guest_session:table:${venue.slug}:${i}`);
    const joinedAt = openedAt + i * 2 * MINUTE;
    seed.deviceSessions.push({ id: deviceSession, at: joinedAt, venueSlug: venue.slug });
    return { id: stableId(`table_member:${venue.slug}:${DEMO_TAB.table}:${i}`), name, ownerKey: `s:${deviceSession}`, joinedAt };
  });
  const host = members[0]!;
  seed.sessions.push({
    id: sessionId, restaurant_id: venue.id, table_number: DEMO_TAB.table, join_code: DEMO_TAB.joinCode, host_member_id: host.id,
    members_can_send: false, status: 'open', version: 9, last_activity_at: iso(now - 5 * MINUTE), opened_at: iso(openedAt),
    closed_at: null, closed_reason: null, merged_into: null,
  });
  for (const member of members) {
    seed.members.push({ id: member.id, session_id: sessionId, owner_key: member.ownerKey, name: member.name, joined_at: iso(member.joinedAt), left_at: null, removed_by: null });
  }

  // One round, delivered: a drink for each member. It stays unpaid until the tab is paid (docs/product.md §12.5).
  const orderId = stableId(`order:${venue.slug}:table-${DEMO_TAB.table}-round-1`);
  const placedAt = openedAt + 8 * MINUTE;
  const lines = members.map((member, position) => {
    const drink = venue.orderable[position]!;
    return {
      order_id: orderId, menu_drink_id: drink.id, name: drink.name, description: drink.description, image_url: drink.imageUrl,
      unit_price_cents: drink.priceCents, quantity: 1, line_total_cents: drink.priceCents, notes: null, modifiers: null,
      is_ai_creation: false, ai_recipe_name: null, recipe: null, allergens: drink.allergens, contains_alcohol: drink.containsAlcohol,
      position, member_id: member.id, member_name: member.name,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
  const tax = Math.round((subtotal * DEFAULT_TAX_RATE_BP) / 10_000);
  const steps = [
    { from: null, to: 'pending', at: placedAt, actor: 'guest' },
    { from: 'pending', to: 'preparing', at: placedAt + 2 * MINUTE, actor: 'staff' },
    { from: 'preparing', to: 'ready', at: placedAt + 7 * MINUTE, actor: 'staff' },
    { from: 'ready', to: 'delivered', at: placedAt + 9 * MINUTE, actor: 'staff' },
  ] as const;
  const deliveredAt = steps[3].at;
  seed.orders.push({
    id: orderId, restaurant_id: venue.id, owner_key: `t:${sessionId}`, guest_session_id: host.ownerKey.slice(2), guest_id: null, user_id: null,
    display_name: tableDisplayName(DEMO_TAB.table), customer_name: host.name, customer_phone: null, status: 'delivered', payment_status: 'unpaid',
    subtotal_cents: subtotal, tax_cents: tax, total_cents: subtotal + tax, tax_rate_bp: DEFAULT_TAX_RATE_BP, special_instructions: null,
    sales_channel: ROUND_SALES_CHANNEL, table_number: DEMO_TAB.table, referred_by_ai: false, ai_recipe_name: null, custom_name: null,
    ai_interaction_id: null, eta_minutes: null, drink_count: lines.length, stock_deducted_at: iso(steps[1].at), delivered_at: iso(deliveredAt),
    table_session_id: sessionId, created_at: iso(placedAt), updated_at: iso(deliveredAt),
  });
  seed.items.push(...lines);
  for (const step of steps) {
    seed.events.push({
      order_id: orderId, from_status: step.from, to_status: step.to, actor_type: step.actor,
      actor_id: step.actor === 'staff' ? staffActor(venue.id) : `t:${sessionId}`, created_at: iso(step.at),
    });
  }

  // The next round is being built: one line in the table's cart.
  const nextDrink = venue.orderable[3]!;
  seed.cartLines.push({
    id: stableId(`table_cart_line:${venue.slug}:${DEMO_TAB.table}:0`), session_id: sessionId, member_id: members[1]!.id,
    menu_drink_id: nextDrink.id, is_ai_creation: false, ai_recipe_name: null, recipe: null, ai_interaction_id: null,
    qty: 2, notes: null, version: 1, created_at: iso(now - 5 * MINUTE),
  });
  return seed;
}
