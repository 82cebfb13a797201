// What a guest will pay before they take a share (docs/decisions/170): their choice read strictly (an amount
// or a count that is not one is an error shown, never rounded or clamped), the money computed by the one
// pure module the Worker also uses, shared/tab-split.ts, so the preview is the share the server will make.
import type { z } from 'zod';
import { formatCents } from '../../../shared/money';
import type { TableState, TakeShareInput } from '../../../shared/schemas/tables';
import { previewTabShare } from './tab-split-adapter';

export type SplitChoice =
  | { kind: 'items' }
  | { kind: 'even'; count: number }
  /** `amount` in cents; NaN when what was typed is not an amount. */
  | { kind: 'custom'; amount: number }
  | { kind: 'rest' };

export type TipChoice = { kind: 'none' } | { kind: 'percent'; bp: number } | { kind: 'custom'; cents: number };

export type SharePreview =
  | { ok: true; amountCents: number; subtotalCents: number; tipCents: number; dueCents: number }
  /** `error`: what is wrong with what the guest entered; `hint`: what is still to do. */
  | { ok: false; error: string | null; hint: string };

const DOLLARS = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/;

/** '12.5' → 1250 cents; anything that is not a plain dollar amount (or has more than two decimals) → NaN. */
export function parseDollars(text: string): number {
  const match = DOLLARS.exec(text);
  if (!match) return NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const EVEN_MIN = 2;
export const EVEN_MAX = 20;

function tipError(tip: TipChoice): string | null {
  if (tip.kind !== 'custom') return null;
  return Number.isNaN(tip.cents) ? 'Enter a tip like 5.00' : null;
}

/** The share this guest would take now, or why not yet. */
export function previewShare(table: TableState, you: string, choice: SplitChoice, tip: TipChoice): SharePreview {
  const owed = table.tab.owed_cents;
  if (owed <= 0) return { ok: false, error: null, hint: 'Nothing is left to pay.' };
  if (choice.kind === 'even' && !(Number.isInteger(choice.count) && choice.count >= EVEN_MIN && choice.count <= EVEN_MAX)) {
    return { ok: false, error: `Split among ${EVEN_MIN} to ${EVEN_MAX} people`, hint: '' };
  }
  if (choice.kind === 'custom') {
    if (Number.isNaN(choice.amount)) return { ok: false, error: null, hint: 'Enter the amount you pay, like 12.50' };
    if (choice.amount < 1) return { ok: false, error: 'An amount of at least $0.01', hint: '' };
    if (choice.amount > owed) return { ok: false, error: `That is more than the ${formatCents(owed)} still owed`, hint: '' };
  }
  const badTip = tipError(tip);
  if (badTip) return { ok: false, error: badTip, hint: '' };
  const share = previewTabShare(table, you, choice, tip);
  if (!share) return { ok: false, error: null, hint: 'Tap the lines you had to claim them for your share.' };
  return { ok: true, ...share, dueCents: share.amountCents + share.tipCents };
}

/** The POST /api/tables/sessions/:id/shares body for a choice the preview accepted. */
export function shareRequest(choice: SplitChoice, tip: TipChoice): z.input<typeof TakeShareInput> {
  const tipInput = tip.kind === 'percent' ? { percent_bp: tip.bp } : { cents: tip.kind === 'custom' ? tip.cents : 0 };
  switch (choice.kind) {
    case 'even': return { kind: 'even', count: choice.count, tip: tipInput };
    case 'custom': return { kind: 'custom', amount_cents: choice.amount, tip: tipInput };
    default: return { kind: choice.kind, tip: tipInput };
  }
}
