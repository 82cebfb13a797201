// Pure readings of the venue admin dashboard (docs/product.md §11.1), shared by screens and tests.
// Decisions: docs/decisions/234 (display-name fallbacks), 051 (the orders tab's cycle button).
import type { OrderStatus } from './orders';

type NamedOrder = {
  display_name?: string | null;
  ai_recipe_name?: string | null;
  custom_name?: string | null;
  special_instructions?: string | null;
};

export type InstructionParts = { name: string | null; modifiers: string | null; notes: string | null };

/**
 * Special instructions written as 'Order for: Mojito | Modifiers: extra mint | Notes: no ice':
 * pipe-separated segments, 'Modifiers:' and 'Notes:' labelled, the rest free text (the name).
 */
export function parseSpecialInstructions(text: string | null | undefined): InstructionParts {
  const parts: InstructionParts = { name: null, modifiers: null, notes: null };
  for (const raw of (text ?? '').split('|')) {
    const segment = raw.trim();
    if (!segment) continue;
    const labelled = /^(modifiers|notes)\s*:\s*(.*)$/i.exec(segment);
    if (labelled) {
      const key = labelled[1]!.toLowerCase() === 'modifiers' ? 'modifiers' : 'notes';
      const value = labelled[2]!.trim();
      if (value) parts[key] = parts[key] ? `${parts[key]}, ${value}` : value;
      continue;
    }
    const name = segment.replace(/^order for\s*:\s*/i, '').trim();
    if (name && !parts.name) parts.name = name;
  }
  return parts;
}

/** Where a name is shown decides the last resort: the card, the queue, or the desktop notification. */
export type NameContext = 'card' | 'queue' | 'notification';
const LAST_RESORT: Record<NameContext, string> = { card: 'Unknown Drink', queue: 'Unnamed Order', notification: 'New Order' };

/** docs/product.md §4.6: display_name, ai_recipe_name, custom_name, special instructions without 'Order for:', then the context's fallback. */
export function adminOrderName(order: NamedOrder, context: NameContext = 'card'): string {
  return order.display_name?.trim() || order.ai_recipe_name?.trim() || order.custom_name?.trim()
    || parseSpecialInstructions(order.special_instructions).name || LAST_RESORT[context];
}

/** docs/product.md §4.6: the first item may carry modifiers and notes; otherwise they are parsed from the instructions. */
export function orderModifiersAndNotes(order: NamedOrder & { items?: { modifiers?: string | null; notes?: string | null }[] }) {
  const first = order.items?.[0];
  const parsed = parseSpecialInstructions(order.special_instructions);
  return { modifiers: first?.modifiers?.trim() || parsed.modifiers, notes: first?.notes?.trim() || parsed.notes };
}

/**
 * The orders tab's cycle button over the server's lifecycle (docs/decisions/234): pending → preparing →
 * delivered, skipping 'ready' as the server allows; a ready order (set elsewhere) goes to delivered.
 * Delivered and cancelled are final on the server, so they have no next step.
 */
export function nextCycleStatus(status: OrderStatus): OrderStatus | null {
  switch (status) {
    case 'pending': return 'preparing';
    case 'preparing':
    case 'ready': return 'delivered';
    default: return null;
  }
}

export function cycleButtonLabel(status: OrderStatus): string | null {
  const next = nextCycleStatus(status);
  return next ? `Mark as ${next === 'preparing' ? 'Preparing' : /*i18n*/ 'Delivered'}` : null;
}

/** docs/product.md §10.3. */
export function temperatureLabel(t: number): string {
  if (t <= 0.3) return 'Very Consistent';
  if (t <= 0.6) return /*i18n*/ 'Balanced';
  if (t <= 0.8) return 'Creative';
  return 'Very Creative';
}

export function satisfactionLabel(percent: number): string {
  if (percent >= 80) return 'Excellent';
  if (percent >= 60) return 'Good';
  return 'Needs Improvement';
}

export type FieldValue = { value: number; error?: undefined } | { value?: undefined; error: string };

/**
 * A stock amount typed in a field, kept exactly as typed (3.25 stays 3.25). Empty, non-numeric or
 * negative text is an error with the field's label, never a silent 0.
 */
export function amountFromField(text: string, label: string): FieldValue {
  const trimmed = text.trim();
  if (trimmed === '') return { error: `${label} is required` };
  const n = Number(trimmed);
  if (!Number.isFinite(n)) return { error: `${label} must be a number` };
  if (n < 0) return { error: `${label} cannot be negative` };
  return { value: n };
}

/** Dollars typed in a field → cents. More than two decimals is an error, never rounded away. */
export function centsFromDollarsField(text: string, label = 'Cost'): FieldValue {
  const amount = amountFromField(text, label);
  if (amount.error !== undefined) return amount;
  if (!/^\d*(\.\d{0,2})?$/.test(text.trim())) return { error: `${label} has at most two decimals (cents)` };
  return { value: Math.round(amount.value * 100) };
}

/** Two taps on the same order within the window (docs/product.md §10.1: 500 ms) complete it. */
export function isDoubleTap(previous: { id: string; at: number } | null, id: string, at: number, windowMs: number): boolean {
  return previous !== null && previous.id === id && at - previous.at <= windowMs;
}

/** The 'New Order' / 'New Orders' counter text. */
export const newOrdersLabel = (n: number) => `${n} ${n === 1 ? 'New Order' : 'New Orders'}`;
