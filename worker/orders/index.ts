// The orders domain's entry for other domains (docs/decisions/259): what they may use of it.
export { itemsByOrder, type NewOrderItemRow, type OrderLineRow, type OrderRow, toOrder, toOrders } from './serialize';
export { guestOwnerKeys, sinceWindow } from './queries';
export { isUniqueViolation, type PlacementAnswer, type PlacementOutcome, type PlacementRequest } from './placement';
export type { PaymentRequest, RecallRequest, StatusChangeOutcome, StatusChangeRequest } from './transition';
export { OrderDesk } from './order-desk';
export type { OrderCardRequest } from './order-card';
export { creationRecipeFacts, issuedCreations } from './ai-creations';
export { idempotencyKeyOf } from './submit';
export { applyCheckoutIntent, paymentOfIntent } from './checkout';
