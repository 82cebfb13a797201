import { z } from 'zod';
import { MENU_PRICE_MAX_CENTS } from './admin';
import { BusinessDay } from './reports';

// CSV import, export and bulk edit (docs/product.md §11.8, docs/decisions/212).

export const IMPORT_MAX_ROWS = 500;
export const IMPORT_MAX_CHARS = 200_000;

/**
 * POST /api/admin/imports/{menu,inventory}. `dry_run` (the default) writes nothing and answers what would change.
 * A file with row errors writes nothing unless `skip_invalid_rows` says the owner confirmed importing the others.
 */
export const ImportRequest = z.object({
  csv: z.string({ error: 'csv is required' }).min(1, 'The file is empty').max(IMPORT_MAX_CHARS, `A file is at most ${IMPORT_MAX_CHARS.toLocaleString('en-US')} characters`),
  dry_run: z.boolean().default(true),
  skip_invalid_rows: z.boolean().default(false),
});
export type ImportRequest = z.input<typeof ImportRequest>;

/** One problem, by the file's row number (the header is row 1) and column. */
export const ImportRowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

/** A recipe line of an imported drink, as it will be matched: the canonical ingredient, or kept as text. */
export const ImportRecipeLine = z.object({ text: z.string(), matched: z.string().nullable() });

export const ImportRowPlan = z.object({
  row: z.number().int(),
  name: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  /** The fields an update changes ("price: $12.00 → $13.00"). */
  changes: z.array(z.string()),
  recipe: z.array(ImportRecipeLine),
});
export type ImportRowPlan = z.infer<typeof ImportRowPlan>;

export const ImportResult = z.object({
  dry_run: z.boolean(),
  /** True when the file was written (never on a dry run). */
  applied: z.boolean(),
  rows: z.array(ImportRowPlan),
  errors: z.array(ImportRowError),
  summary: z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), invalid: z.number().int() }),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** POST /api/admin/menu-drinks/bulk: the same change to every drink named. */
export const MenuBulkEdit = z.object({
  ids: z.array(z.string().min(1).max(100)).min(1, 'Select at least one drink').max(IMPORT_MAX_ROWS),
  price_cents: z.number({ error: 'Price must be a number' }).int('Price must be in whole cents').positive('Price must be greater than 0')
    .max(MENU_PRICE_MAX_CENTS, 'Price is at most $10,000').optional(),
  category: z.string().trim().min(1, 'Category is required').max(40, 'Category is at most 40 characters').optional(),
  enabled: z.boolean().optional(),
}).refine((b) => b.price_cents !== undefined || b.category !== undefined || b.enabled !== undefined, 'Choose a price, category or availability to change');
export type MenuBulkEdit = z.input<typeof MenuBulkEdit>;
export const MenuBulkEditResult = z.object({ updated: z.number().int() });

/** GET /api/admin/exports/orders.csv: business days from `from` to `to` (both included), the last 7 by default. */
export const OrdersExportQuery = z.object({ from: BusinessDay.optional(), to: BusinessDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
