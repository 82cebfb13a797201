// The venues domain's entry for other domains (docs/decisions/259): what they may use of it.
export { appleTouchIconUrl, venueManifest } from './manifest';
export { getVenueProfile } from './profile';
export { cachedMenuEntity, cachedVenueEntity, findActiveVenue } from './service';
