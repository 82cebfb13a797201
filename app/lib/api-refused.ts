// What apiRequest (app/lib/api-client.ts) does with an answer that is not a 2xx JSON one: loaded when the first such
// answer comes, so a guest's first download carries none of it (docs/decisions/275).
import type { ApiErrorBody } from '../../shared/schemas/common';
import { refusalText } from '../i18n/i18n';
import { ApiRequestError } from './api-errors';

/**
 * `guest`: the call carried a guest's credentials or none, so a refusal is read in the guest's language. `renewStaff`:
 * the call carried a staff token, renewed by this on a 401 (app/features/auth/install.ts).
 */
type Call = {
  method: string;
  url: URL;
  guest: boolean;
  renewStaff?: () => Promise<boolean>;
  syncClaims: () => Promise<boolean>;
  resend: () => Promise<Response>;
};

/**
 * One retry after a renewal on a staff 401 (else the session ends: docs/decisions/192), one after a claims sync on 409
 * claims_outdated; then an answer still refused throws the docs/product.md §7.2 error, and an HTML reply is an error
 * naming method and URL. Returns the retried answer when it succeeded.
 */
export async function settleRefused(res: Response, { method, url, guest, renewStaff, syncClaims, resend }: Call): Promise<Response> {
  // One place decides what a refused staff session means, for every screen: renew once, else signed out.
  if (res.status === 401 && renewStaff && (await renewStaff())) res = await resend();
  if (res.status === 409) {
    const peek = await res.clone().json().catch(() => null) as { detail?: string } | null;
    if (peek?.detail === 'claims_outdated' && (await syncClaims())) res = await resend();
  }
  if ((res.headers.get('Content-Type') ?? '').includes('text/html')) {
    throw new ApiRequestError(res.status, 'html_response', `Expected JSON from ${method} ${url.pathname} but received HTML`);
  }
  if (res.ok) return res;
  const error = errorOf(await res.json().catch(() => null));
  if (error) {
    // A guest reads a refusal in their language (docs/decisions/256); the back office stays English.
    const said = guest ? refusalText(error.code, error.message, error.details) : error.message;
    throw new ApiRequestError(res.status, error.code, said, error.details);
  }
  throw new ApiRequestError(res.status, 'http_error', `${method} ${url.pathname} failed with ${res.status}`);
}

/** The docs/product.md §7.2 error of a reply, checked by hand so no zod loads for it. */
function errorOf(data: unknown): ApiErrorBody['error'] | null {
  const error = (data as Partial<ApiErrorBody> | null)?.error;
  return error && typeof error.code === 'string' && typeof error.message === 'string' ? error : null;
}
