import { GlassFacts } from '../../../ui/GlassFacts';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import { formatCents } from '../../../../shared/money';
import type { DrinkDetail } from '../../../../shared/schemas/drink';
import type { Venue } from '../../../../shared/schemas/venue';
import { FavoriteButton } from '../../../ui/FavoriteButton';
import { QuantityStepper } from '../../../ui/QuantityStepper';
import { toast } from '../../../ui/toast';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { contentWord } from '../../../../shared/content-words';
import { contentLang } from '../menu/content-lang';
import { useGuestSession } from '../../auth/hooks';
import { useSetCartItem } from '../../orders/api';
import { useFavorites, useToggleFavorite } from '../api';
import { useActiveOrderGuard } from '../orders/active-order';
import { GuestHeader, type HeaderBack } from '../venue/GuestHeader';
import type { VenueContext } from '../venue/VenueLayout';
import { DrinkPrice, HappyHourBanner, useHappyHour } from '../pricing/happy-hour';
import { scheduledPriceCents, type ActiveHappyHour } from '../../../../shared/happy-hour';
import { DrinkImage } from '../../../ui/DrinkImage';
import type { ModifierChoice } from './ModifierPicker';

const happyHourCovers = (drink: { price_cents: number; category: string }, active: ActiveHappyHour | null) =>
  scheduledPriceCents(drink.price_cents, drink.category, active) !== drink.price_cents;

const ModifierPicker = lazy(() => import('./ModifierPicker'));
// The ratings sit last on the page, below the fold: their chunk loads after the page's (docs/decisions/217).
const RatingPanel = lazy(() => import('./RatingPanel').then((m) => ({ default: m.RatingPanel })));

type Props = { venue: Venue; table: VenueContext['table']; drink: DrinkDetail; back: HeaderBack };

/**
 * The drink page once its drink is read (app/features/guest/drink/DrinkPage.tsx): the drink, its price, options and
 * the order box; fetched beside the drink's read (docs/decisions/275).
 */
export function DrinkDetails({ venue, table, drink, back }: Props) {
  const { t } = useLingui();
  const happyHour = useHappyHour(venue);
  const navigate = useNavigate();
  const location = useLocation();
  const { signedIn } = useGuestSession();
  const favorites = useFavorites(venue.slug);
  const toggleFavorite = useToggleFavorite(venue.slug);
  const addToCart = useSetCartItem(venue.slug);
  const activeOrder = useActiveOrderGuard(venue.slug);
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState('');
  // The guest's options, as the picker reports them for this drink; a new picker (a new key) after each add.
  const [chosen, setChosen] = useState<(ModifierChoice & { drinkId: string }) | null>(null);
  const [pickerRound, setPickerRound] = useState(0);
  const groups = useMemo(() => drink.modifier_groups ?? [], [drink]);
  const drinkIdForChoice = drink.id;
  const onChoice = useCallback((choice: ModifierChoice) => { setChosen({ ...choice, drinkId: drinkIdForChoice }); }, [drinkIdForChoice]);
  const authPath = `/venue/${venue.slug}/auth`;

  const favorited = (favorites.data ?? []).some((f) => f.menu_drink_id === drink.id);
  const onFavorite = () => {
    if (!signedIn) { navigate(authPath); return; }
    toggleFavorite.mutate(drink.id, {
      onSuccess: ({ favorited: now }) => toast.success(now ? t`Added to favorites` : t`Removed from favorites`),
      onError: () => toast.error(t`Failed to update favorites`),
    });
  };
  // Until the picker has reported, a drink with options cannot be added (its price is not known yet).
  const choice = groups.length === 0 ? null : chosen?.drinkId === drink.id ? chosen : undefined;
  // What the server will charge (docs/decisions/197): the drink at its happy-hour price, plus its options.
  const unitCents = scheduledPriceCents(drink.price_cents, drink.category, happyHour) + (choice?.priceDeltaCents ?? 0);
  const onAddToCart = () => {
    if (choice === undefined) return;
    if (choice?.problem) { toast.error(choice.problem); return; }
    const line = { menu_drink_id: drink.id, qty: quantity, notes: notes.trim() || undefined, ...(choice?.ids.length ? { modifiers: choice.ids } : {}) };
    const named = choice?.label ? `${drink.name} (${choice.label})` : drink.name;
    const label = `${quantity} × ${named}`;
    const added = () => {
      setQuantity(1);
      setNotes('');
      setChosen(null);
      setPickerRound((n) => n + 1);
    };
    // At a table the drink goes to the table's cart: no sign-in, never blocked by a round (docs/decisions/231).
    if (table) return table.add(line, label, added);
    if (!signedIn) {
      // Sign-in brings the guest back here and adds the drink (docs/decisions/126). The flow's module loads on this
      // tap, not with the page: the sign-in page reads it anyway (bundle budget, docs/decisions/219).
      const back = { returnTo: location.pathname, add: { ...line, name: named } };
      void import('../../auth/sign-in-return').then(({ rememberSignInReturn }) => {
        rememberSignInReturn(venue.slug, back);
        navigate(authPath);
      });
      return;
    }
    addToCart.mutate({ ...line, mode: 'add' }, {
      onSuccess: () => {
        toast.success(t`Added ${label} to cart`);
        added();
      },
      onError: (err) => { if (!activeOrder.handleFailure(err)) toast.error(t`Failed to add to cart`); },
    });
  };

  return (
    <>
      <GuestHeader title={drink.name} subtitle={venue.name} back={back} />
      <main className="guest-main drink-detail">
        {/* Name, price and Add come in the first screen on a phone; the art is a band, not the page (docs/decisions/184). */}
        <div className="drink-hero">
          <DrinkImage src={drink.image_url} alt={drink.name} width={640} height={640} />
        </div>
        <div className="drink-title-row">
          <div>
            <h2 className="drink-detail-name" lang={contentLang(drink)}>{drink.name}</h2>
            <p className="drink-detail-price-line"><DrinkPrice priceCents={drink.price_cents} category={drink.category} active={happyHour} className="price drink-detail-price" /></p>
            <HappyHourBanner active={happyHourCovers(drink, happyHour) ? happyHour : null} />
          </div>
          <FavoriteButton favorited={favorited} drinkName={drink.name} busy={toggleFavorite.isPending} onToggle={onFavorite} />
        </div>
        <GlassFacts allergens={drink.allergens} containsAlcohol={drink.contains_alcohol} unchecked={drink.unchecked_ingredients} t={translate} />
        <section className="card stack order-box" aria-label={t`Order`}>
          {groups.length > 0 && (
            <Suspense fallback={<p className="muted" role="status">{t`Loading options...`}</p>}>
              <ModifierPicker key={`${drink.id}:${pickerRound}`} drinkName={drink.name} groups={groups} onChange={onChoice} />
            </Suspense>
          )}
          <div className="row order-box-actions">
            <QuantityStepper label={t`Quantity`} value={quantity} onChange={setQuantity} />
            {!table && activeOrder.active ? (
              <Link className="btn btn-primary order-box-add" to={activeOrder.statusPath!}>{t`View Order Status`}</Link>
            ) : (
              <button type="button" className="btn btn-primary order-box-add" disabled={(table ? !table.open : addToCart.isPending) || choice === undefined} onClick={onAddToCart}>
                <ShoppingCart aria-hidden="true" size={18} />
                {addToCart.isPending ? t`Adding...` : (table ? t`Add to table cart · ${{ price: formatCents(unitCents * quantity) }}` : t`Add to Cart · ${{ price: formatCents(unitCents * quantity) }}`)}
              </button>
            )}
          </div>
          <div className="field">
            <label htmlFor="drink-notes">{t`Special notes (optional)`}</label>
            <textarea id="drink-notes" rows={2} maxLength={500} placeholder={t`Extra lime...`} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
        </section>
        <p lang={contentLang(drink)}>{drink.description}</p>
        {drink.ingredients_notes && <p className="drink-ingredients" data-testid="drink-ingredients"><strong>{t`Ingredients:`}</strong> {drink.ingredients_notes}</p>}
        {drink.tags.length > 0 && (
          <ul className="tag-list" aria-label={t`Tags`}>
            {drink.tags.map((tag) => <li key={tag} className="badge badge-info">{contentWord(translate, tag)}</li>)}
          </ul>
        )}
        <Suspense fallback={null}>
          <RatingPanel key={`${drink.id}:${drink.my_rating?.rating ?? 0}`} drink={drink} slug={venue.slug} />
        </Suspense>
      </main>
    </>
  );
}
