// One notion of a live session (docs/decisions/192-sessions-tokens-and-signing-out.md). A staff access token names its
// refresh family (`sid`); a signed-in guest token names its device session and the account it was
// linked to. The session is live while the family has an unrevoked, unexpired token and the account
// is enabled (staff), or while the device is still linked to that account (guests). Answers are kept
// per isolate for SESSION_CHECK_TTL_MS, so an ended session is refused everywhere within that bound,
// and at once in the isolate that ended it (forgetSessionChecks).

export const SESSION_CHECK_TTL_MS = 5_000;
/** Past this many cached answers the cache starts over: it is a hint, never a store. */
const MAX_CACHED = 10_000;

export type StaffSessionRef = { userId: string; sessionId: string };
/** `issuedAtMs`: when the token was signed; a cached answer older than the token is not trusted (a device that signed in again). */
export type GuestSessionRef = { sessionId: string; guestId: string; signedInAt: string | null; issuedAtMs?: number };

/** What a staff session may do right now: null when it has ended (or the account is gone or disabled). */
export type StaffSessionState = { role: 'superadmin' | 'admin' | 'staff'; restaurantId: string | null; claimsVersion: number };

type Cached<T> = { at: number; value: T };
const staffAnswers = new Map<string, Cached<StaffSessionState | null>>();
const guestAnswers = new Map<string, Cached<string | null>>();

function fresh<T>(cache: Map<string, Cached<T>>, key: string, nowMs: number): Cached<T> | undefined {
  const hit = cache.get(key);
  return hit && nowMs - hit.at < SESSION_CHECK_TTL_MS ? hit : undefined;
}

function remember<T>(cache: Map<string, Cached<T>>, key: string, value: T, nowMs: number) {
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, { at: nowMs, value });
}

const staffStatement = (d1: D1Database, ref: StaffSessionRef, nowMs: number) => d1.prepare(
  `SELECT u.role, u.restaurant_id, u.claims_version, u.disabled_at,
     EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = ?2 AND r.user_id = u.id
             AND r.revoked_at IS NULL AND r.expires_at > ?3) AS family_live
   FROM users u WHERE u.id = ?1`,
).bind(ref.userId, ref.sessionId, new Date(nowMs).toISOString());

type StaffRow = { role: StaffSessionState['role']; restaurant_id: string | null; claims_version: number; disabled_at: string | null; family_live: number };

const staffStateOf = (row: StaffRow | null | undefined): StaffSessionState | null => (row && !row.disabled_at && row.family_live
  ? { role: row.role, restaurantId: row.restaurant_id, claimsVersion: row.claims_version }
  : null);

const staffKey = (ref: StaffSessionRef) => `${ref.userId}:${ref.sessionId}`;

/** The staff session's current state, or null once it has ended. */
export async function staffSessionState(d1: D1Database, ref: StaffSessionRef, nowMs = Date.now()): Promise<StaffSessionState | null> {
  const hit = fresh(staffAnswers, staffKey(ref), nowMs);
  if (hit) return hit.value;
  const state = staffStateOf(await staffStatement(d1, ref, nowMs).first<StaffRow>());
  remember(staffAnswers, staffKey(ref), state, nowMs);
  return state;
}

/**
 * The states of several staff sessions: the ones not cached are read in one D1 batch, so the 50 devices of a bar's
 * staff cost one round trip when their answers expire together, not 50 (the live fan-out, docs/decisions/166).
 */
export async function staffSessionStates(d1: D1Database, refs: readonly StaffSessionRef[], nowMs = Date.now()): Promise<(StaffSessionState | null)[]> {
  const answers = new Map<string, StaffSessionState | null>();
  const missing = new Map<string, StaffSessionRef>();
  for (const ref of refs) {
    const hit = fresh(staffAnswers, staffKey(ref), nowMs);
    if (hit) answers.set(staffKey(ref), hit.value);
    else missing.set(staffKey(ref), ref);
  }
  if (missing.size) {
    const results = await d1.batch<StaffRow>([...missing.values()].map((ref) => staffStatement(d1, ref, nowMs)));
    [...missing.keys()].forEach((key, i) => {
      const state = staffStateOf(results[i]?.results[0]);
      remember(staffAnswers, key, state, nowMs);
      answers.set(key, state);
    });
  }
  return refs.map((ref) => answers.get(staffKey(ref)) ?? null);
}

/** True while the device session is still linked to the account the token names, by the same sign-in. */
export async function guestSessionLive(d1: D1Database, ref: GuestSessionRef, nowMs = Date.now()): Promise<boolean> {
  const wanted = `${ref.guestId}|${ref.signedInAt ?? ''}`;
  const hit = fresh(guestAnswers, ref.sessionId, nowMs);
  // Signed in again within the cache's life: the token is newer than the cached answer, which is not trusted.
  const answerOlderThanToken = hit !== undefined && hit.value !== wanted && hit.at <= (ref.issuedAtMs ?? 0) + 1_000;
  if (hit && !answerOlderThanToken) return hit.value === wanted;
  const row = await d1.prepare('SELECT guest_id, signed_in_at FROM guest_sessions WHERE id = ?1').bind(ref.sessionId)
    .first<{ guest_id: string | null; signed_in_at: string | null }>();
  const linked = row?.guest_id ? `${row.guest_id}|${row.signed_in_at ?? ''}` : null;
  remember(guestAnswers, ref.sessionId, linked, nowMs);
  return linked === wanted;
}

/** Drops every cached answer: called where this isolate ends a session, so it is refused here at once. */
export function forgetSessionChecks() {
  staffAnswers.clear();
  guestAnswers.clear();
}
