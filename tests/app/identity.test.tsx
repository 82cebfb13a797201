import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Outlet } from 'react-router';
import type { Venue } from '../../shared/schemas/venue';
import AdminShell from '../../app/features/admin/AdminShell';
import GuestSignInPage from '../../app/features/guest/venue/GuestSignInPage';
import StaffShell from '../../app/features/staff/StaffShell';
import SuperShell from '../../app/features/super/SuperShell';
import LoginPage from '../../app/features/auth/LoginPage';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { installAuth } from '../../app/features/auth/install';
import { formatPhoneInput, sanitizeCode } from '../../app/features/auth/phone-format';
import { getStaffSession, resetStaffSessionForTests } from '../../app/features/auth/staff-session';
import { apiRequest } from '../../app/lib/api-client';
import { mockApi, renderRoutes } from './render';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const fakeJwt = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 900, ...claims })}.sig`;
const user = (role: 'superadmin' | 'admin' | 'staff') => ({
  id: `u-${role}`, email: `${role}@barhop.dev`, display_name: null, role, restaurant_id: role === 'superadmin' ? null : 'venue-1', claims_version: 1,
});
const session = (role: 'superadmin' | 'admin' | 'staff', version = 1) => ({
  access_token: fakeJwt({ sub: `u-${role}`, role, v: version }), token_type: 'Bearer', expires_in: 900, user: { ...user(role), claims_version: version },
});
const DEMO = {
  demo_mode: true, password: 'barhop-demo',
  accounts: [
    { email: 'superadmin@barhop.dev', role: 'superadmin', venue_slug: null, display_name: 'S' },
    { email: 'admin@barhop.dev', role: 'admin', venue_slug: 'artisan-bar', display_name: 'A' },
    { email: 'staff@barhop.dev', role: 'staff', venue_slug: 'artisan-bar', display_name: 'J' },
  ],
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetStaffSessionForTests();
  resetGuestSessionForTests();
  installAuth();
});

describe('login page', () => {
  const routes = [
    { path: '/login', element: <LoginPage /> },
    { path: '/staff', element: <h1>Staff home</h1> },
    { path: '/super', element: <h1>Super home</h1> },
  ];

  it('prefills demo values, lists the demo accounts, and shows the same error for bad credentials', async () => {
    mockApi({
      'GET /api/auth/demo': { body: DEMO },
      'POST /api/auth/login': { status: 401, body: { error: { code: 'unauthorized', message: 'Invalid email or password' } } },
    });
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('button', { name: /Use staff demo account/ })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('admin@barhop.dev');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('barhop-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(getStaffSession().user).toBeNull();
  });

  it('demo values that arrive after the person started typing never overwrite or mix into what they typed', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    mockApi({ 'GET /api/auth/demo': { body: DEMO } });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/auth/demo')) await gate;
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      renderRoutes(routes, '/login');
      const email = await screen.findByLabelText('Email') as HTMLInputElement;
      // The person is in the (still empty) field when the demo values arrive: the field stays theirs.
      fireEvent.focus(email);
      release();
      expect(await screen.findByRole('button', { name: /Use staff demo account/ })).toBeTruthy();
      expect(email.value).toBe('');
      fireEvent.change(email, { target: { value: 'staff@barhop.dev' } });
      expect(email.value).toBe('staff@barhop.dev');
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('hides demo values outside demo mode', async () => {
    mockApi({ 'GET /api/auth/demo': { body: { demo_mode: false, password: null, accounts: [] } } });
    renderRoutes(routes, '/login');
    await screen.findByRole('heading', { name: 'Admin Sign In' });
    await waitFor(() => expect(screen.queryByText('Demo accounts')).toBeNull());
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows 'Signing in...' and sends staff to /staff", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    mockApi({ 'GET /api/auth/demo': { body: DEMO }, 'POST /api/auth/login': { body: session('staff') } });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/auth/login')) await gate;
      return realFetch(input, init);
    }) as typeof fetch;
    const { router } = renderRoutes(routes, '/login');
    fireEvent.click(await screen.findByRole('button', { name: /Use staff demo account/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeTruthy();
    release();
    await screen.findByRole('heading', { name: 'Staff home' });
    expect(router.state.location.pathname).toBe('/staff');
    expect(getStaffSession().user?.role).toBe('staff');
  });
});

describe('claims flow through the auth bridge', () => {
  it('on 409 claims_outdated syncs through /auth/claims/sync and retries once with the new token', async () => {
    sessionStorage.setItem('barhop.access_session', JSON.stringify(session('admin')));
    resetStaffSessionForTests();
    const fresh = session('admin', 2);
    const calls = mockApi({
      'POST /api/auth/claims/sync': { body: fresh },
      'GET /api/admin/auth/me': (req) => req.headers.get('Authorization') === `Bearer ${fresh.access_token}`
        ? { body: { role: 'admin', claims_version: 2 } }
        : { status: 409, body: { detail: 'claims_outdated', error: { code: 'claims_outdated', message: 'Outdated' } } },
    });
    await expect(apiRequest('GET', '/admin/auth/me')).resolves.toEqual({ role: 'admin', claims_version: 2 });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/admin/auth/me', '/api/auth/claims/sync', '/api/admin/auth/me']);
    expect(getStaffSession().user?.claims_version).toBe(2);
  });

  it('falls back to the refresh cookie when sync fails, and fails the request when both fail', async () => {
    sessionStorage.setItem('barhop.access_session', JSON.stringify(session('staff')));
    resetStaffSessionForTests();
    mockApi({
      'POST /api/auth/claims/sync': { status: 401, body: { error: { code: 'unauthorized', message: 'expired' } } },
      'POST /api/auth/refresh': { status: 401, body: { error: { code: 'unauthorized', message: 'No session' } } },
      'GET /api/staff/orders': { status: 409, body: { detail: 'claims_outdated', error: { code: 'claims_outdated', message: 'Outdated' } } },
    });
    await expect(apiRequest('GET', '/staff/orders')).rejects.toMatchObject({ status: 409 });
    expect(getStaffSession().user).toBeNull();
  });
});

describe('guest phone sign-in', () => {
  const venue = { id: 'venue-1', slug: 'artisan-bar', name: 'The Artisan Bar' } as Venue;
  const routes = [{
    path: '/venue/:slug',
    element: <Outlet context={{ venue }} />,
    children: [
      { path: 'auth', element: <GuestSignInPage /> },
      { path: 'me', element: <h1>Profile page</h1> },
    ],
  }];

  it('formats the phone and sanitises the code', () => {
    expect(formatPhoneInput('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneInput('555-12')).toBe('555-12');
    expect(sanitizeCode('12a3 45678')).toBe('123456');
  });

  it('walks both steps: send failure, demo code, wrong code clears the field, success goes to the profile', async () => {
    let sends = 0;
    const device = { token: fakeJwt({ sub: 'sess-1', guest_id: null }), session_id: 'sess-1', guest_id: null, signed_in: false };
    mockApi({
      'POST /api/auth/guest-session': { status: 201, body: device },
      'POST /api/auth/otp/send': () => (++sends === 1
        ? { status: 503, body: { error: { code: 'sms_unavailable', message: 'down' } } }
        : { body: { sent: true, expires_in: 600, demo_code: '246810' } }),
      'POST /api/auth/otp/verify': (req) => (req.headers.get('Authorization') === `Bearer ${device.token}` && sends === 2 && verifyBodies.push(1) === 1
        ? { status: 400, body: { error: { code: 'invalid_code', message: 'Invalid code. Please try again.' } } }
        : { body: { ...device, token: fakeJwt({ sub: 'sess-1', guest_id: 'g-1' }), guest_id: 'g-1', signed_in: true, profile: { id: 'g-1', display_name: null, phone_number: '+15551234567', updated_at: '2026-01-01T00:00:00Z' } } }),
    });
    const verifyBodies: number[] = [];
    const { router } = renderRoutes(routes, '/venue/artisan-bar/auth');
    expect(screen.getByText('By continuing, you agree to receive SMS messages')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send Code' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '5551234567' } });
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('(555) 123-4567');
    fireEvent.click(send);
    expect(await screen.findByText('Failed to send code. Please try again.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Enter your phone' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Demo code: 246810')).toBeTruthy();
    const verify = screen.getByRole('button', { name: 'Verify & Continue' }) as HTMLButtonElement;
    const codeField = screen.getByLabelText('Verification code') as HTMLInputElement;
    fireEvent.change(codeField, { target: { value: '12345' } });
    expect(verify.disabled).toBe(true);
    fireEvent.change(codeField, { target: { value: '111111' } });
    fireEvent.click(verify);
    expect(await screen.findByText('Invalid code. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Continue' }));
    await screen.findByRole('heading', { name: 'Profile page' });
    expect(router.state.location.pathname).toBe('/venue/artisan-bar/me');
    expect(localStorage.getItem('guest_session_id')).toBe('sess-1');
    expect(localStorage.getItem('guest_venue_slug')).toBe('artisan-bar');
  });

  it('signed in, adds the line it was handed (the AI\'s Add to Cart) and goes back where the guest was (docs/decisions/238)', async () => {
    const device = { token: fakeJwt({ sub: 'sess-3', guest_id: null }), session_id: 'sess-3', guest_id: null, signed_in: false };
    const calls = mockApi({
      'POST /api/auth/guest-session': { status: 201, body: device },
      'POST /api/auth/otp/send': { body: { sent: true, expires_in: 600, demo_code: '135790' } },
      'POST /api/auth/otp/verify': { body: { ...device, token: fakeJwt({ sub: 'sess-3', guest_id: 'g-3' }), guest_id: 'g-3', signed_in: true, profile: { id: 'g-3', display_name: null, phone_number: '+15551112222', updated_at: '2026-01-01T00:00:00Z' } } },
      'POST /api/cart': { body: { cart: { items: [], subtotal: 0, subtotal_cents: 0 } } },
    });
    const add = { is_ai_creation: true, ai_interaction_id: 'int-1', ai_recipe_name: 'Garden Gin Smash', qty: 1, name: 'Garden Gin Smash' };
    const { router } = renderRoutes([{ ...routes[0]!, children: [...routes[0]!.children, { path: 'vibe', element: <h1>Vibe page</h1> }] }],
      { pathname: '/venue/artisan-bar/auth', state: { signInReturn: { returnTo: '/venue/artisan-bar/vibe', add } } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '5551112222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await screen.findByText('Demo code: 135790');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Continue' }));
    await screen.findByRole('heading', { name: 'Vibe page' });
    expect(router.state.location.pathname).toBe('/venue/artisan-bar/vibe');
    const cart = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/cart'));
    expect(await cart!.clone().json()).toEqual({ is_ai_creation: true, ai_interaction_id: 'int-1', ai_recipe_name: 'Garden Gin Smash', qty: 1, mode: 'add', slug: 'artisan-bar' });
  });

  it("'Change phone number' goes back to the phone step", async () => {
    mockApi({
      'POST /api/auth/guest-session': { status: 201, body: { token: fakeJwt({ sub: 's2', guest_id: null }), session_id: 's2', guest_id: null, signed_in: false } },
      'POST /api/auth/otp/send': { body: { sent: true, expires_in: 600 } },
    });
    renderRoutes(routes, '/venue/artisan-bar/auth');
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '5559998888' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await screen.findByRole('heading', { name: 'Enter verification code' });
    expect(screen.queryByText(/Demo code/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change phone number' }));
    expect(screen.getByRole('heading', { name: 'Enter your phone' })).toBeTruthy();
  });
});

describe('back-office guards and shells', () => {
  const routes = [
    { path: '/login', element: <LoginPage /> },
    { path: '/admin', element: <AdminShell />, children: [{ index: true, element: <h1>Admin home</h1> }] },
    { path: '/staff', element: <StaffShell />, children: [{ index: true, element: <h1>Staff home</h1> }] },
    { path: '/super', element: <SuperShell />, children: [{ index: true, element: <h1>Super home</h1> }] },
  ];
  const signIn = (role: 'superadmin' | 'admin' | 'staff') => {
    sessionStorage.setItem('barhop.access_session', JSON.stringify(session(role)));
    resetStaffSessionForTests();
  };

  it('sends a signed-out visitor to /login, replacing history', async () => {
    mockApi({ 'GET /api/auth/demo': { body: DEMO } });
    const { router } = renderRoutes(routes, '/super');
    await screen.findByRole('heading', { name: 'Admin Sign In' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('admits staff to the staff area with its navigation and role, not to the admin area', async () => {
    signIn('staff');
    mockApi({ 'GET /api/auth/demo': { body: DEMO } });
    const { router } = renderRoutes(routes, '/staff');
    await screen.findByRole('heading', { name: 'Staff home' });
    const nav = screen.getByRole('navigation', { name: 'Staff Portal navigation' });
    for (const label of ['Active Orders', 'Tables', 'Order History', 'Menu Lookup', 'Inventory', 'Low Stock', 'AI Cocktails']) {
      expect(within(nav).getByRole('link', { name: label }).getAttribute('href')).toMatch(/^\/staff\//);
    }
    expect(screen.getByText('Role:').parentElement!.textContent).toBe('Role: staff');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' }).getAttribute('aria-expanded')).toBe('false');

    await router.navigate('/admin');
    expect(await screen.findByRole('button', { name: 'Clear Session & Show Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lists the admin navigation for an admin', async () => {
    signIn('admin');
    renderRoutes(routes, '/admin');
    await screen.findByRole('heading', { name: 'Admin home' });
    const hrefs = [...screen.getByRole('navigation', { name: 'Venue Admin navigation' }).querySelectorAll('a')].map((a) => a.getAttribute('href'));
    // One navigation (docs/decisions/199): the dashboard's five sections, then the other pages.
    expect(hrefs).toEqual(['/admin/dashboard', '/admin/menu-drinks', '/admin/inventory', '/admin/orders', '/admin/ai-controls', '/admin/analytics', '/admin/reports', '/admin/imports', '/admin/tables', '/admin/qr', '/admin/profile', '/admin/translations', '/admin/team', '/admin/audit-log']);
    expect(screen.queryByLabelText('Venue')).toBeNull();
  });

  it('asks a super admin to pick a venue in the admin area; while impersonating shows the red banner', async () => {
    signIn('superadmin');
    mockApi({ 'GET /api/venues': { body: { venues: [] } } });
    const { unmount } = renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { name: 'Choose a venue' })).toBeTruthy();
    expect(screen.getByLabelText('Venue')).toBeTruthy();
    unmount();

    const venue = { id: 'venue-1', slug: 'artisan-bar', name: 'The Artisan Bar' };
    localStorage.setItem('barhop.impersonation', JSON.stringify({ venueId: 'venue-1', role: 'admin', originalRole: 'superadmin' }));
    sessionStorage.setItem('barhop.impersonation_token', JSON.stringify({ token: fakeJwt({ sub: 'u-superadmin', role: 'admin', act: 'u-superadmin' }), venue }));
    resetStaffSessionForTests();
    renderRoutes(routes, '/admin');
    await screen.findByRole('heading', { name: 'Admin home' });
    const banner = screen.getByRole('region', { name: 'Impersonation' });
    expect(banner.textContent).toContain('Currently Impersonating');
    expect(banner.textContent).toContain('The Artisan Bar');
    expect(banner.textContent).toContain('artisan-bar');
    expect(banner.textContent).toContain('admin');
  });
});
