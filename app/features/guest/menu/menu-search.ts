// The menu's search (docs/decisions/238): the matching and the words a drink is found by beyond its own, loaded when
// idle or at the first letter typed (docs/decisions/275).
import { t } from '@lingui/core/macro';
import { categoryLabel, categoryName } from '../../../../shared/categories';
import type { Drink } from '../../../../shared/schemas/drink';
import { translate } from '../../../i18n/i18n';
import { filterDrinks } from './menu-filter';

/**
 * The drinks `query` finds, by their own words and their category and "alcohol-free", in the guest's language and in
 * English.
 */
export function searchMenu(drinks: Drink[], query: string, venueName: string): Drink[] {
  const nonAlcoholic = ` ${t`Non-Alcoholic`} non alcoholic alcohol free`;
  return filterDrinks(drinks, query, null, (d) => `${categoryName(translate, d.category, venueName)} ${categoryLabel(d.category)}${d.contains_alcohol ? '' : nonAlcoholic}`);
}
