// Bytes of one placed order on the wire (docs/scale.md "What one order costs"): the live frame the hub
// sends for it and the idempotency record that keeps the placement's answer, for a typical order of two
// menu drinks serialised by the Worker's own code. Before one canonical Order (docs/decisions/152) they
// were 3 923 B and 4 035 B; each must stay at most half of that.
import { describe, expect, it } from 'vitest';
import { toOrder, type OrderItemRow, type OrderRow } from '../../worker/orders/serialize';
import type { PlacedOrder } from '../../shared/schemas/order';

const at = '2026-11-23T20:00:00.000Z';
const orderRow = {
  id: 'order-0000000000abcdef12', restaurantId: 'venue-0000000000abcd', ownerKey: 'g:guest-0000000000abcdef', guestSessionId: null,
  guestId: 'guest-0000000000abcdef', userId: null, displayName: null, customerName: 'Sam', customerPhone: '+15555550123',
  status: 'pending', paymentStatus: 'unpaid', subtotalCents: 2800, taxCents: 245, totalCents: 3045, taxRateBp: 875,
  specialInstructions: null, salesChannel: 'app', tableNumber: '12', referredByAi: false, aiRecipeName: null, customName: null,
  aiInteractionId: null, etaMinutes: 6, drinkCount: 2, stockDeductedAt: null, deliveredAt: null, createdAt: at, updatedAt: at,
} as unknown as OrderRow;
const item = (n: number, name: string, cents: number): OrderItemRow => ({
  id: `oi-0000000000abcdef0${n}`, orderId: orderRow.id, menuDrinkId: `drink-0000000000abcd0${n}`, name,
  description: 'Bourbon, a sugar cube and Angostura bitters, stirred over one large ice cube with an orange twist.',
  imageUrl: `/images/venue-0000000000abcd/drink-0000000000abcd0${n}.webp`, unitPriceCents: cents, quantity: 1, lineTotalCents: cents,
  notes: null, modifiers: null, isAiCreation: false, aiRecipeName: null, recipe: null, allergens: ['citrus'], containsAlcohol: true,
  position: n,
} as unknown as OrderItemRow);

const order = toOrder(orderRow, [item(0, 'Old Fashioned', 1500), item(1, 'Negroni', 1300)]);
const placed: PlacedOrder = { id: order.id, status: 'pending', created_at: at, eta_minutes: 6, subtotal_cents: 2800, tax_cents: 245, total_cents: 3045, total: 30.45, order };
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe('one placed order on the wire', () => {
  it('the live frame and the idempotency record are at most half their size before docs/decisions/152', () => {
    const frame = bytes({ seq: 1234, type: 'order_created', at, order });
    const record = bytes(placed);
    console.log(JSON.stringify({ live_frame_bytes: frame, idempotency_record_bytes: record }));
    expect(frame).toBeLessThanOrEqual(Math.floor(3923 / 2));
    expect(record).toBeLessThanOrEqual(Math.floor(4035 / 2));
  });
});
