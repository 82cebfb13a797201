// The shards domain's entry for other domains (docs/decisions/259): what they may use of it.
export { venueDatabase } from './directory';
export { scopedVenueDatabase } from './venue-scope';
