// Every write through /api has a rate limit and a body size cap (docs/decisions/109, docs/api.md "Write limits"; the
// API reference gives each route's as x-write-limit). Routes listed here get their own; every other write shares the
// caller's write budget and the default cap. 'own' marks routes that count in their handler with a
// subject only they know (the email of a login, the phone of a code); they still get a size cap.
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../env';
import { ApiError } from './errors';
import { clientKey, enforceRateLimit, type RateLimit } from './rate-limit';

/** Writes per caller (staff account, guest device, or client address when anonymous), over all routes without a limit of their own. */
export const WRITE_BUDGET: RateLimit = { name: 'writes-caller', limit: 600, windowSeconds: 60 };
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

export type WriteLimit = {
  /** `METHOD /api/path` as mounted (`:id` parameters). */
  route: string;
  /** The route's own counter, 'own' when its handler counts (with the rule named in `note`), or the shared budget when absent. */
  limit?: RateLimit | 'own';
  /** Body cap in bytes; 'own' when the handler checks it (photo uploads, worker/images/uploads.ts). */
  maxBytes?: number | 'own';
};

const KB = 1024;
/** The AI event log is written by the guest's app once per suggestion shown; 30 in 10 minutes is a busy evening. */
/** Stripe's webhook deliveries per sending address: retries and bursts of a busy night fit well within it. */
export const STRIPE_WEBHOOK_LIMIT: RateLimit = { name: 'stripe-webhook', limit: 3000, windowSeconds: 60 };
export const AI_LOG_LIMIT: RateLimit = { name: 'ai-log-session', limit: 30, windowSeconds: 600 };
/** "Draft with AI" (docs/decisions/217): each call asks Workers AI for a batch of a menu; 20 an hour drafts any menu twice over. */
export const AI_TRANSLATION_DRAFTS_LIMIT: RateLimit = { name: 'ai-translation-drafts', limit: 20, windowSeconds: 3600 };

export const WRITE_LIMITS: WriteLimit[] = [
  { route: 'POST /api/auth/login', limit: 'own', maxBytes: 4 * KB },
  { route: 'POST /api/auth/otp/send', limit: 'own', maxBytes: 4 * KB },
  { route: 'POST /api/auth/otp/verify', limit: 'own', maxBytes: 4 * KB },
  { route: 'POST /api/auth/guest-session', limit: 'own', maxBytes: 4 * KB },
  { route: 'POST /api/auth/refresh', maxBytes: 4 * KB },
  { route: 'POST /api/auth/logout', maxBytes: 4 * KB },
  { route: 'POST /api/auth/claims/sync', maxBytes: 4 * KB },
  { route: 'POST /api/auth/invites/:token/accept', maxBytes: 4 * KB },
  { route: 'POST /api/admin/team', maxBytes: 4 * KB },
  { route: 'PATCH /api/admin/team/:id', maxBytes: 4 * KB },
  { route: 'POST /api/admin/team/:id/reset', maxBytes: 4 * KB },
  { route: 'POST /api/auth/guest/logout', maxBytes: 4 * KB },
  { route: 'POST /api/client-errors', limit: 'own', maxBytes: 16 * KB },
  { route: 'POST /api/ai/vibe', limit: 'own', maxBytes: 16 * KB },
  { route: 'POST /api/ai/chat', limit: 'own', maxBytes: 16 * KB },
  { route: 'POST /api/ai/recommend-new', limit: 'own', maxBytes: 16 * KB },
  { route: 'POST /api/ai/log', limit: AI_LOG_LIMIT, maxBytes: 8 * KB + 512 },
  { route: 'POST /api/ai/interactions/:id/feedback', maxBytes: 4 * KB },
  { route: 'POST /api/ai/interactions/:id/ordered', maxBytes: 4 * KB },
  { route: 'POST /api/favorites', maxBytes: 4 * KB },
  { route: 'POST /api/favorites/toggle', maxBytes: 4 * KB },
  { route: 'POST /api/ratings', maxBytes: 4 * KB },
  { route: 'PATCH /api/me', maxBytes: 4 * KB },
  { route: 'POST /api/cart', maxBytes: 16 * KB },
  { route: 'POST /api/cart/clear', maxBytes: 4 * KB },
  { route: 'POST /api/cart/checkout', maxBytes: 32 * KB },
  { route: 'DELETE /api/cart/:id', maxBytes: 4 * KB },
  { route: 'POST /api/orders', maxBytes: 32 * KB },
  { route: 'POST /api/orders/quick', maxBytes: 16 * KB },
  // A browser's push subscription (docs/decisions/227): an endpoint of at most 2,048 characters and two keys.
  { route: 'POST /api/orders/:id/push', maxBytes: 4 * KB },
  { route: 'DELETE /api/orders/:id/push', maxBytes: 4 * KB },
  // One number per order, texted once when it is ready (docs/decisions/227, amended): the one-active-order rule bounds it.
  { route: 'POST /api/orders/:id/ready-text', maxBytes: 4 * KB },
  { route: 'POST /api/admin/images', maxBytes: 'own' },
  // Venue content translations (docs/decisions/217): a name and a description; drafting asks Workers AI.
  // The venue's description in a language (docs/decisions/265), before the drinks' '/:id/:lang' it also matches.
  { route: 'PUT /api/admin/translations/venue/:lang', maxBytes: 16 * KB },
  { route: 'DELETE /api/admin/translations/venue/:lang', maxBytes: 4 * KB },
  { route: 'PUT /api/admin/translations/:id/:lang', maxBytes: 16 * KB },
  { route: 'POST /api/admin/translations/:id/:lang/approve', maxBytes: 4 * KB },
  { route: 'DELETE /api/admin/translations/:id/:lang', maxBytes: 4 * KB },
  { route: 'POST /api/admin/translations/ai-drafts', limit: AI_TRANSLATION_DRAFTS_LIMIT, maxBytes: 4 * KB },
  // A CSV import carries the whole file (≤ 200,000 characters, JSON-escaped): docs/decisions/212.
  { route: 'POST /api/admin/imports/menu', maxBytes: 1024 * KB },
  { route: 'POST /api/admin/imports/inventory', maxBytes: 1024 * KB },
  // Tables and tabs (docs/decisions/231): small bodies; the AI round counts against the AI suggestion limit.
  { route: 'POST /api/tables/sessions', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/join', maxBytes: 4 * KB },
  { route: 'PATCH /api/tables/sessions/:id', maxBytes: 4 * KB },
  // A member's push subscription or number for every round of the tab (docs/decisions/231): as an order's.
  { route: 'POST /api/tables/sessions/:id/push', maxBytes: 4 * KB },
  { route: 'DELETE /api/tables/sessions/:id/push', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/ready-text', maxBytes: 4 * KB },
  { route: 'DELETE /api/tables/sessions/:id/members/:memberId', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/join-requests/:memberId', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/lines', maxBytes: 4 * KB },
  { route: 'PATCH /api/tables/sessions/:id/lines/:lineId', maxBytes: 4 * KB },
  { route: 'DELETE /api/tables/sessions/:id/lines/:lineId', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/rounds', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/bill', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/claims', maxBytes: 4 * KB },
  { route: 'DELETE /api/tables/sessions/:id/claims/:orderItemId', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/shares', maxBytes: 4 * KB },
  { route: 'DELETE /api/tables/sessions/:id/shares/:shareId', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/ai-round', limit: 'own', maxBytes: 4 * KB },
  // Card payments (docs/decisions/222): Stripe's webhook has its own counter per sending address, for its retries.
  { route: 'POST /api/tables/sessions/:id/shares/:shareId/card', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/shares/:shareId/card/check', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/holds', maxBytes: 4 * KB },
  { route: 'POST /api/tables/sessions/:id/holds/check', maxBytes: 4 * KB },
  { route: 'POST /api/staff/tables/sessions/:id/holds/capture', maxBytes: 4 * KB },
  { route: 'POST /api/admin/payments/shares/:shareId/refunds', maxBytes: 4 * KB },
  { route: 'POST /api/payments/webhook', limit: STRIPE_WEBHOOK_LIMIT, maxBytes: 64 * KB },
  // Connecting the venue's Stripe account (docs/decisions/244); the stand-in's onboarding form in demo builds.
  { route: 'POST /api/admin/payments/stripe/connect', maxBytes: 4 * KB },
  { route: 'POST /api/admin/payments/stripe/check', maxBytes: 4 * KB },
  { route: 'POST /api/payments/local-onboarding', maxBytes: 4 * KB },
  // A solo order paid first (docs/decisions/241) and the stand-in's test card form (242).
  { route: 'POST /api/cart/checkout/card', maxBytes: 32 * KB },
  { route: 'POST /api/cart/checkout/card/:paymentId/check', maxBytes: 4 * KB },
  { route: 'POST /api/payments/local/confirm', maxBytes: 4 * KB },
];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const patternOf = (route: string) => {
  const [method, path] = route.split(' ') as [string, string];
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/:[a-zA-Z_]+/g, '[^/]+');
  return { method, path: new RegExp(`^${source}$`) };
};
const compiled = WRITE_LIMITS.map((entry) => ({ entry, ...patternOf(entry.route) }));

/** The entry for a request, or undefined for a write that takes the shared budget and the default cap. */
export function writeLimitFor(method: string, path: string): WriteLimit | undefined {
  return compiled.find((c) => c.method === method && c.path.test(path))?.entry;
}

/** Whom a write counts against: the staff account, the guest device, or the client address. */
function writerOf(c: Context<AppContext>): string {
  const caller = c.get('caller');
  if (caller?.kind === 'staff') return `u:${caller.userId}`;
  if (caller?.kind === 'guest') return `s:${caller.sessionId}`;
  return `ip:${clientKey(c)}`;
}

const capFor = (maxBytes: number) => bodyLimit({
  maxSize: maxBytes,
  onError: () => { throw new ApiError(413, 'payload_too_large', `Request body is larger than ${maxBytes} bytes`); },
});
const caps = new Map<number, ReturnType<typeof capFor>>();

/** Mounted once for all of /api, after authenticate: counts the write, then caps its body. */
export const limitWrites = createMiddleware<AppContext>(async (c, next) => {
  if (READ_METHODS.has(c.req.method)) return next();
  const entry = writeLimitFor(c.req.method, c.req.path);
  const rule = entry?.limit ?? WRITE_BUDGET;
  if (rule !== 'own') await enforceRateLimit(c.env.DB, rule, writerOf(c), 'Too many requests. Please wait and try again.');
  const maxBytes = entry?.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (maxBytes === 'own') return next();
  let cap = caps.get(maxBytes);
  if (!cap) caps.set(maxBytes, (cap = capFor(maxBytes)));
  return cap(c, next);
});
