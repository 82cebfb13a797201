import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Star } from 'lucide-react';
import { RATING_MAX } from '../../../../shared/constants';
import type { DrinkDetail } from '../../../../shared/schemas/drink';
import { toast } from '../../../ui/toast';
import { useGuestSession } from '../../auth/hooks';
import { useRateDrink } from '../api';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** Average and count of the drink's ratings, and the guest's own 1–5 rating with notes. */
export function RatingPanel({ drink, slug }: { drink: DrinkDetail; slug: string }) {
  const { t } = useLingui();
  const { signedIn } = useGuestSession();
  const rate = useRateDrink(slug, drink.id);
  const [stars, setStars] = useState(drink.my_rating?.rating ?? 0);
  const [notes, setNotes] = useState(drink.my_rating?.notes ?? '');
  const { average, count } = drink.rating;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (stars < 1) return;
    rate.mutate({ rating: stars, notes }, {
      onSuccess: () => toast.success(t`Thanks for rating!`),
      onError: () => toast.error(t`Failed to save rating. Please try again.`),
    });
  };

  return (
    <section className="card rating-panel" aria-labelledby="ratings-heading">
      <h2 id="ratings-heading">{t`Ratings`}</h2>
      <p className="rating-summary">
        {count === 0 ? t`No ratings yet` : (
          <>
            <Star aria-hidden="true" size={18} fill="currentColor" className="star-on" />
            <strong>{average?.toFixed(1)}</strong>
            <span className="muted">{t`${plural(count, { one: '(# rating)', other: '(# ratings)' })}`}</span>
          </>
        )}
      </p>
      {signedIn ? (
        <form className="stack" onSubmit={submit}>
          <fieldset className="star-input">
            <legend>{t`Your rating`}</legend>
            {STARS.map((n) => (
              <label key={n} className={n <= stars ? 'star-on' : ''}>
                <input type="radio" name="rating" value={n} className="visually-hidden" checked={stars === n} onChange={() => setStars(n)} />
                <Star aria-hidden="true" size={28} fill={n <= stars ? 'currentColor' : 'none'} />
                <span className="visually-hidden">{t`${plural({ count: n }, { one: '# star', other: '# stars' })}`}</span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="rating-notes">{t`Notes (optional)`}</label>
            <textarea id="rating-notes" maxLength={500} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <button type="submit" className="btn" disabled={stars < 1 || rate.isPending}>
            {rate.isPending ? t`Saving...` : drink.my_rating ? t`Update Rating` : t`Save Rating`}
          </button>
        </form>
      ) : (
        <p><Link to={`/venue/${slug}/auth`}>{t`Sign in to rate this drink`}</Link></p>
      )}
    </section>
  );
}
