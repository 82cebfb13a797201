// The analytics domain's entry for other domains (docs/decisions/259): what they may use of it.
export { addDays, utcDay } from './sales-definition';
