// "Tell me when it's ready" by Web Push (docs/decisions/227; routes in the API reference at /api/reference).
import { z } from 'zod';

const base64url = (bytes: number) => z.string().regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url')
  .refine((s) => Math.floor((s.length * 3) / 4) === bytes, `Must be ${bytes} bytes`);

function parsedHttps(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url : null;
  } catch { return null; }
}

/**
 * The push services browsers subscribe with (docs/product.md "Tell me when it's ready"): Google FCM (Chrome, Edge on
 * Android, most Chromium browsers), Mozilla autopush (Firefox), Apple web push (Safari) and Windows WNS (Edge on
 * Windows). Matched on the host the URL parser answers, so a numeric, bracketed or dotted-decimal address is compared
 * as the address it is, never as a string; a name ends with a dot only when it is spelled that way, which none is.
 */
const PUSH_SERVICE_HOSTS: readonly { exact?: string; under?: string }[] = [
  { exact: 'fcm.googleapis.com' },
  { under: '.push.services.mozilla.com' },
  { under: '.push.apple.com' },
  { under: '.notify.windows.com' },
];

export const PUSH_ENDPOINT_HTTPS_MESSAGE = 'Must be an https URL';
export const PUSH_ENDPOINT_SERVICE_MESSAGE = "Must be a browser's push service (Google, Mozilla, Apple or Windows)";

/** Whether the Worker may send to this endpoint: https, the default port, no user info, a known push service's host. */
export function isPushServiceEndpoint(value: string): boolean {
  const url = parsedHttps(value);
  if (!url || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => (h.exact ? host === h.exact : host.endsWith(h.under!) && host.length > h.under!.length));
}

/** The browser's PushSubscription as `toJSON()` gives it; the endpoint is one of the push services above. */
export const PushSubscriptionInput = z.object({
  endpoint: z.string().max(2048).superRefine((value, ctx) => {
    if (!parsedHttps(value)) ctx.addIssue({ code: 'custom', message: PUSH_ENDPOINT_HTTPS_MESSAGE });
    else if (!isPushServiceEndpoint(value)) ctx.addIssue({ code: 'custom', message: PUSH_ENDPOINT_SERVICE_MESSAGE });
  }),
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
  /** The platform can text instead (docs/decisions/227, amended): "Text me when it's ready" is offered. */
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
