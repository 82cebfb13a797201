// GET /api/admin/setup: a new venue's setup checklist (docs/product.md §11.6), each step from the venue's own data.
import { z } from 'zod';

export const SETUP_STEPS = ['profile', 'menu', 'inventory', 'team', 'tables', 'live'] as const;
export type SetupStepId = (typeof SETUP_STEPS)[number];

export const SetupStep = z.object({
  id: z.enum(SETUP_STEPS),
  done: z.boolean(),
  /** What the data says now, in words ("3 drinks on the menu", "Address and opening hours missing"). */
  detail: z.string(),
});
export type SetupStep = z.infer<typeof SetupStep>;

export const SetupChecklist = z.object({ steps: z.array(SetupStep), complete: z.boolean() });
export type SetupChecklist = z.infer<typeof SetupChecklist>;
