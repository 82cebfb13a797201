import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../app/lib/api-client';
import { createQueryClient } from '../../app/lib/query-client';
import { VENUE } from './guest-fixtures';
import { mockApi } from './render';

function VenueName() {
  const venue = useQuery({ queryKey: ['venue'], queryFn: () => apiRequest('GET', '/venues/:id', { params: { id: 'x' }, credentials: 'none' }) });
  if (venue.isError) return <p>{venue.error.message}</p>;
  return <p>{venue.data ? venue.data.venue.name : 'Loading venue...'}</p>;
}

const renderWithAppClient = () => render(<QueryClientProvider client={createQueryClient()}><VenueName /></QueryClientProvider>);

describe("the app's query client", () => {
  it('shows a 404 at once, without asking again', async () => {
    const calls = mockApi({ 'GET /api/venues/x': { status: 404, body: { error: { code: 'not_found', message: 'Venue not found' } } } });
    renderWithAppClient();
    expect(await screen.findByText('Venue not found', undefined, { timeout: 500 })).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('asks once more after a server error', async () => {
    let served = 0;
    const calls = mockApi({ 'GET /api/venues/x': () => (served++ === 0 ? { status: 503, body: { error: { code: 'unavailable', message: 'Try again' } } } : { body: { venue: VENUE } }) });
    renderWithAppClient();
    expect(await screen.findByText('The Artisan Bar', undefined, { timeout: 3_000 })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });
});
