import './lib/build-flags';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as schema from './db/schema';

/** Secrets that exist only when deployed (never in wrangler.toml). */
export type SecretEnv = {
  /** Twilio (docs/deploy.md "Text messages"): the account SID, its auth token, the sender. */
  SMS_ACCOUNT_SID?: string;
  SMS_API_KEY?: string;
  SMS_FROM?: string;
  /** Replaces https://api.twilio.com for a Twilio-compatible endpoint; unset in a normal deploy. */
  SMS_PROVIDER_URL?: string;
  /** Card payments (docs/decisions/222, docs/payments.md): the platform's Stripe secret key and webhook signing secret. */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Stripe's publishable key: public, a var (the pay screen loads Stripe.js with it). */
  STRIPE_PUBLISHABLE_KEY?: string;
};

/** Set to 'false' by the test harness to keep per-request log lines out of test output. */
export type OptionalVars = {
  LOG_REQUESTS?: string;
  /** Comma-separated D1 bindings new venues may be placed on (docs/decisions/150); unset or empty: the control database. */
  VENUE_SHARDS?: string;
  /** Days a delivered or cancelled order stays in D1 before the archive takes it (docs/decisions/149); default 30. */
  ORDER_HOT_DAYS?: string;
  /**
   * Web Push (docs/decisions/227): the VAPID public key (base64url point) and private key (base64url `d` or a JWK);
   * any pair, not only the development one wrangler.toml commits. Unset: guests are not offered the button.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
};

/** VENUE_SHARDS is read as any list of bindings, not the one wrangler.toml ships (tests open other shards). */
export type WorkerEnv = Omit<Env, keyof OptionalVars> & SecretEnv & OptionalVars;
export type Db = DrizzleD1Database<typeof schema>;

/** Who is calling, once the auth middleware has read the token. */
export type Caller =
  | { kind: 'staff'; userId: string; role: 'superadmin' | 'admin' | 'staff'; restaurantId: string | null; claimsVersion: number; impersonatorId: string | null; sessionId: string }
  | { kind: 'guest'; sessionId: string; guestId: string | null; signedInAt?: string | null };

/** What a back-office write changed, for its audit entry (worker/audit/record.ts). */
export type AuditDescription = {
  action: string;
  targetType?: string;
  targetId?: string;
  summary?: string;
  /** Why, as the person gave it (a cancel's or stock receipt's reason). */
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The venue the write concerned, when it is not the caller's own (super admin routes). */
  restaurantId?: string | null;
};

export type AppContext = {
  Bindings: WorkerEnv;
  Variables: {
    db: Db;
    requestId: string;
    caller?: Caller;
    audit?: AuditDescription;
    /** The venue a super admin's `restaurant_id` names, as its id (requireKnownNamedVenue). */
    namedVenueId?: string;
    /** The resource's writes never change what guests read (worker/menu/read-cache.ts keepsGuestReads). */
    keepsGuestReads?: boolean;
  };
};

/** Demo mode needs both a demo build and DEMO_MODE on: a production build has none (docs/decisions/194). */
export const isDemoMode = (env: Pick<WorkerEnv, 'DEMO_MODE'>) => __BARHOP_DEMO_BUILD__ && env.DEMO_MODE === 'true';
