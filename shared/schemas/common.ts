import { z } from 'zod';

/** docs/product.md §7.2: every error body. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
  detail: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const SuccessFlag = z.object({ success: z.boolean() });

export const IdParam = z.object({ id: z.string().min(1).max(100) });

/** What the runtime-error fallback screen reports. */
export const ClientErrorReport = z.object({
  message: z.string().trim().min(1).max(500),
  route: z.string().max(200),
});

/** The day windows of every analytics screen (venue, platform, AI): one list, one type. */
export const DAY_WINDOWS = ['7d', '30d', '90d'] as const;
export type DayWindow = (typeof DAY_WINDOWS)[number];
