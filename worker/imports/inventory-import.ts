// Inventory CSV import (docs/product.md §11.8, docs/decisions/212): one item a row, matched to the venue's live
// items by name. A new name adds an item, a known one changes the columns the file fills (a new quantity is a stock
// count, as in the form). Rows go through the inventory form's schemas and checks; a dry run writes nothing, an
// applied file is one batch.
import { INVENTORY_UNITS } from '../../shared/back-office-constants';
import { InventoryItemInput, InventoryItemPatch, type AdminInventoryItem } from '../../shared/schemas/admin';
import { IMPORT_MAX_ROWS, type ImportResult, type ImportRowError, type ImportRowPlan } from '../../shared/schemas/imports';
import { inArray } from 'drizzle-orm';
import { ingredients } from '../db/schema';
import type { Db } from '../env';
import { inChunks } from '../lib/in-chunks';
import { afterStockWrites, listAdminInventory, prepareAddInventoryItem, prepareEditInventoryItem, type StockWrite } from '../inventory';
import { matchIngredientNames } from '../ingredients';
import { prepareRows, writeWholeFile } from './apply';
import { centsToText, dollarsToCents, parseCsv } from './csv';

export const INVENTORY_COLUMNS = ['name', 'quantity', 'unit', 'low_stock_threshold', 'category', 'brand', 'cost', 'ingredient'] as const;

const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

function amount(text: string, row: number, column: string, errors: ImportRowError[]) {
  if (text === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(text)) {
    errors.push({ row, column, message: `${column} "${text}" must be a number, e.g. 3.25` });
    return undefined;
  }
  return Number(text);
}

export async function importInventory(db: Db, venueId: string, actorUserId: string, input: { csv: string; dry_run: boolean; skip_invalid_rows: boolean }): Promise<ImportResult> {
  const { columns, rows } = parseCsv(input.csv);
  const errors: ImportRowError[] = [];
  const unknown = columns.filter((c) => c && !(INVENTORY_COLUMNS as readonly string[]).includes(c));
  if (!columns.includes('name')) errors.push({ row: 1, column: 'name', message: 'The header must have a "name" column' });
  if (unknown.length) errors.push({ row: 1, column: unknown.join(', '), message: `Unknown column ${unknown.map((c) => `"${c}"`).join(', ')}; the columns are ${INVENTORY_COLUMNS.join(', ')}` });
  if (rows.length === 0) errors.push({ row: 1, column: 'name', message: 'The file has no rows under its header' });
  if (rows.length > IMPORT_MAX_ROWS) errors.push({ row: 1, column: 'name', message: `A file is at most ${IMPORT_MAX_ROWS} rows` });
  const stock = new Map((await listAdminInventory(db, venueId)).map((i) => [nameKey(i.name), i]));
  const matched = await matchIngredientNames(db, [...new Set(rows.map((r) => r.ingredient ?? '').filter(Boolean))]);

  const plans: (ImportRowPlan & { prepare?: () => Promise<StockWrite> })[] = [];
  const seen = new Map<string, number>();
  if (errors.length === 0) rows.forEach((cells, i) => {
    const row = i + 2;
    const rowErrors: ImportRowError[] = [];
    const fields: Record<string, unknown> = {};
    const quantity = amount(cells.quantity ?? '', row, 'quantity', rowErrors);
    if (quantity !== undefined) fields.quantity = quantity;
    const threshold = amount(cells.low_stock_threshold ?? '', row, 'low_stock_threshold', rowErrors);
    if (threshold !== undefined) fields.low_stock_threshold = threshold;
    if (cells.unit) {
      if ((INVENTORY_UNITS as readonly string[]).includes(cells.unit.toLowerCase())) fields.unit = cells.unit.toLowerCase();
      else rowErrors.push({ row, column: 'unit', message: `Unit "${cells.unit}" must be one of ${INVENTORY_UNITS.join(', ')}` });
    }
    if (cells.category) fields.category = cells.category;
    if (cells.brand) fields.brand = cells.brand;
    if (cells.cost) {
      const cents = dollarsToCents(cells.cost);
      if (cents === null) rowErrors.push({ row, column: 'cost', message: `Cost "${cells.cost}" must be dollars with at most two decimals, e.g. 24.00` });
      else fields.cost_per_unit_cents = cents;
    }
    if (cells.ingredient) {
      const id = matched.get(cells.ingredient);
      if (id) fields.ingredient_id = id;
      else rowErrors.push({ row, column: 'ingredient', message: `No ingredient named "${cells.ingredient}" in the catalogue` });
    }
    const key = nameKey(cells.name ?? '');
    if (key && seen.has(key)) rowErrors.push({ row, column: 'name', message: `"${cells.name}" is also on row ${seen.get(key)}` });
    else if (key) seen.set(key, row);
    const existing = stock.get(key);
    const checked = existing ? InventoryItemPatch.safeParse(fields) : InventoryItemInput.safeParse({ name: cells.name, quantity: 0, ...fields });
    if (!checked.success && (!existing || Object.keys(fields).length > 0)) {
      for (const issue of checked.error.issues) rowErrors.push({ row, column: issue.path[0] === 'cost_per_unit_cents' ? 'cost' : String(issue.path[0] ?? 'name'), message: issue.message });
    }
    errors.push(...rowErrors);
    if (rowErrors.length) return;
    if (existing) {
      const changes = changesOf(existing, fields);
      if (changes.length === 0) plans.push({ row, name: existing.name, action: 'unchanged', changes, recipe: [] });
      else plans.push({ row, name: existing.name, action: 'update', changes, recipe: [], prepare: async () => (await prepareEditInventoryItem(db, venueId, actorUserId, existing.id, InventoryItemPatch.parse(fields))).write });
    } else {
      const data = InventoryItemInput.parse({ name: cells.name, quantity: 0, ...fields });
      plans.push({ row, name: data.name, action: 'create', changes: [], recipe: [], prepare: () => prepareAddInventoryItem(db, venueId, actorUserId, data) });
    }
  });
  const invalidRows = new Set(errors.filter((e) => e.row > 1).map((e) => e.row)).size;
  const fileErrors = errors.some((e) => e.row === 1);
  const apply = !input.dry_run && !fileErrors && (errors.length === 0 || input.skip_invalid_rows);
  if (apply) {
    // Every row's checks first, then one batch for the whole file (docs/decisions/212): all rows are written or none.
    const writes = await prepareRows(plans);
    await writeWholeFile(db, writes.flatMap((w) => w.statements));
    await afterStockWrites(db, venueId, writes);
  }
  const count = (action: ImportRowPlan['action']) => plans.filter((p) => p.action === action).length;
  return {
    dry_run: input.dry_run, applied: apply, rows: plans.map(({ prepare: _prepare, ...plan }) => plan), errors,
    summary: { create: count('create'), update: count('update'), unchanged: count('unchanged'), invalid: invalidRows },
  };
}

function changesOf(before: AdminInventoryItem, fields: Record<string, unknown>): string[] {
  const changes: string[] = [];
  if (fields.quantity !== undefined && fields.quantity !== before.quantity) changes.push(`quantity: ${String(before.quantity)} → ${String(fields.quantity)}`);
  if (fields.unit !== undefined && fields.unit !== before.unit) changes.push(`unit: ${before.unit} → ${String(fields.unit)}`);
  if (fields.low_stock_threshold !== undefined && fields.low_stock_threshold !== before.low_stock_threshold) changes.push('low stock threshold');
  if (fields.category !== undefined && fields.category !== before.category) changes.push(`category: ${before.category} → ${String(fields.category)}`);
  if (fields.brand !== undefined && fields.brand !== before.brand) changes.push('brand');
  if (fields.cost_per_unit_cents !== undefined && fields.cost_per_unit_cents !== before.cost_per_unit_cents) changes.push(`cost: ${centsToText(before.cost_per_unit_cents)} → ${centsToText(fields.cost_per_unit_cents as number)}`);
  if (fields.ingredient_id !== undefined && fields.ingredient_id !== before.ingredient_id) changes.push('ingredient');
  return changes;
}

/** Items in the import's own columns, so an export edited in a spreadsheet imports back. */
export async function inventoryCsvRows(db: Db, venueId: string) {
  const items = await listAdminInventory(db, venueId);
  const ids = [...new Set(items.map((i) => i.ingredient_id).filter((id): id is string => Boolean(id)))];
  const names = new Map<string, string>();
  for (const part of inChunks(ids)) {
    for (const r of await db.select({ id: ingredients.id, name: ingredients.name }).from(ingredients).where(inArray(ingredients.id, part))) names.set(r.id, r.name);
  }
  return items.map((i) => [
    i.name, i.quantity, i.unit, i.low_stock_threshold, i.category, i.brand ?? '', centsToText(i.cost_per_unit_cents), names.get(i.ingredient_id ?? '') ?? '',
  ]);
}
