import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRequest, ApiRequestError, installAuthBridge } from '../../app/lib/api-client';
import { mockApi } from './render';

describe('api client', () => {
  it('treats an HTML reply as an error naming the method and URL', async () => {
    mockApi({ 'GET /api/venues': { body: '<!doctype html><html></html>', contentType: 'text/html' } });
    await expect(apiRequest('GET', '/venues')).rejects.toThrow('Expected JSON from GET /api/venues but received HTML');
  });

  it('raises the server error message and code', async () => {
    mockApi({ 'GET /api/venues/x': { status: 404, body: { error: { code: 'not_found', message: 'Venue not found' } } } });
    const err = await apiRequest('GET', '/venues/:id', { params: { id: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).status).toBe(404);
    expect((err as ApiRequestError).message).toBe('Venue not found');
  });

  it("names the API in a schema mismatch ('Schema mismatch for staffApi')", async () => {
    mockApi({ 'GET /api/staff/orders': { body: { orders: 'nope' } } });
    await expect(apiRequest('GET', '/staff/orders', { schema: z.object({ orders: z.array(z.unknown()) }), schemaLabel: 'staffApi' }))
      .rejects.toThrow('Schema mismatch for staffApi');
  });

  it('syncs claims and retries once on 409 claims_outdated', async () => {
    let tokenVersion = 1;
    installAuthBridge({ tokenFor: () => `token-${tokenVersion}`, syncClaims: async () => { tokenVersion = 2; return true; } });
    const calls = mockApi({
      'GET /api/admin/auth/me': (req) => req.headers.get('Authorization') === 'Bearer token-2'
        ? { body: { role: 'admin' } }
        : { status: 409, body: { detail: 'claims_outdated', error: { code: 'claims_outdated', message: 'Claims outdated' } } },
    });
    await expect(apiRequest('GET', '/admin/auth/me')).resolves.toEqual({ role: 'admin' });
    expect(calls).toHaveLength(2);
    installAuthBridge({ tokenFor: () => null, syncClaims: async () => false });
  });

  it('a staff 401 goes to the one session handler: a renewed token retries once, an ended session is refused once', async () => {
    let token = 'token-1';
    let refusals = 0;
    let renews = true;
    installAuthBridge({
      tokenFor: (credentials) => (credentials === 'staff' ? token : null), syncClaims: async () => false,
      staffUnauthorized: async () => { refusals += 1; if (!renews) return false; token = 'token-2'; return true; },
    });
    const calls = mockApi({
      'GET /api/staff/queue': (req) => req.headers.get('Authorization') === 'Bearer token-2'
        ? { body: { orders: [] } } : { status: 401, body: { error: { code: 'unauthorized', message: 'Invalid or expired token' } } },
    });
    await expect(apiRequest('GET', '/staff/queue')).resolves.toEqual({ orders: [] });
    expect([calls.length, refusals]).toEqual([2, 1]);
    token = 'token-3';
    renews = false;
    await expect(apiRequest('GET', '/staff/queue')).rejects.toMatchObject({ status: 401 });
    expect([calls.length, refusals]).toEqual([3, 2]);
    // A request without a staff token (a guest's, a sign-in) never ends the back office's session.
    await expect(apiRequest('GET', '/staff/queue', { credentials: 'none' })).rejects.toMatchObject({ status: 401 });
    expect(refusals).toBe(2);
    installAuthBridge({ tokenFor: () => null, syncClaims: async () => false });
  });

  it('keeps the bookmark a write answered with, for this tab, and sends it back on the next requests', async () => {
    window.sessionStorage.clear();
    const bookmark = 'DB:00000000-0000000a-00000000-00000000000000000000000000000000';
    const calls = mockApi({
      'POST /api/orders/quick': { body: { id: 'o1' }, headers: { 'X-D1-Bookmark': bookmark } },
      'GET /api/orders/o1': { body: { order: { id: 'o1' } } },
    });
    await apiRequest('GET', '/orders/:id', { params: { id: 'o1' } });
    expect(calls[0]!.headers.get('X-D1-Bookmark')).toBeNull();
    await apiRequest('POST', '/orders/quick', { body: { slug: 'artisan-bar', item: { menu_drink_id: 'd1' } } });
    await apiRequest('GET', '/orders/:id', { params: { id: 'o1' } });
    expect(calls[2]!.headers.get('X-D1-Bookmark')).toBe(bookmark);
    expect(window.sessionStorage.getItem('barhop.d1-bookmark')).toBe(bookmark);
  });
});
