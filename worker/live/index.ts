// The live domain's entry for other domains (docs/decisions/259): what they may use of it.
export { liveChangeStatement, liveCreationInsert, recordedSeq, type UnsequencedEvent } from './live-events';
export { type Bookmarked, closeEndedSockets, touchVenueRollups, venueHub } from './hub-client';
