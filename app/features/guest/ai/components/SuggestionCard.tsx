import { GlassFacts } from '../../../../ui/GlassFacts';
import { lazy, Suspense, useState } from 'react';
import { ShoppingCart, ThumbsDown, ThumbsUp, Zap } from 'lucide-react';
import type { AiSuggestion } from '../../../../../shared/schemas/ai';
import { DEFAULT_TAX_RATE_BP } from '../../../../../shared/constants';
import { formatCents } from '../../../../../shared/money';
import { paysFirst } from '../../../../../shared/pays-first';
import { DrinkImage } from '../../../../ui/DrinkImage';
import { toast } from '../../../../ui/toast';
import { useSuggestionFeedback } from '../suggestion-api';
import { useSuggestionOrdering } from '../useSuggestionOrdering';
import { Link, useOutletContext } from 'react-router';
import type { VenueContext } from '../../venue/VenueLayout';
import { StaffConfirmWarning } from './StaffConfirmWarning';
import { translate } from '../../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { contentWord } from '../../../../../shared/content-words';

// Fetched on the first 'Order Now': the AI pages' first download stays in budget (docs/decisions/219 and 238).
const OrderNowDialog = lazy(() => import('./OrderNowDialog').then((m) => ({ default: m.OrderNowDialog })));

type Props = {
  suggestion: AiSuggestion;
  /** The venue's slug: its cart and active order (app/features/guest/ai/useSuggestionOrdering.ts). */
  slug: string;
  /** Heading level: the vibe result is a section of its page, a chat card sits inside a message. */
  headingLevel?: 2 | 3;
};

const BACKEND_LABEL = { 'workers-ai': /*i18n*/ 'Workers AI', local: /*i18n*/ 'Barhop local engine' } as const;

/** One suggestion: picture, name, price, tags, blurb, allergens, recipe, order actions, like/dislike. */
export function SuggestionCard({ suggestion: s, slug, headingLevel = 2 }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useLingui();
  const ordering = useSuggestionOrdering(slug);
  const feedback = useSuggestionFeedback();
  const [rated, setRated] = useState<'like' | 'dislike' | null>(null);
  const [confirmingOrder, setConfirmingOrder] = useState(false);
  // At one of the venue's tables (docs/decisions/231); absent outside the venue frame.
  const venueContext = useOutletContext<VenueContext | undefined>();
  const table = venueContext?.table;
  // A venue that takes payment first is paid from the cart; its bar refuses an unpaid quick order (docs/decisions/241).
  const canOrderNow = !table && !(venueContext && paysFirst(venueContext.venue));
  const rate = (value: 'like' | 'dislike') => {
    feedback.mutate({ interactionId: s.interaction_id, feedback: value }, {
      onSuccess: () => { setRated(value); toast.success(t`Thanks for the feedback!`); },
      onError: () => toast.error(t`Failed to save your feedback`),
    });
  };

  return (
    <article className="card suggestion-card" aria-label={t`Suggestion: ${{ name: s.previewName }}`}>
      <DrinkImage src={s.heroImageUrl} alt={s.previewName} width={320} height={320} className="suggestion-image" />
      <div className="suggestion-body stack">
        <div className="row suggestion-title">
          <Heading>{s.previewName}</Heading>
          <span className="spacer" />
          <span className="price">{formatCents(s.price_cents)}</span>
        </div>
        <p className="muted suggestion-kind">{s.type === 'creation' ? t`AI Creation` : t`From the menu`}</p>
        {s.tags.length > 0 && (
          <ul className="tag-list" aria-label={t`Tags`}>
            {s.tags.map((tag) => <li key={tag} className="badge badge-info">{contentWord(translate, tag)}</li>)}
          </ul>
        )}
        <p>{s.blurb}</p>
        {s.garnish && <p className="muted">{t`Garnish: ${{ garnish: s.garnish }}`}</p>}
        <GlassFacts allergens={s.allergens} containsAlcohol={s.contains_alcohol} unchecked={s.unchecked_ingredients} t={translate} />
        <StaffConfirmWarning text={s.confirm_with_staff} />
        {s.type === 'creation' && s.recipe.length > 0 && (
          <details className="suggestion-recipe">
            <summary>{t`Recipe`}</summary>
            <ul>{s.recipe.map((l) => <li key={l.ingredient}>{l.quantity} {l.unit} {l.ingredient}</li>)}</ul>
          </details>
        )}
        <div className="row suggestion-actions">
          {!table && ordering.activeOrder && ordering.statusPath ? (
            <Link className="btn btn-primary" to={ordering.statusPath}>{t`View Order Status`}</Link>
          ) : (
            <>
              {/* At a table the suggestion goes to the table's cart, for its next round (docs/decisions/231). */}
              <button type="button" className="btn" disabled={table ? !table.open : ordering.adding}
                onClick={() => (table ? table.addSuggestion(s) : ordering.addToCart(s))}>
                <ShoppingCart aria-hidden="true" size={18} />{ordering.adding ? t`Adding...` : table ? t`Add to table cart` : t`Add to Cart`}
              </button>
              {canOrderNow && (
                <button type="button" className="btn btn-primary" disabled={ordering.ordering} onClick={() => setConfirmingOrder(true)}>
                  <Zap aria-hidden="true" size={18} />{ordering.ordering ? t`Ordering...` : t`Order Now`}
                </button>
              )}
            </>
          )}
        </div>
        <div className="row suggestion-feedback">
          <span className="muted">{t`Suggested by ${{ engine: translate(BACKEND_LABEL[s.backend]) }}`}</span>
          <span className="spacer" />
          <button type="button" className="btn btn-ghost btn-small" aria-label={t`Like this suggestion`} aria-pressed={rated === 'like'} disabled={feedback.isPending} onClick={() => rate('like')}>
            <ThumbsUp aria-hidden="true" size={16} />
          </button>
          <button type="button" className="btn btn-ghost btn-small" aria-label={t`Dislike this suggestion`} aria-pressed={rated === 'dislike'} disabled={feedback.isPending} onClick={() => rate('dislike')}>
            <ThumbsDown aria-hidden="true" size={16} />
          </button>
        </div>
      </div>
      {confirmingOrder && (
        <Suspense fallback={null}>
          <OrderNowDialog
            suggestion={s} taxRateBp={venueContext?.venue.tax_rate_bp ?? DEFAULT_TAX_RATE_BP} busy={ordering.ordering}
            onCancel={() => setConfirmingOrder(false)}
            onConfirm={() => { void ordering.orderNow(s).finally(() => setConfirmingOrder(false)); }}
          />
        </Suspense>
      )}
    </article>
  );
}
