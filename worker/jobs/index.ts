// The jobs domain's entry for other domains (docs/decisions/259): what they may use of it.
export { runHousekeeping } from './housekeeping';
export { readArchiveDay } from './archive-orders';
