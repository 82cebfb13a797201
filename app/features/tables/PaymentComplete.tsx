import { CheckCircle2 } from 'lucide-react';
import type { TableState } from '../../../shared/schemas/tables';
import { useLingui } from '@lingui/react/macro';

/** Every share recorded paid and nothing left owed: the tab closed as paid (docs/decisions/231). */
export function isPaidInFull(table: Pick<TableState, 'status' | 'closed_reason' | 'shares' | 'tab'>) {
  if (table.status === 'closed' && table.closed_reason === 'paid') return true;
  const live = table.shares.filter((s) => s.payment_status !== 'void');
  return table.status !== 'open' && live.length > 0 && table.tab.owed_cents === 0 && live.every((s) => s.payment_status === 'captured');
}

export function PaymentComplete({ table }: { table: Pick<TableState, 'table'> }) {
  const { t } = useLingui();
  return (
    <section className="card payment-complete" role="status" aria-label={t`Payment Complete`}>
      <CheckCircle2 aria-hidden="true" size={40} />
      <h2>{t`Payment Complete`}</h2>
      <p>{t`Every share of table ${{ table: table.table }}'s tab is paid. Thank you!`}</p>
    </section>
  );
}
