// "86" at the bar (docs/decisions/233): an ingredient that ran out is switched off (`available: false`), which
// sells out every drink needing it on open menus at once (docs/decisions/233 and 154); "Back in" switches it on again.
import type { StaffInventoryItem } from '../../../../shared/schemas/inventory';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useUpdateInventoryItem } from '../api';

export const EIGHTY_SIX_REASON = "86'd at the bar";
export const BACK_IN_REASON = 'Back in';

/** An item's stock status as the bar reads it: switched off, empty, or available. */
export function stockStatus(item: Pick<StaffInventoryItem, 'available' | 'on_hand_ml'>): { label: string; tone: 'danger' | 'warning' | 'success' } {
  if (!item.available) return { label: "86'd", tone: 'danger' };
  if (item.on_hand_ml <= 0) return { label: 'Out', tone: 'danger' };
  return { label: 'Available', tone: 'success' };
}

export function useEightySix() {
  const update = useUpdateInventoryItem();
  async function set(item: StaffInventoryItem, available: boolean) {
    try {
      await update.mutateAsync({ id: item.id, body: { available, reason: available ? BACK_IN_REASON : EIGHTY_SIX_REASON } });
      toast.success(available ? `${item.ingredient_name} is back in` : `${item.ingredient_name} 86'd: drinks that need it are sold out`, 3000);
    } catch (err) {
      toast.error(`Failed to update ${item.ingredient_name}: ${errorMessage(err, 'unknown error')}`);
    }
  }
  return {
    out: (item: StaffInventoryItem) => set(item, false),
    backIn: (item: StaffInventoryItem) => set(item, true),
    busy: update.isPending,
  };
}
