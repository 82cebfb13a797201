// The live checks behind /dev-check and /__diag: each one calls the running worker, times itself
// and says pass or fail with a short detail.
import { SuccessFlag } from '../../../shared/schemas/common';
import { DrinkList, type Drink } from '../../../shared/schemas/drink';
import { VenueList, type Venue } from '../../../shared/schemas/venue';
import { ApiRequestError, apiRequest, errorMessage } from '../../lib/api-client';

/** What a sample check found, as the API answered it (the Connection Status page shows it). */
export type CheckSample = { venue?: Venue; drink?: Drink };
export type CheckOutcome = { ok: boolean; detail: string; data?: CheckSample };
export type Check = { key: string; label: string; run: () => Promise<CheckOutcome> };
export type CheckResult = { key: string; label: string; status: 'pending' | 'running' | 'pass' | 'fail'; ms: number | null; detail: string; data?: CheckSample };

const LABEL = 'diagnostics';

export async function timed(check: Check): Promise<CheckResult> {
  const started = performance.now();
  let outcome: CheckOutcome;
  try {
    outcome = await check.run();
  } catch (err) {
    outcome = { ok: false, detail: errorMessage(err, 'Request failed') };
  }
  return { key: check.key, label: check.label, status: outcome.ok ? 'pass' : 'fail', ms: Math.round(performance.now() - started), detail: outcome.detail, data: outcome.data };
}

export const healthCheck: Check = {
  key: 'health', label: 'Backend health (GET /api/healthz)',
  run: async () => {
    const res = await apiRequest('GET', '/healthz', { credentials: 'none', schema: SuccessFlag, schemaLabel: LABEL });
    return { ok: res.success, detail: res.success ? 'Worker answered success' : 'Worker answered success: false' };
  },
};

export const databaseCheck: Check = {
  key: 'database', label: 'Database (GET /api/healthz/db)',
  run: async () => {
    const res = await apiRequest('GET', '/healthz/db', { credentials: 'none', schema: SuccessFlag, schemaLabel: LABEL });
    return { ok: res.success, detail: res.success ? 'D1 answered a query' : 'Database query failed' };
  },
};

/** Spec: an unauthenticated call to the admin menu must be refused with 401. */
export const adminMenuUnauthenticatedCheck: Check = {
  key: 'admin-menu', label: 'Admin menu unauthenticated (GET /api/admin/menu-drinks → 401)',
  run: async () => {
    try {
      await apiRequest('GET', '/admin/menu-drinks', { credentials: 'none' });
      return { ok: false, detail: 'Answered 200 without credentials: the admin API is open' };
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 401) return { ok: true, detail: '401 unauthorized, as expected' };
      return { ok: false, detail: `Expected 401, got ${err instanceof ApiRequestError ? err.status : errorMessage(err, 'an error')}` };
    }
  },
};

/** Venues the menu check reads before it says no menu could be read. */
const SAMPLE_VENUES = 10;

export async function sampleVenue() {
  const { venues } = await apiRequest('GET', '/venues', { credentials: 'none', schema: VenueList, schemaLabel: LABEL });
  return venues[0] ?? null;
}

export const sampleRestaurantCheck: Check = {
  key: 'restaurant', label: 'Sample restaurant (GET /api/venues)',
  run: async () => {
    const venue = await sampleVenue();
    return venue ? { ok: true, detail: `${venue.name} (${venue.slug})`, data: { venue } } : { ok: false, detail: 'No active venue found' };
  },
};

/**
 * The first of the first few venues whose menu has a drink, read by `readMenu`: a venue opened today may have no
 * menu yet, and the read path still works if another venue's does.
 */
async function firstVenueWithDrinks(readMenu: (venue: Venue) => Promise<Drink[]>) {
  const { venues } = await apiRequest('GET', '/venues', { credentials: 'none', schema: VenueList, schemaLabel: LABEL });
  for (const venue of venues.slice(0, SAMPLE_VENUES)) {
    const drinks = await readMenu(venue);
    if (drinks.length > 0) return { venue, drinks, read: venues.length };
  }
  return { venue: null, drinks: [], read: Math.min(SAMPLE_VENUES, venues.length) };
}

const noMenuDetail = (read: number) => (read === 0 ? 'No active venue to read a menu from' : `None of the first ${read} venues has an available drink`);

export const sampleDrinkCheck: Check = {
  key: 'drink', label: 'Sample menu drink (GET /api/venues/{id}/drinks)',
  run: async () => {
    const found = await firstVenueWithDrinks(async (venue) =>
      (await apiRequest('GET', '/venues/:id/drinks', { params: { id: venue.id }, credentials: 'none', schema: DrinkList, schemaLabel: LABEL })).drinks);
    const drink = found.drinks[0];
    if (!found.venue || !drink) return { ok: false, detail: noMenuDetail(found.read) };
    return { ok: true, detail: `${drink.name} at ${found.venue.name}, $${drink.price.toFixed(2)}`, data: { drink } };
  },
};

/** A guest's read path end to end: list venues, open one by slug, read its menu, check the shapes. */
export const smokeTest: Check = {
  key: 'smoke', label: 'Smoke test (venues → venue by slug → menu)',
  run: async () => {
    const found = await firstVenueWithDrinks(async (venue) => {
      const one = await apiRequest('GET', '/venues/:id', { params: { id: venue.slug }, credentials: 'none' });
      if (one.venue.slug !== venue.slug) throw new Error(`Venue by slug ${venue.slug} answered ${one.venue.slug}`);
      return (await apiRequest('GET', '/venues/:id/drinks', { params: { id: venue.slug }, credentials: 'none', schema: DrinkList, schemaLabel: LABEL })).drinks;
    });
    if (!found.venue) return { ok: false, detail: noMenuDetail(found.read) };
    return { ok: true, detail: `${found.venue.name}: ${found.drinks.length} drinks on the menu` };
  },
};

/** Round trips to the health endpoint: the latency this browser sees. */
export const latencyCheck: Check = {
  key: 'latency', label: 'API round trip (3 × GET /api/healthz)',
  run: async () => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await apiRequest('GET', '/healthz', { credentials: 'none' });
      times.push(performance.now() - started);
    }
    const avg = Math.round(times.reduce((a, b) => a + b, 0) / times.length);
    return { ok: true, detail: `average ${avg} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))})` };
  },
};
