// Menu CSV import (docs/product.md §11.8, docs/decisions/212): one drink a row, matched to the menu by its `id` (the
// export's first column), else by name (case and spacing aside). A new name adds a drink, a known one changes the
// columns the file fills (its name too, when the row found it by id); every row goes
// through the drink form's own schema (MenuDrinkInput) and, when written, its own checks and statements, so a recipe
// line is matched to the catalogue exactly as the form matches it. A dry run writes nothing and says what would
// change; an applied file is one batch.
import { inArray } from 'drizzle-orm';
import { formatCents } from '../../shared/money';
import { MenuDrinkInput, MenuDrinkPatch, type AdminMenuDrink } from '../../shared/schemas/admin';
import { IMPORT_MAX_ROWS, type ImportResult, type ImportRowError, type ImportRowPlan } from '../../shared/schemas/imports';
import { ingredients } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { afterDrinkWrites, listMenuDrinks, nextDisplayOrder, prepareCreateMenuDrink, prepareUpdateMenuDrink, type DrinkWrite } from '../menu';
import { matchIngredientNames } from '../ingredients';
import { prepareRows, writeWholeFile } from './apply';
import { centsToText, dollarsToCents, parseCsv, yesNo } from './csv';

export const MENU_COLUMNS = ['id', 'name', 'price', 'category', 'description', 'enabled', 'featured', 'recipe'] as const;

const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** "50 ml Gin", "2 dash Angostura bitters (optional)". */
const RECIPE_LINE = /^(\d+(?:\.\d+)?)\s*([A-Za-z]+)\s+(.+?)(\s*\(optional\))?$/;

type RecipeLine = { raw_name: string; quantity: number; unit: string; is_optional: boolean };

function parseRecipe(text: string, row: number, errors: ImportRowError[]): RecipeLine[] | undefined {
  if (text.trim() === '') return undefined;
  const lines: RecipeLine[] = [];
  text.split(';').map((t) => t.trim()).filter(Boolean).forEach((part, i) => {
    const m = RECIPE_LINE.exec(part);
    if (!m) {
      errors.push({ row, column: 'recipe', message: `Recipe line ${i + 1} "${part}" must be quantity, unit and ingredient, e.g. "50 ml Gin"` });
      return;
    }
    lines.push({ quantity: Number(m[1]), unit: m[2]!.toLowerCase(), raw_name: m[3]!.trim(), is_optional: Boolean(m[4]) });
  });
  return lines;
}

type ParsedRow = { row: number; id: string; name: string; fields: Record<string, unknown>; recipe?: RecipeLine[] };

/** Each row as the drink form would send it, or its errors. */
function readRows(csv: string): { rows: ParsedRow[]; errors: ImportRowError[] } {
  const { columns, rows } = parseCsv(csv);
  const errors: ImportRowError[] = [];
  const unknown = columns.filter((c) => c && !(MENU_COLUMNS as readonly string[]).includes(c));
  if (!columns.includes('name')) errors.push({ row: 1, column: 'name', message: 'The header must have a "name" column' });
  if (unknown.length) errors.push({ row: 1, column: unknown.join(', '), message: `Unknown column ${unknown.map((c) => `"${c}"`).join(', ')}; the columns are ${MENU_COLUMNS.join(', ')}` });
  if (rows.length === 0) errors.push({ row: 1, column: 'name', message: 'The file has no rows under its header' });
  if (rows.length > IMPORT_MAX_ROWS) errors.push({ row: 1, column: 'name', message: `A file is at most ${IMPORT_MAX_ROWS} rows` });
  if (errors.length) return { rows: [], errors };

  const parsed: ParsedRow[] = [];
  const seen = new Map<string, number>();
  rows.forEach((cells, i) => {
    const row = i + 2;
    const rowErrors: ImportRowError[] = [];
    const fields: Record<string, unknown> = { name: cells.name };
    if (cells.price !== undefined && cells.price !== '') {
      const cents = dollarsToCents(cells.price);
      if (cents === null) rowErrors.push({ row, column: 'price', message: `Price "${cells.price}" must be dollars with at most two decimals, e.g. 12.50` });
      else fields.price_cents = cents;
    }
    if (cells.category) fields.category = cells.category.toLowerCase();
    if (cells.description) fields.description = cells.description;
    for (const column of ['enabled', 'featured'] as const) {
      const value = yesNo(cells[column] ?? '', undefined);
      if (value === null) rowErrors.push({ row, column, message: `${column} must be yes or no, not "${cells[column]}"` });
      else if (value !== undefined) fields[column] = value;
    }
    const recipe = parseRecipe(cells.recipe ?? '', row, rowErrors);
    const key = nameKey(cells.name ?? '');
    if (key && seen.has(key)) rowErrors.push({ row, column: 'name', message: `"${cells.name}" is also on row ${seen.get(key)}` });
    else if (key) seen.set(key, row);
    if (recipe) fields.recipe = recipe;
    errors.push(...rowErrors);
    if (rowErrors.length === 0) parsed.push({ row, id: cells.id ?? '', name: cells.name ?? '', fields, recipe });
  });
  return { rows: parsed, errors };
}

const zodErrors = (row: number, issues: { path: PropertyKey[]; message: string }[]): ImportRowError[] =>
  issues.map((issue) => ({ row, column: issue.path[0] === 'price_cents' ? 'price' : String(issue.path[0] ?? 'name'), message: issue.message }));

function changesOf(before: AdminMenuDrink, fields: Record<string, unknown>, recipe: RecipeLine[] | undefined): string[] {
  const changes: string[] = [];
  if (fields.name !== undefined && fields.name !== before.name) changes.push(`name: ${before.name} → ${String(fields.name)}`);
  if (fields.price_cents !== undefined && fields.price_cents !== before.price_cents) changes.push(`price: ${formatCents(before.price_cents)} → ${formatCents(fields.price_cents as number)}`);
  if (fields.category !== undefined && fields.category !== before.category) changes.push(`category: ${before.category} → ${String(fields.category)}`);
  if (fields.description !== undefined && fields.description !== before.description) changes.push('description');
  if (fields.enabled !== undefined && fields.enabled !== before.enabled) changes.push(fields.enabled ? 'enabled' : 'disabled');
  if (fields.featured !== undefined && fields.featured !== before.featured) changes.push(fields.featured ? 'featured' : 'not featured');
  if (recipe) {
    const same = recipe.length === before.recipe.length && recipe.every((l, i) => {
      const b = before.recipe[i]!;
      return nameKey(b.raw_name) === nameKey(l.raw_name) && b.quantity === l.quantity && b.unit === l.unit && b.is_optional === l.is_optional;
    });
    if (!same) changes.push('recipe');
  }
  return changes;
}

export async function importMenu(db: Db, env: WorkerEnv, venueId: string, input: { csv: string; dry_run: boolean; skip_invalid_rows: boolean }): Promise<ImportResult> {
  const { rows, errors } = readRows(input.csv);
  const drinks = await listMenuDrinks(db, venueId, 'name');
  const menu = new Map(drinks.map((d) => [nameKey(d.name), d]));
  const byId = new Map(drinks.map((d) => [d.id, d]));
  const texts = [...new Set(rows.flatMap((r) => r.recipe ?? []).map((l) => l.raw_name))];
  const matched = await matchIngredientNames(db, texts);
  const ids = [...new Set([...matched.values()].filter((id): id is string => Boolean(id)))];
  const names = new Map(ids.length ? (await db.select({ id: ingredients.id, name: ingredients.name }).from(ingredients).where(inArray(ingredients.id, ids))).map((r) => [r.id, r.name]) : []);

  // A new drink's place comes from the file: the n-th drink created goes n after the menu's last (`base`).
  const plans: (ImportRowPlan & { prepare?: (base: number) => Promise<DrinkWrite> })[] = [];
  let created = 0;
  for (const row of rows) {
    // By id first (an exported row, perhaps renamed), then by name; an id of another venue's drink is only a name.
    const sameId = row.id ? byId.get(row.id) : undefined;
    const existing = sameId ?? menu.get(nameKey(row.name));
    const recipe = (row.recipe ?? []).map((l) => ({ text: `${l.quantity} ${l.unit} ${l.raw_name}${l.is_optional ? ' (optional)' : ''}`, matched: names.get(matched.get(l.raw_name) ?? '') ?? null }));
    if (existing) {
      const { name: _name, ...rest } = row.fields;
      // A row found by id names the drink as it is to be called; found by name, its spelling (case, spaces) is kept.
      const patch = sameId && row.name.trim() !== '' ? row.fields : rest;
      const changes = changesOf(existing, patch, row.recipe);
      if (changes.length === 0) { plans.push({ row: row.row, name: existing.name, action: 'unchanged', changes, recipe }); continue; }
      const checked = MenuDrinkPatch.safeParse(patch);
      if (!checked.success) { errors.push(...zodErrors(row.row, checked.error.issues)); continue; }
      plans.push({ row: row.row, name: existing.name, action: 'update', changes, recipe, prepare: async () => (await prepareUpdateMenuDrink(db, venueId, existing.id, checked.data)).write });
    } else {
      const checked = MenuDrinkInput.safeParse(row.fields);
      if (row.fields.price_cents === undefined) { errors.push({ row: row.row, column: 'price', message: `A new drink needs a price` }); continue; }
      if (!checked.success) { errors.push(...zodErrors(row.row, checked.error.issues)); continue; }
      const position = created++;
      plans.push({ row: row.row, name: checked.data.name, action: 'create', changes: [], recipe, prepare: (base) => prepareCreateMenuDrink(db, venueId, checked.data, checked.data.display_order ?? base + position) });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  const invalidRows = new Set(errors.filter((e) => e.row > 1).map((e) => e.row)).size;
  const fileErrors = errors.some((e) => e.row === 1);
  const apply = !input.dry_run && !fileErrors && (errors.length === 0 || input.skip_invalid_rows);
  if (apply) {
    // Every row's checks first, then one batch for the whole file (docs/decisions/212): all rows are written or none.
    const base = await nextDisplayOrder(db, venueId);
    const writes = await prepareRows(plans.map(({ row, prepare }) => ({ row, prepare: prepare && (() => prepare(base)) })));
    await writeWholeFile(db, writes.flatMap((w) => w.statements));
    await afterDrinkWrites(db, env, venueId, writes);
  }
  const count = (action: ImportRowPlan['action']) => plans.filter((p) => p.action === action).length;
  return {
    dry_run: input.dry_run,
    applied: apply,
    rows: plans.map(({ prepare: _prepare, ...plan }) => plan),
    errors,
    summary: { create: count('create'), update: count('update'), unchanged: count('unchanged'), invalid: invalidRows },
  };
}

/** Drinks in the import's own columns, so an export edited in a spreadsheet imports back. */
export async function menuCsvRows(db: Db, venueId: string) {
  const drinks = await listMenuDrinks(db, venueId, 'name');
  return drinks.map((d) => [
    d.id, d.name, centsToText(d.price_cents), d.category, d.description,
    d.enabled ? 'yes' : 'no', d.featured ? 'yes' : 'no',
    d.recipe.map((l) => `${l.quantity} ${l.unit} ${l.raw_name}${l.is_optional ? ' (optional)' : ''}`).join('; '),
  ]);
}

