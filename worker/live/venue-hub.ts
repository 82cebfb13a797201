import { DurableObject } from 'cloudflare:workers';

/**
 * One per venue: serialises order placement and fans out order events to sockets.
 * Order placement and the live socket protocol are built on this class (worker/orders, worker/live).
 */
export class VenueHub extends DurableObject<Env> {
  async fetch(): Promise<Response> {
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'No live channel here' } }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    });
  }
}
