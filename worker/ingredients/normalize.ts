// Ingredient normalisation (docs/decisions/238-recipe-lines-and-ingredients.md). A venue's recipe line
// whose raw text matches no canonical ingredient is kept as an unmatched string. A super admin
// merges it into a canonical ingredient or creates one from it; then every open occurrence of the
// same string is resolved, the recipe lines point at the ingredient, and the string becomes an
// alias of it so later recipes that use it match by themselves (see matching.ts).
// Unmatched strings and recipe lines are venue data, on the venue's shard; the catalogue has a copy on every
// database (catalogue.ts). So the list reads every venue database, and a resolution writes, on each database,
// the catalogue change and that database's own lines and strings in one batch, the control database first
// (docs/decisions/150).
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  AUTO_MERGE_MIN_SIMILARITY, exactIngredientMatch, normalizeIngredientName, rankIngredientMatches,
} from '../../shared/ingredient-similarity';
import { newId } from '../../shared/ids';
import type { BulkMergeOutcome, MergeOutcome, UnmatchedIngredient } from '../../shared/schemas/super';
import { drinkIngredients, ingredients, inventoryItems, menuDrinks, unmatchedIngredients, venues } from '../db/schema';
import type { Db } from '../env';
import type { VenueDatabase } from '../shards';
import { conflict, notFound } from '../lib/errors';
import { refreshDrinkFacts } from '../menu';
import { recomputeSoldOut } from '../inventory';
import { loadCatalogue } from './catalogue';
import { toCanonicalIngredient, type CatalogueDatabases } from './catalogue-edits';
import { inChunks } from '../lib/in-chunks';

type IngredientRow = typeof ingredients.$inferSelect;
type UnmatchedRow = typeof unmatchedIngredients.$inferSelect;
/** An unmatched string and the venue database that holds it. */
type Located = { row: UnmatchedRow; database: VenueDatabase };

const SUGGESTIONS_PER_STRING = 3;

/** SQLite's own text order (BINARY), so lists merged from several databases sort as one database's would. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function listUnmatched(dbs: CatalogueDatabases): Promise<UnmatchedIngredient[]> {
  const perDatabase = await Promise.all(dbs.venues.map(({ db }) => db
    .select({
      id: unmatchedIngredients.id, rawString: unmatchedIngredients.rawString, normString: unmatchedIngredients.normString,
      venueId: venues.id, venueName: venues.name, venueSlug: venues.slug,
      menuDrinkId: unmatchedIngredients.menuDrinkId, menuDrinkName: menuDrinks.name, createdAt: unmatchedIngredients.createdAt,
    })
    .from(unmatchedIngredients)
    .innerJoin(venues, eq(venues.id, unmatchedIngredients.restaurantId))
    .leftJoin(menuDrinks, eq(menuDrinks.id, unmatchedIngredients.menuDrinkId))
    .where(isNull(unmatchedIngredients.resolvedAt))
    .orderBy(asc(unmatchedIngredients.normString), asc(venues.name))));
  const rows = perDatabase.length === 1 ? perDatabase[0]! : perDatabase.flat().sort((a, b) => byText(a.normString, b.normString) || byText(a.venueName, b.venueName));
  const catalogue = await catalogueWithBrands(dbs);
  const suggestionsByString = new Map<string, ReturnType<typeof rankIngredientMatches>>();
  return rows.map((r) => {
    let suggestions = suggestionsByString.get(r.normString);
    if (!suggestions) {
      suggestions = rankIngredientMatches(r.rawString, catalogue, SUGGESTIONS_PER_STRING).map((s) => ({ ...s, score: Math.round(s.score * 100) / 100 }));
      suggestionsByString.set(r.normString, suggestions);
    }
    return {
      id: r.id, raw_string: r.rawString, norm_string: r.normString, venue_id: r.venueId, venue_name: r.venueName,
      venue_slug: r.venueSlug, menu_drink_id: r.menuDrinkId, menu_drink_name: r.menuDrinkName, created_at: r.createdAt, suggestions,
    };
  });
}

/**
 * The catalogue plus the brands venues stock each ingredient under ("Cointreau" for Triple sec), for 'link'
 * suggestions; stock is on each venue's shard.
 */
async function catalogueWithBrands(dbs: CatalogueDatabases) {
  const [catalogue, ...stocked] = await Promise.all([
    loadCatalogue(dbs.control),
    ...dbs.venues.map(({ db }) => db.selectDistinct({ ingredientId: inventoryItems.ingredientId, brand: inventoryItems.brand }).from(inventoryItems)
      .where(and(isNotNull(inventoryItems.ingredientId), isNotNull(inventoryItems.brand), isNull(inventoryItems.deletedAt)))),
  ]);
  const brands = new Map<string, string[]>();
  for (const s of stocked.flat()) {
    const known = brands.get(s.ingredientId!) ?? [];
    if (!known.includes(s.brand!)) brands.set(s.ingredientId!, [...known, s.brand!]);
  }
  return catalogue.map((c) => ({ ...c, brands: brands.get(c.id) ?? [] }));
}

/** The unmatched strings with these ids, on whichever venue database holds each. */
async function findUnmatched(dbs: CatalogueDatabases, ids: string[]): Promise<Located[]> {
  const found = await Promise.all(dbs.venues.map(async (database) => {
    const rows = [];
    for (const part of inChunks(ids)) rows.push(...await database.db.select().from(unmatchedIngredients).where(inArray(unmatchedIngredients.id, part)));
    return rows.map((row) => ({ row, database }));
  }));
  return found.flat();
}

async function openUnmatched(dbs: CatalogueDatabases, id: string): Promise<Located> {
  const [found] = await findUnmatched(dbs, [id]);
  if (!found) throw notFound('Unmatched ingredient not found');
  if (found.row.resolvedAt) throw conflict(`"${found.row.rawString}" was already resolved`, 'already_resolved');
  return found;
}

async function requireIngredient(db: Db, id: string): Promise<IngredientRow> {
  const row = await db.query.ingredients.findFirst({ where: eq(ingredients.id, id) });
  if (!row) throw notFound('Ingredient not found');
  return row;
}

/**
 * Every open occurrence of the same string, on any venue's menu, on every venue database. Compared by the
 * shared normaliser in code, so rows stored with an older norm_string still group together.
 */
async function openOccurrences(dbs: CatalogueDatabases, row: UnmatchedRow): Promise<Located[]> {
  const key = normalizeIngredientName(row.rawString);
  const found = await Promise.all(dbs.venues.map(async (database) => {
    const open = await database.db.select().from(unmatchedIngredients).where(isNull(unmatchedIngredients.resolvedAt));
    return open.filter((o) => o.id === row.id || (key !== '' && normalizeIngredientName(o.rawString) === key)).map((o) => ({ row: o, database }));
  }));
  return found.flat();
}

/** The string as an alias of the target, unless its name or an alias already says the same. */
function aliasToAdd(raw: string, target: Pick<IngredientRow, 'name' | 'aliases'>): string | null {
  const key = normalizeIngredientName(raw);
  if (!key || normalizeIngredientName(target.name) === key || target.aliases.some((a) => normalizeIngredientName(a) === key)) return null;
  return raw.trim().replace(/\s+/g, ' ');
}

/** The statements that resolve one database's `occurrences` into `targetId`, and the recipe lines they point at it. */
async function resolutionStatements(db: Db, occurrences: UnmatchedRow[], targetId: string, nowIso: string) {
  const statements: BatchItem<'sqlite'>[] = [];
  const lineIds = occurrences.map((o) => o.drinkIngredientId).filter((id): id is string => Boolean(id));
  // Older rows without a line id: find the line by its drink and raw text.
  const unlinked = occurrences.filter((o) => !o.drinkIngredientId && o.menuDrinkId);
  for (const o of unlinked) {
    const lines = await db.select({ id: drinkIngredients.id }).from(drinkIngredients)
      .where(and(eq(drinkIngredients.menuDrinkId, o.menuDrinkId!), eq(drinkIngredients.rawName, o.rawString), isNull(drinkIngredients.ingredientId)));
    lineIds.push(...lines.map((l) => l.id));
  }
  for (const part of inChunks(lineIds)) {
    statements.push(db.update(drinkIngredients).set({ ingredientId: targetId }).where(inArray(drinkIngredients.id, part)));
  }
  for (const part of inChunks(occurrences.map((o) => o.id))) {
    statements.push(db.update(unmatchedIngredients).set({ resolvedAt: nowIso, resolvedIngredientId: targetId }).where(inArray(unmatchedIngredients.id, part)));
  }
  return { statements, lineIds };
}

/** The catalogue change of a resolution, built for one copy of the catalogue. */
type CatalogueChange = (db: Db, nowIso: string) => BatchItem<'sqlite'>[];

/**
 * Resolves `occurrences` into `targetId`: on each database, the catalogue change (every copy) before that
 * database's own recipe lines and strings (which reference the catalogue row), in one batch, all or nothing;
 * the control database first, so its unique index refuses a clash before any shard is written.
 */
async function applyResolution(dbs: CatalogueDatabases, occurrences: Located[], targetId: string, catalogueChange: CatalogueChange) {
  const nowIso = new Date().toISOString();
  const lineIds = new Set<string>();
  const batches: { db: Db; statements: BatchItem<'sqlite'>[] }[] = [];
  for (const copy of dbs.copies) {
    const own = occurrences.filter((o) => o.database.shard === copy.shard).map((o) => o.row);
    const resolution = own.length > 0 ? await resolutionStatements(copy.db, own, targetId, nowIso) : { statements: [], lineIds: [] };
    for (const id of resolution.lineIds) lineIds.add(id);
    batches.push({ db: copy.db, statements: [...catalogueChange(copy.db, nowIso), ...resolution.statements] });
  }
  for (const { db, statements: [first, ...rest] } of batches) if (first) await db.batch([first, ...rest]);
  return lineIds.size;
}

/**
 * The resolved lines now carry the ingredient's allergens and alcohol (docs/decisions/238) and are tracked by
 * stock: the venues' recipe-driven sold-out follows at once. On each database that held occurrences.
 */
async function afterResolution(occurrences: Located[], ingredientId: string) {
  const databases = [...new Map(occurrences.map((o) => [o.database.shard, o.database])).values()];
  for (const { db } of databases) await refreshDrinkFacts(db, { ingredientIds: [ingredientId] });
  for (const { db, venueId } of new Map(occurrences.map((o) => [o.row.restaurantId, { db: o.database.db, venueId: o.row.restaurantId }])).values()) {
    await recomputeSoldOut(db, venueId, [ingredientId]);
  }
}

function outcome(raw: string, occurrences: Located[], target: IngredientRow, alias: string | null, linesUpdated: number): MergeOutcome {
  const where = occurrences.length === 1 ? '' : ` (${occurrences.length} occurrences)`;
  return {
    target: { id: target.id, name: target.name },
    resolved: occurrences.map(({ row: o }) => ({ id: o.id, raw_string: o.rawString })),
    recipe_lines_updated: linesUpdated,
    alias_added: alias,
    message: `Merged "${raw}" into ${target.name}${where}`,
  };
}

async function mergeInto(dbs: CatalogueDatabases, row: UnmatchedRow, targetId: string): Promise<MergeOutcome> {
  // Read fresh: an earlier merge in the same bulk request may have added an alias.
  const target = await requireIngredient(dbs.control, targetId);
  const occurrences = await openOccurrences(dbs, row);
  const alias = aliasToAdd(row.rawString, target);
  const linesUpdated = await applyResolution(dbs, occurrences, target.id, (db, nowIso) => (alias
    ? [db.update(ingredients).set({ aliases: [...target.aliases, alias], updatedAt: nowIso }).where(eq(ingredients.id, target.id))]
    : []));
  await afterResolution(occurrences, target.id);
  return outcome(row.rawString, occurrences, target, alias, linesUpdated);
}

export async function mergeUnmatched(dbs: CatalogueDatabases, id: string, targetId: string): Promise<MergeOutcome> {
  const { row } = await openUnmatched(dbs, id);
  return mergeInto(dbs, row, targetId);
}

/** Title-cased first letter, single spaces: 'fresh  basil' → 'Fresh basil'. */
const tidyName = (raw: string) => {
  const text = raw.trim().replace(/\s+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export async function createFromUnmatched(dbs: CatalogueDatabases, id: string, input: { name?: string; category?: string }) {
  const { row } = await openUnmatched(dbs, id);
  const name = tidyName(input.name ?? row.rawString);
  const catalogue = await loadCatalogue(dbs.control);
  const existing = exactIngredientMatch(name, catalogue);
  if (existing) throw conflict(`An ingredient named "${existing.name}" already exists; merge into it instead`, 'ingredient_exists');
  const nowIso = new Date().toISOString();
  const created: IngredientRow = {
    id: newId(), name, category: input.category ?? 'other', baseSpirit: null, flavors: [], allergens: [], aliases: [],
    unit: 'bottle', unitVolumeMl: null, createdAt: nowIso, updatedAt: nowIso,
  };
  const occurrences = await openOccurrences(dbs, row);
  const alias = aliasToAdd(row.rawString, created);
  if (alias) created.aliases = [alias];
  let linesUpdated: number;
  try {
    linesUpdated = await applyResolution(dbs, occurrences, created.id, (db) => [db.insert(ingredients).values(created)]);
  } catch (err) {
    if (err instanceof Error && /UNIQUE/i.test(`${err.message} ${String(err.cause ?? '')}`)) {
      throw conflict(`An ingredient named "${name}" already exists; merge into it instead`, 'ingredient_exists');
    }
    throw err;
  }
  await afterResolution(occurrences, created.id);
  const merged = outcome(row.rawString, occurrences, created, alias, linesUpdated);
  return {
    ...merged,
    message: `Created ${created.name} from "${row.rawString}"`,
    ingredient: toCanonicalIngredient(created, linesUpdated),
  };
}

/**
 * Several strings at once: into the chosen target, or, without one, each into its best-ranked
 * canonical ingredient when that is at least AUTO_MERGE_MIN_SIMILARITY close; the rest are
 * reported as skipped so the super admin can decide them one by one.
 */
export async function bulkMerge(dbs: CatalogueDatabases, ids: string[], targetId: string | undefined): Promise<BulkMergeOutcome> {
  const target: { id: string; name: string } | null = targetId ? await requireIngredient(dbs.control, targetId) : null;
  const rows = (await findUnmatched(dbs, [...new Set(ids)])).map((found) => found.row);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const catalogue = target ? [] : await catalogueWithBrands(dbs);
  const result: BulkMergeOutcome = { merged: [], skipped: [], recipe_lines_updated: 0, message: '' };
  const done = new Set<string>();

  for (const id of new Set(ids)) {
    if (done.has(id)) continue;
    const row = byId.get(id);
    if (!row) { result.skipped.push({ id, raw_string: null, reason: 'Not found' }); continue; }
    if (row.resolvedAt) { result.skipped.push({ id, raw_string: row.rawString, reason: 'Already resolved' }); continue; }
    let into = target;
    let score: number | null = null;
    if (!into) {
      const best = rankIngredientMatches(row.rawString, catalogue, 1)[0];
      if (best?.kind === 'link') {
        result.skipped.push({ id, raw_string: row.rawString, reason: `A brand or flavour of ${best.name}: link it on purpose` });
        continue;
      }
      if (!best || best.score < AUTO_MERGE_MIN_SIMILARITY) {
        result.skipped.push({ id, raw_string: row.rawString, reason: 'No canonical ingredient is similar enough' });
        continue;
      }
      into = catalogue.find((c) => c.id === best.id)!;
      score = Math.round(best.score * 100) / 100;
    }
    const merged = await mergeInto(dbs, row, into.id);
    result.recipe_lines_updated += merged.recipe_lines_updated;
    for (const r of merged.resolved) {
      done.add(r.id);
      result.merged.push({ id: r.id, raw_string: r.raw_string, target_id: into.id, target_name: into.name, score });
    }
    // A later string in the list may match the alias just added.
    const refreshed = catalogue.findIndex((c) => c.id === into.id);
    if (refreshed >= 0 && merged.alias_added) catalogue[refreshed] = { ...catalogue[refreshed]!, aliases: [...catalogue[refreshed]!.aliases, merged.alias_added] };
  }
  const names = [...new Set(result.merged.map((m) => m.target_name))];
  result.message = result.merged.length === 0
    ? 'Nothing merged'
    : `Merged ${result.merged.length} ingredient string${result.merged.length === 1 ? '' : 's'} into ${names.join(', ')}`
      + (result.skipped.length ? `; ${result.skipped.length} skipped` : '');
  return result;
}
