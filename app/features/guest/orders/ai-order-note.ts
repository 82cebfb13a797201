// What a guest told the AI bartender about their body travels to the cart's special instructions
// (docs/decisions/189): a suggestion added to the cart leaves its note here, the cart starts its
// instructions with it, and a placed order clears it.
import { withConstraintNote } from '../../../../shared/guest-constraint-note';

const key = (slug: string) => `barhop.ai_order_note.${slug}`;

function storage(): Storage | null {
  try { return window.sessionStorage; } catch { return null; }
}

/** Keeps a suggestion's note for the cart's checkout (notes of several suggestions are all kept, once each). */
export function rememberOrderNote(slug: string, note: string | null) {
  if (!note) return;
  const kept = storage()?.getItem(key(slug)) ?? null;
  const joined = withConstraintNote(kept, note);
  if (joined) storage()?.setItem(key(slug), joined);
}

export const rememberedOrderNote = (slug: string) => storage()?.getItem(key(slug)) ?? '';

export const forgetOrderNote = (slug: string) => storage()?.removeItem(key(slug));
