import { z } from 'zod';
import { Order } from './order';

/** POST /api/dev/bench/d1-insert (demo mode only): the D1 write ceiling of order placement (bench/). */
export const D1InsertQuery = z.object({
  /** Slug of the venue the rows belong to (the bench uses a venue of its own). */
  venue: z.string().trim().min(1).max(100),
  /** Placement-shaped write batches to run. */
  n: z.coerce.number().int().min(1).max(5000),
  /** Batches in flight at once inside the Worker. */
  parallel: z.coerce.number().int().min(1).max(64).default(1),
});
export type D1InsertQuery = z.infer<typeof D1InsertQuery>;

export const D1InsertResult = z.object({
  batches: z.number().int(),
  statements_per_batch: z.number().int(),
  parallel: z.number().int(),
  ms: z.number(),
  batches_per_s: z.number(),
});
export type D1InsertResult = z.infer<typeof D1InsertResult>;

/** POST /api/dev/bench/d1-write-once (demo mode only): the HTTP write floor of order placement (bench/). */
export const D1WriteOnceQuery = z.object({
  /** Slug of a bench venue (`bench-…`). */
  venue: z.string().trim().min(1).max(100),
});
export type D1WriteOnceQuery = z.infer<typeof D1WriteOnceQuery>;

/**
 * Its body: a JSON object of a placement's size, read and parsed as placement reads its own, and not otherwise
 * looked at (the floor carries placement's request and answer, docs/decisions/176).
 */
export const D1WriteOnceBody = z.record(z.string(), z.unknown());
export type D1WriteOnceBody = z.infer<typeof D1WriteOnceBody>;

/** Its answer: the order it wrote, in the shape (and so the size) of placement's answer. */
export const D1WriteOnceResult = Order;
export type D1WriteOnceResult = z.infer<typeof D1WriteOnceResult>;
