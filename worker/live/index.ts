// The live domain's entry for other domains (docs/decisions/259): what they may use of it.
export { liveCreationInsert } from './live-log';
export { VenueHub } from './venue-hub';
