// Role × route matrix over EVERY route the Worker mounts (read from `app.routes`, so a new route
// cannot escape it). Expectations come from POLICY below, declared per path prefix; a mounted
// route without a policy entry fails the first test. Disallowed callers must get 401/403;
// allowed callers must get anything else (400 for an empty body and 404 for an unknown id are
// fine). An admin of another venue, given ids of artisan-bar rows, must not get a 2xx.
import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { newId } from '../../shared/ids';
import { app } from '../../worker/app';
import { ISSUER, signStaffToken, STAFF_AUDIENCE } from '../../worker/auth/tokens';
import { DEMO_EMAILS, insertGuestCallers, mintToken, openTestSession, userRow, venueId } from './auth-helpers';
import { call } from './helpers';

type Who = 'none' | 'device' | 'guest' | 'staff' | 'admin' | 'otherAdmin' | 'superadmin' | 'impersonating';
const CALLERS: readonly Who[] = ['none', 'device', 'guest', 'staff', 'admin', 'otherAdmin', 'superadmin', 'impersonating'];

const EVERYONE = CALLERS;
const GUESTS: readonly Who[] = ['device', 'guest'];
const SIGNED_IN_GUESTS: readonly Who[] = ['guest'];
const STAFF_UP: readonly Who[] = ['staff', 'admin', 'otherAdmin', 'superadmin', 'impersonating'];
const ADMIN_UP: readonly Who[] = ['admin', 'otherAdmin', 'superadmin', 'impersonating'];
const SUPERADMIN: readonly Who[] = ['superadmin'];
/** No bearer token opens it: its credential is the httpOnly refresh cookie (tests/worker/auth-staff.test.ts). */
const REFRESH_COOKIE_ONLY: readonly Who[] = [];

/**
 * Who may call what. A key is '/api/prefix' (any method) or 'METHOD /api/prefix'; it covers the
 * prefix and everything below it. The longest matching key wins; a method-specific key wins over
 * a generic one of the same length. `impersonating` = a super admin acting as admin of artisan-bar.
 */
export const POLICY: Record<string, readonly Who[]> = {
  // Public
  '/api/healthz': EVERYONE,
  '/api/venues': EVERYONE,
  '/api/drinks': EVERYONE,
  '/api/client-errors': EVERYONE,
  'GET /api/auth/demo': EVERYONE,
  'POST /api/auth/login': EVERYONE,
  'POST /api/auth/refresh': REFRESH_COOKIE_ONLY,
  'POST /api/auth/logout': EVERYONE,
  'POST /api/auth/guest-session': EVERYONE,
  // A one-time team link (docs/decisions/191): its credential is the token in the path.
  '/api/auth/invites': EVERYONE,
  // The live channel authenticates with ?token= on the WebSocket upgrade (tests/worker/live*.test.ts).
  '/api/live': EVERYONE,
  // Stripe's webhook: its credential is the signature over the body, refused with 400 for anyone else
  // (tests/worker/payments.test.ts, docs/decisions/222); no bearer token changes that.
  'POST /api/payments/webhook': EVERYONE,
  // The local Stripe stand-in's onboarding page (demo builds, docs/decisions/244): Stripe's hosted page stands in here.
  '/api/payments/local-onboarding': EVERYONE,
  // The VAPID public key a browser subscribes with (docs/decisions/227): public, like the key.
  '/api/push': EVERYONE,
  // The API's OpenAPI document and its reference page (docs/decisions/252).
  'GET /api/openapi.json': EVERYONE,
  'GET /api/reference': EVERYONE,

  // Guests: a device session (signed token), signed in by phone or not
  '/api/auth/otp': GUESTS,
  'POST /api/auth/guest/logout': GUESTS,
  '/api/cart': GUESTS,
  // The local stand-in's test card form (docs/decisions/242): a guest's device confirms its own payment.
  'POST /api/payments/local/confirm': GUESTS,
  '/api/orders': GUESTS, // subscribing to one's own order's ready push too (/:id/push)
  '/api/ai': GUESTS, // the bartender: vibe, chat, recommend, log, interaction feedback
  // A table's members (docs/product.md §12); staff of the venue also read a tab, ask for its bill and remove a member.
  '/api/tables': GUESTS,
  'GET /api/tables/sessions': [...GUESTS, ...STAFF_UP],
  'POST /api/tables/sessions/:id/bill': [...GUESTS, ...STAFF_UP],
  'DELETE /api/tables/sessions/:id/members': [...GUESTS, ...STAFF_UP],
  // The host or staff let a waiting joiner in (docs/decisions/237).
  'POST /api/tables/sessions/:id/join-requests': [...GUESTS, ...STAFF_UP],
  // Guests signed in by phone
  '/api/favorites': SIGNED_IN_GUESTS,
  '/api/ratings': SIGNED_IN_GUESTS,
  '/api/me': SIGNED_IN_GUESTS,

  // Back office
  'POST /api/auth/claims/sync': STAFF_UP,
  '/api/staff': STAFF_UP,
  '/api/admin': ADMIN_UP,
  // The venue's own Stripe account is connected by its admin only: a super admin acts as that admin (impersonating),
  // never by naming the venue (docs/decisions/244); staff read nothing of it.
  'POST /api/admin/payments/stripe/connect': ['admin', 'otherAdmin', 'impersonating'],
  'GET /api/admin/auth/me': STAFF_UP,
  '/api/ai/admin': ADMIN_UP, // a venue's AI settings and analytics
  '/api/ai/global-prompt': SUPERADMIN,
  '/api/ai/flavor-rules': SUPERADMIN,
  '/api/ai/kpis': SUPERADMIN,
  'GET /api/ai/interactions': SUPERADMIN,
  '/api/super': SUPERADMIN,
  '/api/super/impersonate': ['superadmin', 'impersonating'],
  // Bench only (bench/, docs/decisions/176): demo mode only, a super admin's.
  '/api/dev': SUPERADMIN,
  'POST /api/dev/bench/d1-write-once': GUESTS, // the bench's HTTP write floor, bench venues only
};

function policyFor(method: string, path: string): readonly Who[] | undefined {
  let best: { length: number; specific: boolean; allowed: readonly Who[] } | undefined;
  for (const [key, allowed] of Object.entries(POLICY)) {
    const [keyMethod, prefix] = key.includes(' ') ? key.split(' ') as [string, string] : [null, key];
    if (keyMethod && keyMethod !== method) continue;
    if (path !== prefix && !path.startsWith(`${prefix}/`)) continue;
    const candidate = { length: prefix.length, specific: keyMethod !== null, allowed };
    if (!best || candidate.length > best.length || (candidate.length === best.length && candidate.specific && !best.specific)) best = candidate;
  }
  return best?.allowed;
}

const mounted = [...new Map(
  app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
    .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
).values()];

/** Ids of artisan-bar rows for path params, so tenancy is exercised; random ids elsewhere. */
async function seededIds() {
  const artisan = await venueId('artisan-bar');
  const one = async (sql: string) => (await env.DB.prepare(sql).bind(artisan).first<{ id: string }>())?.id ?? newId();
  return {
    artisan,
    order: await one('SELECT id FROM orders WHERE restaurant_id = ? ORDER BY created_at DESC LIMIT 1'),
    inventory: await one('SELECT id FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL LIMIT 1'),
    drink: await one('SELECT id FROM menu_drinks WHERE restaurant_id = ? LIMIT 1'),
  };
}

type Ids = Awaited<ReturnType<typeof seededIds>>;

/** Fills `:params`; says whether one of them names an artisan-bar row that only its venue may reach. */
function fillPath(path: string, ids: Ids): { url: string; venueScopedId: boolean } {
  let venueScopedId = false;
  const url = path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => {
    if (name === 'slug') return 'artisan-bar';
    const before = path.slice(0, path.indexOf(`:${name}`));
    let value: string | null = null;
    if (/\/orders\/?$|order/.test(before) || /order/i.test(name)) value = ids.order;
    else if (/inventory/.test(before)) value = ids.inventory;
    else if (/menu|drink/.test(before) || /drink/i.test(name)) value = ids.drink;
    if (value) { venueScopedId = true; return value; }
    if (/venue/.test(before)) return ids.artisan;
    return newId();
  });
  return { url, venueScopedId };
}

/** Fresh credentials per route, from the database's current claims (never outdated). */
async function credentials(ids: Ids): Promise<Record<Who, string | null>> {
  const { device, guest } = await insertGuestCallers();
  const superadmin = await userRow(DEMO_EMAILS.superadmin);
  return {
    none: null,
    device,
    guest,
    staff: await mintToken(DEMO_EMAILS.staff),
    admin: await mintToken(DEMO_EMAILS.admin),
    otherAdmin: await mintToken(DEMO_EMAILS.admin2),
    superadmin: await mintToken(DEMO_EMAILS.superadmin),
    impersonating: await signStaffToken(env, {
      sub: superadmin.id, role: 'admin', restaurant_id: ids.artisan, claims_version: superadmin.claims_version, act: superadmin.id, sid: await openTestSession(superadmin.id),
    }, 1800),
  };
}

async function brokenTokens() {
  const staff = await mintToken(DEMO_EMAILS.staff);
  const [h, p, s] = staff.split('.');
  const claims = JSON.parse(atob(p!.replace(/-/g, '+').replace(/_/g, '/')));
  const forgedPayload = btoa(JSON.stringify({ ...claims, role: 'superadmin' })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const u = await userRow(DEMO_EMAILS.superadmin);
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ role: 'superadmin', restaurant_id: null, claims_version: u.claims_version })
    .setProtectedHeader({ alg: 'HS256' }).setSubject(u.id).setIssuer(ISSUER).setAudience(STAFF_AUDIENCE)
    .setIssuedAt(now - 7200).setExpirationTime(now - 60).sign(new TextEncoder().encode(env.JWT_SECRET));
  // Signed with the key itself (whoever holds it): the staff member's claims with another role or another venue.
  const forgedRole = await signStaffToken(env, { ...claims, role: 'superadmin', restaurant_id: null });
  const forgedVenue = await signStaffToken(env, { ...claims, restaurant_id: await venueId('rooftop-lounge') });
  return { tampered: `${h}.${forgedPayload}.${s}`, expired, forgedRole, forgedVenue };
}

describe('role × route matrix', () => {
  it('has a policy for every mounted /api route', () => {
    expect(mounted.length).toBeGreaterThan(10);
    const uncovered = mounted.filter((r) => !policyFor(r.method, r.path)).map((r) => `${r.method} ${r.path}`);
    expect(uncovered, 'add these routes to POLICY in tests/worker/role-matrix.test.ts').toEqual([]);
  });

  it.each(mounted.filter((r) => policyFor(r.method, r.path)))('$method $path', async ({ method, path }) => {
    const allowed = policyFor(method, path)!;
    const ids = await seededIds();
    const tokens = await credentials(ids);
    const { url, venueScopedId } = fillPath(path, ids);
    const body = method === 'GET' || method === 'DELETE' || method === 'HEAD' ? undefined : {};
    const failures: string[] = [];

    for (const who of CALLERS) {
      const res = await call(method, url, { token: tokens[who], body });
      // A table read without its QR token is refused to everyone alike (docs/decisions/237): a proof, not a role.
      const denied = res.status === 401 || (res.status === 403 && !res.text.includes('"table_token_required"'));
      if (allowed.includes(who)) {
        if (denied) failures.push(`${who}: expected to be let in, got ${res.status} ${res.text.slice(0, 160)}`);
        if (who === 'otherAdmin' && venueScopedId && !allowed.includes('none') && res.status < 300) {
          failures.push(`otherAdmin: reached an artisan-bar object (${res.status}); tenancy must answer 404`);
        }
        if (res.status >= 500) failures.push(`${who}: server error ${res.status} ${res.text.slice(0, 160)}`);
      } else if (!denied) {
        failures.push(`${who}: expected 401/403, got ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    const broken = await brokenTokens();
    for (const [kind, token] of Object.entries(broken)) {
      const res = await call(method, url, { token, body });
      if (res.status !== 401) failures.push(`${kind} token: expected 401, got ${res.status}`);
    }
    expect(failures, `${method} ${url}`).toEqual([]);
  });
});
