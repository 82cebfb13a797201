// After pick-up, the guest is asked to rate what they drank (docs/decisions/238): one tap on a star saves it through
// the drink page's own rating call; a guest not signed in is offered sign-in, as the drink page does.
import { useState } from 'react';
import { Link } from 'react-router';
import { Star } from 'lucide-react';
import { RATING_MAX } from '../../../../shared/constants';
import type { OrderItem } from '../../../../shared/schemas/order';
import { toast } from '../../../ui/toast';
import { useGuestSession } from '../../auth/hooks';
import { useRateDrink } from '../api';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useDrinkName } from '../../venues/drink-names';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

function RateDrink({ slug, drinkId, name }: { slug: string; drinkId: string; name: string }) {
  const { t } = useLingui();
  const rate = useRateDrink(slug, drinkId);
  const [stars, setStars] = useState(0);
  const save = (n: number) => {
    setStars(n);
    rate.mutate({ rating: n, notes: '' }, {
      onSuccess: () => toast.success(t`Thanks for rating!`),
      onError: () => { setStars(0); toast.error(t`Failed to save rating. Please try again.`); },
    });
  };
  return (
    <li className="rate-pickup-drink">
      <span>{name}</span>
      <span className="star-input" role="group" aria-label={t`Rate ${{ drink: name }}`}>
        {STARS.map((n) => (
          <button key={n} type="button" className={`icon-button${n <= stars ? ' star-on' : ''}`} aria-pressed={n <= stars} disabled={rate.isPending}
            aria-label={t`${plural({ count: n }, { one: '# star', other: '# stars' })}`} onClick={() => save(n)}>
            <Star aria-hidden="true" size={24} fill={n <= stars ? 'currentColor' : 'none'} />
          </button>
        ))}
      </span>
    </li>
  );
}

/** The menu drinks of a picked-up order, each once, with stars to rate it. */
export function RatePickupPrompt({ slug, items }: { slug: string; items: OrderItem[] }) {
  const { t } = useLingui();
  const drinkName = useDrinkName();
  const { signedIn } = useGuestSession();
  const drinks = [...new Map(items.filter((i) => i.menu_drink_id).map((i) => [i.menu_drink_id!, drinkName(i)])).entries()];
  if (drinks.length === 0) return null;
  return (
    <section className="card rate-pickup" aria-labelledby="rate-pickup-heading">
      <h2 id="rate-pickup-heading">{t`How was your drink?`}</h2>
      {signedIn ? (
        <ul className="stack">{drinks.map(([id, name]) => <RateDrink key={id} slug={slug} drinkId={id} name={name} />)}</ul>
      ) : (
        <p><Link to={`/venue/${slug}/auth`}>{t`Sign in to rate this drink`}</Link></p>
      )}
    </section>
  );
}
