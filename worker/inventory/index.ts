// The stock domain's public API, for the staff routes, the admin inventory routes and the order
// lifecycle. Anything that changes stock or recipes goes through here so sold-out stays true.
export { deductRecipeForOrder, orderShortfalls, pourAgainAfterUndo, restoreRecipeForOrder, type DeductionResult, type PourCause, type RestoreResult } from './deduct';
export { matchCanonicalIngredient, matchCanonicalIngredients, searchIngredients } from './ingredients';
export { recomputeSoldOut, type SoldOutChange } from './sold-out';
export {
  createInventoryItem, findInventoryItem, listInventory, listMovements, movementsOfOrders, recordStockMovement, selectMovements, softDeleteInventoryItem,
  updateInventoryItem, INVENTORY_ITEM_NOT_FOUND, type InventoryPatch, type InventoryRow, type NewInventoryItem,
  type StockMovementRequest, type StockMovementRow,
} from './stock';
export { staffMenu, toStaffInventoryItem, toStockMovement } from './serialize';
