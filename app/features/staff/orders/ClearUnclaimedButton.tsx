import { Eraser } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useClearUnclaimed, useUnclaimedOrders } from '../../orders/staff-api';

const orders = (n: number) => `${n} order${n === 1 ? '' : 's'}`;

/**
 * "Clear unclaimed" after an order flood (docs/decisions/167): one tap counts the pending first orders of anonymous
 * devices that nobody at the bar has started, the confirmation says how many will be cancelled, and only those are.
 */
export function ClearUnclaimedButton() {
  const [open, setOpen] = useState(false);
  const unclaimed = useUnclaimedOrders(open);
  const clear = useClearUnclaimed();
  const ids = unclaimed.data ?? [];
  const close = () => setOpen(false);

  function confirm() {
    clear.mutate(ids, {
      onSuccess: ({ cancelled, skipped }) => {
        close();
        const note = skipped.length ? ` (${orders(skipped.length)} kept: started or changed meanwhile)` : '';
        toast.success(`Cancelled ${orders(cancelled.length)}${note}`, 4000);
      },
      onError: (err) => toast.error(`Could not clear unclaimed orders: ${errorMessage(err, 'unknown error')}`),
    });
  }

  return (
    <>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen(true)}>
        <Eraser aria-hidden="true" size={16} /> Clear unclaimed
      </button>
      {open && (
        <ConfirmDialog
          title="Clear unclaimed orders?"
          confirmLabel={ids.length ? `Cancel ${orders(ids.length)}` : 'Cancel orders'}
          busy={clear.isPending || !unclaimed.isSuccess || ids.length === 0}
          onConfirm={confirm} onCancel={close}
        >
          {unclaimed.isPending && <p role="status">Counting unclaimed orders…</p>}
          {unclaimed.isError && <p className="field-error" role="alert">Could not count unclaimed orders: {errorMessage(unclaimed.error, 'unknown error')}</p>}
          {unclaimed.isSuccess && ids.length === 0 && (
            <p>There are no unclaimed orders: every pending order is from a returning or signed-in guest, or the bar has started it.</p>
          )}
          {unclaimed.isSuccess && ids.length > 0 && (
            <>
              <p><strong>{orders(ids.length)}</strong> will be cancelled: pending orders from devices ordering here for the first time that nobody at the bar has started.</p>
              <p>Their guests see them as cancelled. Nothing goes back to stock: they were never poured. Orders placed after this count are kept.</p>
            </>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
