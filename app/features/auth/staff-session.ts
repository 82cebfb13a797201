// The back office's session (docs/decisions/192-sessions-tokens-and-signing-out.md): the 15-minute access token in
// memory + sessionStorage, renewed through the httpOnly refresh cookie; an impersonation token
// beside it while a super admin acts in a venue, with the spec's context in localStorage.
import type { AuthSession, AuthUser, ImpersonationRole } from '../../../shared/schemas/auth';
import type { Venue } from '../../../shared/schemas/venue';
import { apiRequest } from '../../lib/api-client';
import { registerStaffSession } from './staff-registry';
import { decodeJwt } from './jwt';

export { decodeJwt };

/** The back office's replies are zod-checked; the schemas load with the first such request. */
const authSchemas = () => import('../../../shared/schemas/auth');

export type ImpersonationContext = { venueId: string; role: ImpersonationRole; originalRole: 'superadmin' };

export type StaffSessionState = {
  /** True until the stored or refreshed session has been looked at. */
  loading: boolean;
  user: AuthUser | null;
  accessToken: string | null;
  impersonation: { context: ImpersonationContext; token: string; venue: Venue } | null;
  /** True once the server ended the session (not the person's own logout): the sign-in page says so. */
  signedOutByServer: boolean;
};

const ACCESS_KEY = 'barhop.access_session';
const IMPERSONATION_TOKEN_KEY = 'barhop.impersonation_token';
/** Spec: the impersonation context kept in browser storage. */
export const IMPERSONATION_CONTEXT_KEY = 'barhop.impersonation';
/** Set while this browser holds a refresh cookie, so guest pages never probe /auth/refresh. */
const HAS_SESSION_KEY = 'barhop.has_staff_session';
const RENEW_BEFORE_MS = 60_000;

const expiresAtMs = (token: string) => (decodeJwt(token)?.exp ?? 0) * 1000;
const isFresh = (token: string | null | undefined): token is string => Boolean(token) && expiresAtMs(token!) - Date.now() > 5_000;

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function readStoredState(): StaffSessionState {
  const stored = readJson<{ access_token: string; user: AuthUser }>(sessionStorage, ACCESS_KEY);
  const imp = readJson<{ token: string; venue: Venue }>(sessionStorage, IMPERSONATION_TOKEN_KEY);
  const context = readJson<ImpersonationContext>(localStorage, IMPERSONATION_CONTEXT_KEY);
  const access = stored && isFresh(stored.access_token) ? stored : null;
  return {
    loading: true,
    signedOutByServer: false,
    user: access?.user ?? null,
    accessToken: access?.access_token ?? null,
    impersonation: access && context && imp && isFresh(imp.token) && imp.venue.id === context.venueId ? { context, token: imp.token, venue: imp.venue } : null,
  };
}

let state: StaffSessionState = typeof window === 'undefined'
  ? { loading: true, user: null, accessToken: null, impersonation: null, signedOutByServer: false }
  : readStoredState();
const listeners = new Set<() => void>();
let renewTimer: ReturnType<typeof setTimeout> | undefined;

export const getStaffSession = () => state;
export function subscribeStaffSession(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

function setState(next: Partial<StaffSessionState>) {
  state = { ...state, ...next };
  if (state.accessToken && state.user) sessionStorage.setItem(ACCESS_KEY, JSON.stringify({ access_token: state.accessToken, user: state.user }));
  else sessionStorage.removeItem(ACCESS_KEY);
  if (state.impersonation) {
    sessionStorage.setItem(IMPERSONATION_TOKEN_KEY, JSON.stringify({ token: state.impersonation.token, venue: state.impersonation.venue }));
    localStorage.setItem(IMPERSONATION_CONTEXT_KEY, JSON.stringify(state.impersonation.context));
  } else {
    sessionStorage.removeItem(IMPERSONATION_TOKEN_KEY);
  }
  scheduleRenewal();
  listeners.forEach((l) => l());
}

/** The token staff-credentialed requests carry: the impersonation token while impersonating. */
export const staffToken = () => state.impersonation?.token ?? state.accessToken;

function applySession(session: AuthSession) {
  localStorage.setItem(HAS_SESSION_KEY, '1');
  setState({ user: session.user, accessToken: session.access_token, loading: false, signedOutByServer: false });
}

function signedOut() {
  localStorage.removeItem(HAS_SESSION_KEY);
  localStorage.removeItem(IMPERSONATION_CONTEXT_KEY);
  setState({ user: null, accessToken: null, impersonation: null, loading: false });
}

/**
 * The server refused the staff token (401). One renewal through the refresh cookie (an expired access token);
 * when that fails too the session is over: signed out, and the sign-in page says "You've been signed out"
 * rather than each screen showing its own failure (docs/decisions/192). True when a fresh token is in place.
 */
export async function sessionRefused(): Promise<boolean> {
  if (!state.user) return false;
  const tokenBefore = staffToken();
  if (await refreshSession()) {
    if (state.impersonation) {
      setState({ impersonation: null });
      await resumeImpersonation();
    }
    return staffToken() !== null && staffToken() !== tokenBefore;
  }
  setState({ signedOutByServer: true });
  return false;
}


/** One refresh at a time across tabs: two tabs spending one refresh token would look like theft. */
async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks?.request) return navigator.locks.request('barhop-refresh', work);
  return work();
}

let refreshing: Promise<boolean> | null = null;

/** Renews the own access token through the refresh cookie. False (and signed out) when that fails. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= withRefreshLock(async () => {
    try {
      applySession(await apiRequest('POST', '/auth/refresh', { credentials: 'none', schema: (await authSchemas()).AuthSession, schemaLabel: 'auth' }));
      return true;
    } catch {
      signedOut();
      return false;
    }
  }).finally(() => { refreshing = null; });
  return refreshing;
}

async function requestImpersonation(venueId: string, role: ImpersonationRole) {
  const session = await apiRequest('POST', '/super/impersonate', { body: { venueId, role }, schema: (await authSchemas()).ImpersonationSession, schemaLabel: 'superApi' });
  setState({ impersonation: { context: { venueId: session.venue.id, role, originalRole: 'superadmin' }, token: session.access_token, venue: session.venue } });
  return session.venue;
}

/** Brings back the stored impersonation after a reload or when its token ran out. */
async function resumeImpersonation() {
  const context = readJson<ImpersonationContext>(localStorage, IMPERSONATION_CONTEXT_KEY);
  if (!context || state.user?.role !== 'superadmin') {
    if (context) localStorage.removeItem(IMPERSONATION_CONTEXT_KEY);
    return;
  }
  if (state.impersonation && isFresh(state.impersonation.token)) return;
  try {
    setState({ impersonation: null });
    await requestImpersonation(context.venueId, context.role);
  } catch {
    localStorage.removeItem(IMPERSONATION_CONTEXT_KEY);
    setState({ impersonation: null });
  }
}

/** Own token first (refresh cookie), then the impersonation on top of it. */
async function renew() {
  if (await refreshSession()) await resumeImpersonation();
}

function scheduleRenewal() {
  clearTimeout(renewTimer);
  const tokens = [state.accessToken, state.impersonation?.token].filter((t): t is string => Boolean(t));
  if (tokens.length === 0) return;
  const due = Math.min(...tokens.map(expiresAtMs)) - RENEW_BEFORE_MS - Date.now();
  renewTimer = setTimeout(() => { void renew(); }, Math.max(due, 1_000));
}

let started: Promise<void> | null = null;

/** Loads the session once per page: the stored token when still fresh, else the refresh cookie. */
export function startStaffSession(): Promise<void> {
  started ??= (async () => {
    if (!state.accessToken && localStorage.getItem(HAS_SESSION_KEY)) await refreshSession();
    if (state.user) await resumeImpersonation();
    setState({ loading: false });
  })();
  return started;
}

export async function login(email: string, password: string) {
  const session = await apiRequest('POST', '/auth/login', { body: { email, password }, credentials: 'none', schema: (await authSchemas()).AuthSession, schemaLabel: 'auth' });
  localStorage.removeItem(IMPERSONATION_CONTEXT_KEY);
  setState({ impersonation: null });
  applySession(session);
  return session.user;
}

/** A one-time invite or reset link (docs/decisions/191): the chosen password is set and the person is signed in. */
export async function acceptInvite(token: string, password: string) {
  const { InviteAcceptResult } = await import('../../../shared/schemas/team');
  const session = await apiRequest('POST', '/auth/invites/:token/accept', { params: { token }, body: { password }, credentials: 'none', schema: InviteAcceptResult, schemaLabel: 'auth' });
  localStorage.removeItem(IMPERSONATION_CONTEXT_KEY);
  setState({ impersonation: null });
  applySession(session);
  return session.user;
}

export async function logout() {
  try {
    await apiRequest('POST', '/auth/logout', { credentials: 'none' });
  } finally {
    signedOut();
  }
}

/**
 * 409 claims_outdated: ask the server for a token with the current claims; when the token
 * itself has expired, fall back to the refresh cookie. True when a fresh token is in place.
 */
export async function syncClaims(): Promise<boolean> {
  if (!state.user) return false;
  try {
    const schemas = await authSchemas();
    // The route answers an impersonation session while one is running, the caller's own otherwise.
    const session = await apiRequest('POST', '/auth/claims/sync', { schema: state.impersonation ? schemas.ImpersonationSession : schemas.AuthSession, schemaLabel: 'auth' });
    if ('venue' in session) {
      if (state.impersonation) setState({ impersonation: { ...state.impersonation, token: session.access_token, venue: session.venue } });
    } else {
      applySession(session);
    }
    return true;
  } catch {
    await renew();
    return Boolean(state.user);
  }
}

export async function startImpersonation(venueId: string, role: ImpersonationRole) {
  return requestImpersonation(venueId, role);
}

export async function exitImpersonation() {
  const wasImpersonating = state.impersonation !== null;
  localStorage.removeItem(IMPERSONATION_CONTEXT_KEY);
  if (wasImpersonating) {
    try {
      const own = await apiRequest('POST', '/super/impersonate/exit', { schema: (await authSchemas()).AuthSession, schemaLabel: 'auth' });
      setState({ impersonation: null });
      applySession(own);
      return;
    } catch {
      // The own session is still in memory; only the impersonation ends.
    }
  }
  setState({ impersonation: null });
}

/** Test hook: forget everything in memory (storage is cleared by the tests themselves). */
export function resetStaffSessionForTests() {
  clearTimeout(renewTimer);
  started = null;
  refreshing = null;
  state = readStoredState();
}

// The API client finds the back office's token through the auth bridge once this module has loaded
// (auth/staff-registry.ts): guest pages never load it, so it stays out of their first download.
registerStaffSession({ staffToken, syncClaims, sessionRefused });
