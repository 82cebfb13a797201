// The analytics domain's entry for other domains (docs/decisions/259): the one definition of each sales figure
// (docs/decisions/203). Free of Worker types, like sales-definition.ts, for the Node scripts.
export { addDays, COUNTED_ORDER, isCountedOrder, utcDay, windowStart } from './sales-definition';
