// The auth domain's entry for other domains (docs/decisions/259): what they may use of it.
export { authenticate, liveCallerOf, requireAdmin, requireGuest, requireKnownNamedVenue, requireStaff, requireSuperadmin, scopedVenueId, staffCaller } from './middleware';
export { hashPassword, toB64url } from './password';
export { accessSessionFor, endAllSessionsOf, openSession } from './sessions';
export { sha256Hex } from './tokens';
export { forgetSessionChecks, guestSessionLive, staffSessionStates } from './live-sessions';
export { normalizePhone } from './otp';
export { twilioMessageRequest } from './sms';
