// Admin edits of recipes change what the menu can pour: the staff area's recipe-driven sold-out
// rule (worker/inventory/sold-out.ts, docs/decisions/233) recomputes the venue's drinks.
import type { Db } from '../env';
import { recomputeSoldOut } from './sold-out';

/** After a recipe edit: the whole venue, since the drink may have stopped using an ingredient. */
export async function afterRecipeChange(db: Db, venueId: string) {
  await recomputeSoldOut(db, venueId);
}
