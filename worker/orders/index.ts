// The orders domain's entry for other domains (docs/decisions/259): what they may use of it.
export { itemsByOrder, type NewOrderItemRow, type OrderRow, toOrder } from './serialize';
