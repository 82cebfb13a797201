// The canonical ingredient catalogue's rows (platform data with a copy on every database, since menu and stock
// queries join it on the venue's shard): read for matching, copied to a new shard, added from the admin's picker.
// The control database's copy is the one read and checked; every write goes to every declared database with the
// same ids and values (docs/decisions/150). The super admin's editing is catalogue-edits.ts.
import { asc, eq } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { exactIngredientMatch } from '../../shared/ingredient-similarity';
import { ingredients } from '../db/schema';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { inChunks } from '../lib/in-chunks';

/** Rows per INSERT when copying the catalogue: its 11 columns each, within D1's 100 bound parameters. */
const COPY_ROWS_PER_INSERT = 8;

/**
 * Gives `target` the catalogue rows it lacks, from the control copy, with the same ids and values (INSERT OR
 * IGNORE): a venue placed on a shard that held none before can use recipes and stock there at once.
 */
export async function copyCatalogueTo(control: Db, target: Db) {
  const rows = await control.select().from(ingredients);
  const [first, ...rest] = inChunks(rows, COPY_ROWS_PER_INSERT).map((part) => target.insert(ingredients).values(part).onConflictDoNothing());
  if (first) await target.batch([first, ...rest]);
}

/** Names and aliases of every canonical ingredient, for matching and ranking. */
export async function loadCatalogue(db: Db) {
  return db.select({ id: ingredients.id, name: ingredients.name, aliases: ingredients.aliases }).from(ingredients).orderBy(asc(ingredients.name));
}

/**
 * A new catalogue ingredient from the admin's picker; a name (or alias) the catalogue has is refused, naming it.
 * `databases` are every database, the control database first (everyDeclaredDatabase): the catalogue is checked
 * there and the row, with one id, goes to each copy, so menu and stock queries on any shard can join it
 * (docs/decisions/150).
 */
export async function createCatalogueIngredient(databases: readonly Db[], input: { name: string; category: string }) {
  const control = databases[0]!;
  const name = input.name.trim().replace(/\s+/g, ' ');
  const existing = exactIngredientMatch(name, await loadCatalogue(control));
  if (existing) throw new ApiError(409, 'ingredient_exists', `${existing.name} is already in the catalogue`, [{ path: 'name', message: `${existing.name} is already in the catalogue` }]);
  const at = new Date().toISOString();
  const row = { id: newId(), name, category: input.category, createdAt: at, updatedAt: at };
  // The control copy first, as the super admin's catalogue writes do: its unique name index refuses a clash
  // before any shard is written.
  await control.insert(ingredients).values(row);
  await Promise.all(databases.slice(1).map((db) => db.insert(ingredients).values(row)));
  return (await searchCanonical(control, row.id))!;
}

async function searchCanonical(db: Db, id: string) {
  const row = await db.query.ingredients.findFirst({ where: eq(ingredients.id, id) });
  return row ? { id: row.id, name: row.name, category: row.category, unit: row.unit, unit_volume_ml: row.unitVolumeMl } : null;
}
