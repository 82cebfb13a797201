// "Tell me when it's ready" by Web Push (docs/decisions/215, docs/api.md "Push").
import { z } from 'zod';

const base64url = (bytes: number) => z.string().regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url')
  .refine((s) => Math.floor((s.length * 3) / 4) === bytes, `Must be ${bytes} bytes`);

function isHttpsUrl(value: string): boolean {
  try { return new URL(value).protocol === 'https:'; } catch { return false; }
}

/** The browser's PushSubscription as `toJSON()` gives it; the endpoint is the push service's, https only. */
export const PushSubscriptionInput = z.object({
  endpoint: z.string().max(2048).refine(isHttpsUrl, 'Must be an https URL'),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** Its 16-byte authentication secret. */
    auth: base64url(16),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** DELETE: which browser stops being told. */
export const PushUnsubscribeInput = z.object({ endpoint: z.string().max(2048) });
export type PushUnsubscribeInput = z.infer<typeof PushUnsubscribeInput>;

/** GET /api/push/key: the VAPID public key to subscribe with, null when this Worker sends no pushes. */
export const PushKeyResponse = z.object({
  public_key: z.string().nullable(),
  /** The platform can text instead (docs/decisions/215, amended): "Text me when it's ready" is offered. */
  ready_texts: z.boolean(),
});
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

/** The JSON each push carries, which public/push-sw.js shows. */
export const ReadyPushPayload = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type ReadyPushPayload = z.infer<typeof ReadyPushPayload>;

/**
 * POST /api/orders/:id/ready-text: one text when the order is ready. `phone` as typed (any country, read by
 * libphonenumber-js); without it, the signed-in guest's verified number.
 */
export const ReadyTextInput = z.object({ phone: z.string().trim().min(1, 'Enter a valid phone number').max(32).optional() }).strict();
export type ReadyTextInput = z.infer<typeof ReadyTextInput>;
/** The number the text will go to, in E.164. */
export const ReadyTextAnswer = z.object({ phone: z.string() });
export type ReadyTextAnswer = z.infer<typeof ReadyTextAnswer>;
