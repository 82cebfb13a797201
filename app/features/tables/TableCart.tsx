import { useState, type FormEvent } from 'react';
import { LineModifiers } from '../../ui/LineModifiers';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { formatCents } from '../../../shared/money';
import type { TableCartLine } from '../../../shared/schemas/tables';
import type { Venue } from '../../../shared/schemas/venue';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { GlassFacts } from '../../ui/GlassFacts';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { toast } from '../../ui/toast';
import { taxRateLabel } from '../guest/cart/cart-totals';
import { holdScreenPath, isApiError, TABLE_ERRORS, useRemoveTableLine, useSendRound, useUpdateTableLine, type TableView } from './api';
import { AiRoundButton } from './AiRoundButton';
import { tableRights, whoLabel } from './rights';
import './tables.css';
import { translate } from '../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { useDrinkName } from '../venues/drink-names';

/**
 * The cart page at a table (docs/decisions/231): one cart for the whole table, every line with who added it.
 * A member changes or removes their own lines (the host any line); the host, or everyone when the host allows
 * it, sends the cart as one round. While a round is being made the table keeps adding: the cart is the next round.
 */
export default function TableCart({ venue, view }: { venue: Venue; view: TableView }) {
  const { table } = view;
  const { t } = useLingui();
  const drinkName = useDrinkName();
  const rights = tableRights(view);
  const updateLine = useUpdateTableLine(table.session_id);
  const removeLine = useRemoveTableLine(table.session_id);
  const sendRound = useSendRound(table.session_id);
  const [instructions, setInstructions] = useState('');
  /** A round past the tab's card hold (docs/product.md §12.9): the server's words, and the way to a new hold. */
  const [overHold, setOverHold] = useState<string | null>(null);
  const lines = table.cart.lines;
  const unavailable = lines.some((l) => !l.available);
  const activeRound = table.rounds.find((r) => r.order_id === table.active_round_id) ?? null;
  const base = `/venue/${venue.slug}`;

  const refused = (err: unknown) => toast.error(err instanceof ApiRequestError ? err.message : t`Failed to update cart`);
  const changeQuantity = (line: TableCartLine, qty: number) => {
    if (qty <= 0) removeLine.mutate(line.id, { onError: refused });
    else updateLine.mutate({ lineId: line.id, qty }, { onError: refused });
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!rights.canSendNow || unavailable || sendRound.isPending) return;
    setOverHold(null);
    sendRound.mutate({ special_instructions: instructions.trim() || undefined }, {
      onSuccess: (answer) => {
        setInstructions('');
        const round = answer.table.rounds.find((r) => r.order_id === answer.table.active_round_id);
        toast.success(round ? t`Round ${{ number: round.number }} sent to the bar` : t`Round sent to the bar`);
      },
      onError: (err) => {
        if (isApiError(err, TABLE_ERRORS.holdExceeded)) setOverHold(err.message);
        else toast.error(errorMessage(err, t`Failed to send the round. Please try again.`));
      },
    });
  };

  return (
    <main className="guest-main stack">
      {table.status === 'billing' && (
        <p className="table-note" role="status">{t`The tab is being split: no more rounds.`} <Link to={`${base}/table/split`}>{t`Split bill`}</Link></p>
      )}
      {rights.open && activeRound && (
        <p className="table-note" role="status">
          {t`Round ${{ number: activeRound.number }} is being made. You're adding to the next round.`} <Link to={`${base}/table/tab`}>{t`Tab`}</Link>
        </p>
      )}
      {lines.length === 0 ? (
        <div className="empty-state stack">
          <p>{t`The table's cart is empty`}</p>
          <Link className="btn btn-primary" to={base}>{t`Browse Menu`}</Link>
        </div>
      ) : (
        <ul className="cart-list" aria-label={t`Cart items`}>
          {lines.map((line) => {
            const who = whoLabel(line.member_id, line.member_name, rights.you);
            const mine = line.member_id === rights.you;
            const changeable = rights.mayChangeLine(line);
            return (
              <li key={line.id} className="cart-line table-cart-line card" aria-label={t`${{ drink: drinkName(line) }}, added by ${who}`}>
                <div className="cart-line-body">
                  <p className="cart-line-name">{drinkName(line)}</p>
                  <p className="line-owner">{mine ? t`Added by you` : t`Added by ${{ name: line.member_name }}`}</p>
                  <p className="muted">{t`${{ price: formatCents(line.price_cents) }} each`}</p>
                  <LineModifiers choices={line.modifier_choices} label={t`Modifiers`} />
                  {line.notes && <p className="muted cart-line-notes">{t`Notes: ${{ notes: line.notes }}`}</p>}
                  <GlassFacts allergens={line.allergens} containsAlcohol={line.contains_alcohol} t={translate} />
                  {!line.available && <p className="badge badge-danger">{t`No longer available`}</p>}
                  <div className="row">
                    {changeable ? (
                      <QuantityStepper label={mine ? t`Quantity of ${{ drink: drinkName(line) }} for you` : t`Quantity of ${{ drink: drinkName(line) }} for ${{ name: line.member_name }}`} min={0} value={line.qty}
                        disabled={updateLine.isPending || removeLine.isPending} onChange={(qty) => changeQuantity(line, qty)} />
                    ) : (
                      <span>× {line.qty}</span>
                    )}
                    <span className="spacer" />
                    <span className="price">{formatCents(line.line_total_cents)}</span>
                  </div>
                  {!changeable && rights.open && <p className="muted line-owner">{t`Only ${{ name: line.member_name }} or the host can change this line`}</p>}
                </div>
                {changeable && (
                  <button type="button" className="icon-button" aria-label={t`Remove ${{ drink: drinkName(line) }} added by ${who}`} disabled={removeLine.isPending}
                    onClick={() => changeQuantity(line, 0)}>
                    <Trash2 aria-hidden="true" size={18} />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {rights.open && <AiRoundButton sessionId={table.session_id} you={rights.you} />}
      {lines.length > 0 && (
        <form className="stack" onSubmit={send}>
          {rights.maySend && (
            <section className="card stack" aria-label={t`Round details`}>
              <div className="field">
                <label htmlFor="round-instructions">{t`Special instructions (optional)`}</label>
                <textarea id="round-instructions" value={instructions} onChange={(e) => setInstructions(e.target.value)} />
              </div>
            </section>
          )}
          <section className="card summary" aria-label={t`Order summary`}>
            <dl>
              <div><dt>{t`Subtotal`}</dt><dd>{formatCents(table.cart.subtotal_cents)}</dd></div>
              <div><dt>{t`Tax (${{ rate: taxRateLabel(venue.tax_rate_bp) }})`}</dt><dd>{formatCents(table.cart.tax_cents)}</dd></div>
              <div className="summary-total"><dt>{t`Total`}</dt><dd>{formatCents(table.cart.total_cents)}</dd></div>
            </dl>
          </section>
          {unavailable && <p className="field-error" role="alert">{t`Remove the drinks that are no longer available to send the round.`}</p>}
          {overHold && (
            <div className="field-error stack" role="alert">
              <p>{overHold}</p>
              {/* The hold screen is a document of its own: its policy allows Stripe (docs/decisions/222). */}
              <Link className="btn btn-ghost btn-block" reloadDocument to={holdScreenPath(venue.slug)}>{t`Put down a new hold`}</Link>
            </div>
          )}
          {rights.maySend ? (
            <button type="submit" className="btn btn-primary btn-block" disabled={!rights.canSendNow || unavailable || sendRound.isPending}>
              {sendRound.isPending ? t`Sending round...` : t`Send round · ${{ price: formatCents(table.cart.total_cents) }}`}
            </button>
          ) : rights.open && (
            <p className="muted center">{t`The host sends the round when the table is ready.`}</p>
          )}
          {rights.maySend && rights.roundActive && <p className="muted center">{t`You can send it when the bar has made round ${{ number: activeRound?.number }}.`}</p>}
        </form>
      )}
    </main>
  );
}
