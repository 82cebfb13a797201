// The shards domain's entry for other domains (docs/decisions/259): what they may use of it.
export { venueDatabase, type VenueDatabase } from './directory';
export { scopedVenueDatabase } from './venue-scope';
export type { ShardBinding } from './bindings';
export { businessDaysAround, rollUp, rollUpShards, venueClocks } from './rollups';
