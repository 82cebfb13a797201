// The auth domain's entry for other domains (docs/decisions/259): what they may use of it.
export { authenticate, guestCaller, liveCallerOf, ownerKeyOf, requireAdmin, requireGuest, requireKnownNamedVenue, requireSignedInGuest, requireStaff, requireSuperadmin, scopedVenueId, staffCaller } from './middleware';
export { hashPassword, toB64url } from './password';
export { accessSessionFor, endAllSessionsOf, openSession } from './sessions';
export { secretKey, sha256Hex } from './tokens';
export { forgetSessionChecks, guestSessionLive, staffSessionStates } from './live-sessions';
export { normalizePhone } from './otp';
export { twilioMessageRequest } from './sms';
