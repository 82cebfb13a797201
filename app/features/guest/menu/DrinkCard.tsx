import type { Drink } from '../../../../shared/schemas/drink';
import { categoryName } from '../../../../shared/categories';
import type { ActiveHappyHour } from '../../../../shared/happy-hour';
import { DrinkPrice } from '../pricing/happy-hour';
import { DrinkImage } from '../../../ui/DrinkImage';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { contentLang } from './content-lang';
import { allergenList } from '../../../../shared/content-words';

/** The face of a drink in a grid: image, name, description, price with two decimals, category. */
export function DrinkCardBody({ drink, venueName, happyHour = null }: { drink: Drink; venueName: string; happyHour?: ActiveHappyHour | null }) {
  const { t } = useLingui();
  return (
    <>
      {/* Thumbnails yield to the cover and the page's code on a slow link (docs/decisions/219). */}
      <DrinkImage src={drink.image_url} width={200} height={200} loading="lazy" fetchPriority="low" />
      <span className="drink-card-body">
        <span className="drink-name" lang={contentLang(drink)}>{drink.name}</span>
        <span className="drink-description" lang={contentLang(drink)}>{drink.description}</span>
        {drink.allergens.length > 0 && <span className="drink-allergens"><strong>{t`Contains:`}</strong> {allergenList(translate, drink.allergens)}</span>}
        {drink.unchecked_ingredients.length > 0 && <span className="drink-allergens">{t`May contain allergens we could not check: ${{ ingredients: drink.unchecked_ingredients.join(', ') }}`}</span>}
        <span className="drink-meta">
          <DrinkPrice priceCents={drink.price_cents} category={drink.category} active={happyHour} />
          <span className="badge">{categoryName(translate, drink.category, venueName)}</span>
          {!drink.contains_alcohol && <span className="badge badge-success">{t`Alcohol-free`}</span>}
        </span>
      </span>
    </>
  );
}

export { categoryName };
