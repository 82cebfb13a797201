import { describe, expect, it } from 'vitest';
import { sampleDrinkCheck, smokeTest, timed } from '../../app/features/diagnostics/checks';
import { DRINKS, VENUE } from './guest-fixtures';
import { mockApi } from './render';

// A venue opened today comes first in the list and has no menu yet; the read path works through the next one.
const OPENED_TODAY = { ...VENUE, id: 'venue-new-000000000001', slug: 'opened-today', name: 'Opened Today' };

function twoVenues(secondHasDrinks: boolean) {
  return mockApi({
    'GET /api/venues': { body: { venues: [OPENED_TODAY, VENUE] } },
    'GET /api/venues/opened-today': { body: { venue: OPENED_TODAY } },
    'GET /api/venues/artisan-bar': { body: { venue: VENUE } },
    'GET /api/venues/opened-today/drinks': { body: { drinks: [] } },
    [`GET /api/venues/${OPENED_TODAY.id}/drinks`]: { body: { drinks: [] } },
    'GET /api/venues/artisan-bar/drinks': { body: { drinks: secondHasDrinks ? DRINKS : [] } },
    [`GET /api/venues/${VENUE.id}/drinks`]: { body: { drinks: secondHasDrinks ? DRINKS : [] } },
  });
}

describe('the diagnostics menu checks', () => {
  it('the smoke test passes through the next venue when the first has no menu yet', async () => {
    twoVenues(true);
    const result = await timed(smokeTest);
    expect(result.status).toBe('pass');
    expect(result.detail).toBe(`The Artisan Bar: ${DRINKS.length} drinks on the menu`);
  });

  it('the sample drink check does the same', async () => {
    twoVenues(true);
    const result = await timed(sampleDrinkCheck);
    expect(result.status).toBe('pass');
    expect(result.detail).toBe('Negroni at The Artisan Bar, $14.00');
  });

  it('both fail, saying so, when no venue read has a drink', async () => {
    twoVenues(false);
    expect(await timed(smokeTest)).toMatchObject({ status: 'fail', detail: 'None of the first 2 venues has an available drink' });
    expect(await timed(sampleDrinkCheck)).toMatchObject({ status: 'fail', detail: 'None of the first 2 venues has an available drink' });
  });
});
