// The specs' shared sign-ins (docs/decisions/221): a `test` whose `auth` signs each demo role in over the API once per
// worker and server, instead of a login per helper call copied into each spec.
import { expect, test as base, type APIRequestContext } from '@playwright/test';
import { SIGN_IN } from './route-list';
import { tableQrPath } from '../../shared/tables';

export { expect };
export const DEMO_PASSWORD = 'barhop-demo';
export type Role = keyof typeof SIGN_IN;

/**
 * An access token lives 15 minutes (ACCESS_TOKEN_TTL_SECONDS, worker/auth/tokens.ts): one is reused for 10, so
 * none expires in the middle of a test, however long the run.
 */
const REUSE_MS = 10 * 60_000;
/** Per server (the phone and visual projects each have their own database) and role. */
const tokens = new Map<string, { token: string; at: number }>();

async function signInOverApi(request: APIRequestContext, role: Role): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: SIGN_IN[role], password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json()).access_token as string;
}

export type Auth = {
  /** The role's access token, signed in once and reused (see REUSE_MS). */
  token(role: Role): Promise<string>;
  /** `{ Authorization: 'Bearer …' }` for the role. */
  headers(role: Role): Promise<{ Authorization: string }>;
  /** What a table's QR code carries (docs/decisions/237): its signed token and the path the code opens. */
  tableQr(table: string, slug?: string): Promise<{ token: string; path: string }>;
};

export const test = base.extend<{ auth: Auth }>({
  // `provide` is Playwright's `use` (renamed: the React hooks lint rule reads `use` as a hook).
  auth: async ({ request, baseURL }, provide) => {
    const token = async (role: Role) => {
      const key = `${baseURL} ${role}`;
      const kept = tokens.get(key);
      if (kept && Date.now() - kept.at < REUSE_MS) return kept.token;
      const fresh = { token: await signInOverApi(request, role), at: Date.now() };
      tokens.set(key, fresh);
      return fresh.token;
    };
    const headers = async (role: Role) => ({ Authorization: `Bearer ${await token(role)}` });
    // Read as the QR generator reads it (GET /api/admin/tables), by the super admin for any venue.
    const tableQr = async (table: string, slug = 'artisan-bar') => {
      const res = await request.get(`/api/admin/tables?restaurant_id=${slug}`, { headers: await headers('super') });
      expect(res.ok(), await res.text()).toBe(true);
      const found = ((await res.json()).tables as { number: string; token: string }[]).find((t) => t.number === table);
      expect(found, `${slug} has table ${table}`).toBeTruthy();
      return { token: found!.token, path: tableQrPath(slug, table, found!.token) };
    };
    await provide({ token, headers, tableQr });
  },
});
