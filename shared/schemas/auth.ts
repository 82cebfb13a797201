import { z } from 'zod';
import { typedName } from './typed-name';
import { OTP_CODE_LENGTH } from '../constants';
import { ROLES } from '../back-office-constants';
import { Venue } from './venue';

export const StaffRoleSchema = z.enum(ROLES);

/** POST /api/auth/login. */
export const LoginBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The signed-in staff member, admin or super admin (spec: User profile + auth claims). */
export const AuthUser = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  role: StaffRoleSchema,
  restaurant_id: z.string().nullable(),
  claims_version: z.number().int(),
});
export type AuthUser = z.infer<typeof AuthUser>;

/** Login, refresh and claims sync: a 15-minute access token (the refresh token travels in a cookie). */
export const AuthSession = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user: AuthUser,
});
export type AuthSession = z.infer<typeof AuthSession>;

/** GET /api/admin/auth/me. */
export const AuthClaims = z.object({
  user_id: z.string(),
  email: z.string(),
  role: StaffRoleSchema,
  restaurant_id: z.string().nullable(),
  claims_version: z.number().int(),
  impersonating: z.boolean(),
});
export type AuthClaims = z.infer<typeof AuthClaims>;

/** GET /api/auth/demo: what the login screen may prefill (only in demo mode). */
export const DemoInfo = z.object({
  demo_mode: z.boolean(),
  password: z.string().nullable(),
  accounts: z.array(z.object({ email: z.string(), role: StaffRoleSchema, venue_slug: z.string().nullable(), display_name: z.string() })),
});
export type DemoInfo = z.infer<typeof DemoInfo>;

export const ImpersonationRole = z.enum(['admin', 'staff']);
export type ImpersonationRole = z.infer<typeof ImpersonationRole>;

/** POST /api/super/impersonate. `venueId` may be the venue's id or slug. */
export const ImpersonateBody = z.object({
  venueId: z.string().trim().min(1).max(100),
  role: ImpersonationRole,
});

export const ImpersonationSession = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  venue: Venue,
  role: ImpersonationRole,
  original_role: z.literal('superadmin'),
  actor_id: z.string(),
});
export type ImpersonationSession = z.infer<typeof ImpersonationSession>;

// ---- Guests ----

/**
 * POST /api/auth/guest-session: the venue of the first visit is remembered (spec: guest_venue_slug). The venue
 * is `slug` as in every guest call; strict, so the old `venue_slug` is refused, not silently dropped (decision 228).
 */
export const GuestSessionBody = z.strictObject({ slug: z.string().trim().min(1).max(100).optional() });

export const GuestSession = z.object({
  token: z.string(),
  session_id: z.string(),
  guest_id: z.string().nullable(),
  signed_in: z.boolean(),
});
export type GuestSession = z.infer<typeof GuestSession>;

export const PhoneBody = z.object({ phone: z.string().trim().min(1, 'Phone number is required').max(32) });

export const OtpSent = z.object({
  sent: z.literal(true),
  expires_in: z.number().int(),
  /** Only in demo mode, so the screen can show 'Demo code: {code}'. */
  demo_code: z.string().optional(),
});
export type OtpSent = z.infer<typeof OtpSent>;

export const OtpVerifyBody = PhoneBody.extend({
  code: z.string().trim().regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), `The code has ${OTP_CODE_LENGTH} digits`),
});

/** Spec: Guest profile. */
export const GuestProfile = z.object({
  id: z.string(),
  display_name: z.string().nullable(),
  phone_number: z.string(),
  updated_at: z.string(),
});
export type GuestProfile = z.infer<typeof GuestProfile>;

export const GuestProfileResponse = z.object({ profile: GuestProfile });

export const OtpVerified = GuestSession.extend({ profile: GuestProfile });

export const UpdateProfileBody = z.object({
  display_name: typedName(z.string().trim()).max(60).transform((v) => v || null).nullable(),
});
