// The shards domain's entry for other domains (docs/decisions/259): what they may use of it.
export { databaseHolding, everyVenueDatabase, forgetVenueShard, occupiedShards, pickShardForNewVenue, resolveVenueShard, shardDatabase, venueDatabase, type VenueDatabase } from './directory';
export { everyDeclaredDatabase, scopedVenueDatabase } from './venue-scope';
export { DEFAULT_VENUE_SHARD, type ShardBinding } from './bindings';
export { businessDaysAround, pruneDrinkRollups, rollUp, rollUpShards, venueClocks } from './rollups';
export { laggingReads, ownWriteReads, sendBookmark } from './sessions';
