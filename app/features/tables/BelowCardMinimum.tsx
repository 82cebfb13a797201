// A share below the card minimum for the currency is paid at the bar (shared/payment-methods.ts): the split and the
// pay screen say so in the Worker's words (worker/tables/card.ts), and offer no card for it.
import { formatCents } from '../../../shared/money';
import { CARD_MINIMUM_CENTS, VENUE_CURRENCY } from '../../../shared/payment-methods';
import { useLingui } from '@lingui/react/macro';

/** "Pay this at the bar: a card pays $0.50 or more". */
export function BelowCardMinimum() {
  const { t } = useLingui();
  return <span className="table-note"><strong>{t`Pay this at the bar`}</strong>: {t`a card pays ${{ minimum: formatCents(CARD_MINIMUM_CENTS[VENUE_CURRENCY]!) }} or more`}</span>;
}
