// Stock as a bartender counts it (docs/decisions/233): in the item's own unit (2 bottles) with its ml beside it,
// for an item sold in containers of a known volume; in ml (or pieces) otherwise.
import type { StaffInventoryItem } from '../../../../shared/schemas/inventory';

const PLURAL: Record<string, string> = { bottle: 'bottles', can: 'cans', pack: 'packs' };
const ml = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** The unit a count of this item is entered in, or null when it is entered in ml (or pieces). */
export function countUnit(item: Pick<StaffInventoryItem, 'unit' | 'unit_volume_ml'>): { one: string; many: string; ml: number } | null {
  const many = PLURAL[item.unit];
  return many && item.unit_volume_ml ? { one: item.unit, many, ml: item.unit_volume_ml } : null;
}

/** "2 bottles (1,400 ml)" for a count in units. */
export function unitsWithMl(units: number, unit: { one: string; many: string; ml: number }) {
  return `${ml.format(units)} ${units === 1 ? unit.one : unit.many} (${ml.format(units * unit.ml)} ml)`;
}
