import type { AiSuggestion } from '../../../../../shared/schemas/ai';
import { formatCents, orderTotals } from '../../../../../shared/money';
import { Modal } from '../../../../ui/Modal';
import { StaffConfirmWarning } from './StaffConfirmWarning';
import { useLingui } from '@lingui/react/macro';

type Props = {
  suggestion: AiSuggestion;
  taxRateBp: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * "Order Now" on a suggestion places a paid order: the guest sees what it costs, tax included, and what the bar
 * will be told, before it is placed (docs/decisions/190). Cancel is focused first.
 */
export function OrderNowDialog({ suggestion: s, taxRateBp, busy, onConfirm, onCancel }: Props) {
  const { t } = useLingui();
  const totals = orderTotals([{ unitPriceCents: s.price_cents, quantity: 1 }], taxRateBp);
  const total = formatCents(totals.totalCents);
  return (
    <Modal title={t`Order ${{ drink: s.previewName }}?`} onClose={onCancel}>
      <div className="stack">
        <p>{t`1 × ${{ drink: s.previewName }} · ${{ subtotal: formatCents(totals.subtotalCents) }}, tax ${{ tax: formatCents(totals.taxCents) }}`}</p>
        <p className="order-now-total"><strong>{t`Total ${total}`}</strong></p>
        {s.order_note && <p>{t`The bar will see:`} <strong>{s.order_note}</strong></p>}
        <StaffConfirmWarning text={s.confirm_with_staff} />
      </div>
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" data-autofocus onClick={onCancel}>{t`Cancel`}</button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onConfirm}>{busy ? t`Ordering...` : t`Place order · ${total}`}</button>
      </div>
    </Modal>
  );
}
