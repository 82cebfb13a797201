// The sign-in limits and what each protects (docs/decisions/165). A venue's guests share its Wi-Fi, so one address
// can be a whole bar: every limit that stops a person is keyed on the device, the account or the phone, and an
// address meets only ceilings far above what a busy venue needs (300 guests behind one address, arriving within the
// hour), kept against floods. Fixed windows, each hit counted before the work (docs/decisions/165).
import type { RateLimit } from '../lib/rate-limit';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---- guest device sessions: nothing to key on but the address (a new device has no identity yet) ----

/** New device sessions per address: a full house arriving at once is a third of the short tier. */
export const GUEST_SESSIONS_PER_ADDRESS: RateLimit[] = [
  { name: 'guest-session-address', limit: 1_000, windowSeconds: 10 * MINUTE },
  { name: 'guest-session-address-day', limit: 10_000, windowSeconds: DAY },
];

// ---- one-time codes: each is a paid text to someone's phone ----

/** One device asking again for one phone (docs/decisions/165). */
export const OTP_SENDS_PER_DEVICE_PHONE: RateLimit = { name: 'otp-send-device-phone', limit: 5, windowSeconds: HOUR };
/** One device asking for many phones. */
export const OTP_SENDS_PER_DEVICE: RateLimit = { name: 'otp-send-device', limit: 10, windowSeconds: HOUR };
/** Texts to one phone over every device and address: the phone's owner is not flooded, whoever asks. */
export const OTP_SENDS_PER_PHONE: RateLimit = { name: 'otp-send-phone', limit: 10, windowSeconds: HOUR };
/** Texts asked from one address, over any devices and phones: the flood ceiling on what texts cost. */
export const OTP_SENDS_PER_ADDRESS: RateLimit[] = [
  { name: 'otp-send-address', limit: 300, windowSeconds: 10 * MINUTE },
  { name: 'otp-send-address-day', limit: 3_000, windowSeconds: DAY },
];

/** Verifications by one device, over any phones (each code also dies after 5 wrong tries). */
export const OTP_VERIFIES_PER_DEVICE: RateLimit = { name: 'otp-verify-device', limit: 30, windowSeconds: 15 * MINUTE };
/**
 * Wrong codes tried for one phone over every device and address: what bounds guessing a phone's way in, since
 * each device has a code of its own. Counted only when a live code is compared; a right code gives its hit back.
 */
export const OTP_WRONG_GUESSES_PER_PHONE: RateLimit = { name: 'otp-wrong-phone', limit: 10, windowSeconds: HOUR };
/** Verifications from one address, over any devices and phones: a flood ceiling. */
export const OTP_VERIFIES_PER_ADDRESS: RateLimit[] = [
  { name: 'otp-verify-address', limit: 600, windowSeconds: 10 * MINUTE },
  { name: 'otp-verify-address-day', limit: 6_000, windowSeconds: DAY },
];

// ---- staff sign-in: failed passwords (a right one gives its hits back) ----

/** Wrong passwords for one account from one client: a known device, else an address. */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT: RateLimit = { name: 'login-fail-account-client', limit: 10, windowSeconds: 15 * MINUTE };
/**
 * Wrong passwords for one account from devices it does not know, over every address: guessing spread over many
 * addresses. Each address adds at most its own pair's 10; the account's known devices never meet this ceiling.
 */
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimit[] = [
  { name: 'login-fail-account', limit: 50, windowSeconds: 15 * MINUTE },
  { name: 'login-fail-account-day', limit: 500, windowSeconds: DAY },
];
/** Wrong passwords from one address over any accounts (known devices aside): a flood ceiling. */
export const LOGIN_FAILURES_PER_ADDRESS: RateLimit[] = [
  { name: 'login-fail-address', limit: 300, windowSeconds: 15 * MINUTE },
  { name: 'login-fail-address-day', limit: 2_000, windowSeconds: DAY },
];
