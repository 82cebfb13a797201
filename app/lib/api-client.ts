import type { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { SchemaMismatchError } from './api-errors';
// Types only: the routes' inputs and answers type every call, and nothing of the Worker reaches the bundle
// (docs/decisions/177).
import type { ApiAnswer, ApiBody, ApiMethod, ApiPath, QueryValue, RouteInput } from '../../worker/api-types';

export type { ApiAnswer, ApiBody, ApiMethod, ApiPath } from '../../worker/api-types';
export const API_BASE = '/api';

export { ApiRequestError, SchemaMismatchError } from './api-errors';

export type Credentials = 'staff' | 'guest' | 'none';

/** How the client finds tokens and re-syncs claims; installed by the auth feature at start. */
export type AuthBridge = {
  tokenFor(credentials: Credentials): string | null;
  /** Called on 409 claims_outdated; resolves true when a fresh token is in place. */
  syncClaims(): Promise<boolean>;
  /**
   * Called when the server refused a staff token with 401 (expired, or the session ended: signed out elsewhere,
   * disabled, reset). Resolves true when a renewed token is in place; otherwise the session is over and the back
   * office shows "You've been signed out" (docs/decisions/192).
   */
  staffUnauthorized?(): Promise<boolean>;
};

let bridge: AuthBridge = { tokenFor: () => null, syncClaims: async () => false };
export const installAuthBridge = (next: AuthBridge) => { bridge = next; };

/** Options of one call: `params` fills the path pattern's `:segments`; `body` and `query` are the route's. */
export type ApiRequestOptions<M extends ApiMethod, P extends ApiPath<M>> = RequestOptions<z.ZodType | undefined> & RouteInput<M, P>;

/** One call once its route's types have done their work: any route's JSON body, or a form upload. */
type SentRequest = RequestOptions<z.ZodType | undefined> & {
  body?: ApiBody<ApiMethod, ApiPath<ApiMethod>> | FormData;
  query?: Record<string, QueryValue>;
};

export type RequestOptions<S extends z.ZodType | undefined> = {
  headers?: Record<string, string>;
  credentials?: Credentials;
  /** Checked against the reply; `schemaLabel` names the API in the mismatch error. */
  schema?: S;
  schemaLabel?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
};

function buildUrl(path: string, params: Record<string, string> | undefined, query?: SentRequest['query']) {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const url = new URL(`${API_BASE}${filled}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url;
}

/** Header of the D1 bookmark a write's answer carries (docs/decisions/150, docs/api.md "Read replicas"). */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';
const BOOKMARK_KEY = 'barhop.d1-bookmark';

/** The tab's latest bookmark: per tab (sessionStorage), so one tab's writes never slow another's reads. */
function storedBookmark(): string | null {
  try {
    return window.sessionStorage.getItem(BOOKMARK_KEY);
  } catch {
    return null;
  }
}

function keepBookmark(res: Response) {
  const bookmark = res.headers.get(BOOKMARK_HEADER);
  if (!bookmark) return;
  try {
    window.sessionStorage.setItem(BOOKMARK_KEY, bookmark);
  } catch {
    // Storage refused (private mode, quota): the next read goes to the primary instead, still correct.
  }
}

async function send(method: string, url: URL, options: SentRequest) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // Reads after the tab's own write see it: the server starts their D1 session at this bookmark.
  const bookmark = storedBookmark();
  if (bookmark) headers[BOOKMARK_HEADER] = bookmark;
  const token = bridge.tokenFor(options.credentials ?? 'staff');
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const res = await fetch(url, { method, headers, body, signal, credentials: 'same-origin' });
  keepBookmark(res);
  return res;
}

/**
 * The one way the app talks to /api (docs/product.md §7.5): 15 s timeout, bearer token, one retry after a
 * claims sync on 409 claims_outdated, one after a renewal on a staff 401 (else the session ends: docs/decisions/192),
 * and an HTML reply is an error naming method and URL.
 */
export async function apiRequest<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  given: ApiRequestOptions<M, P> = {} as ApiRequestOptions<M, P>,
): Promise<ApiAnswer<M, P>> {
  const options = given as SentRequest & { params?: Record<string, string> };
  const url = buildUrl(path, options.params, options.query);
  const sentStaffToken = (options.credentials ?? 'staff') === 'staff' && bridge.tokenFor('staff') !== null;
  let res = await send(method, url, options);
  // A refusal, a renewal or an HTML page: rare paths, whose code loads when one happens (docs/decisions/275).
  if (!res.ok || (res.headers.get('Content-Type') ?? '').includes('text/html')) {
    const { settleRefused } = await import('./api-refused');
    res = await settleRefused(res, {
      method,
      url,
      guest: (options.credentials ?? 'staff') !== 'staff',
      renewStaff: sentStaffToken ? bridge.staffUnauthorized : undefined,
      syncClaims: () => bridge.syncClaims(),
      resend: () => send(method, url, options),
    });
  }
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (options.schema) {
    const checked = options.schema.safeParse(data);
    if (!checked.success) throw new SchemaMismatchError(options.schemaLabel ?? 'api', checked.error.issues);
    return checked.data as ApiAnswer<M, P>;
  }
  return data as ApiAnswer<M, P>;
}

export const errorMessage = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
