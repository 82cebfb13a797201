// Where a venue-scoped request reads and writes (docs/decisions/150): the database the venue directory names
// for the venue the request is about, never the control database by default.
import type { Context } from 'hono';
import { scopedVenueId } from '../auth';
import type { AppContext, WorkerEnv } from '../env';
import { ALL_D1_BINDINGS } from './bindings';
import { databaseOf, venueDatabase, type VenueDatabase } from './directory';

/**
 * The database of the venue a back-office request acts on: the staff or admin token's venue, or the one a
 * super admin names with `restaurant_id` (scopedVenueId).
 */
export function scopedVenueDatabase(c: Context<AppContext>): Promise<VenueDatabase> {
  return venueDatabase(c.env, scopedVenueId(c));
}

/**
 * Every declared database, the control database first. The ingredient catalogue is platform data that menu
 * and stock queries join on every shard, so each database keeps a copy and a catalogue write goes to all of
 * them (docs/decisions/150).
 */
export function everyDeclaredDatabase(env: WorkerEnv): VenueDatabase[] {
  return ALL_D1_BINDINGS.map((shard) => databaseOf(env, shard));
}
