// A drink's name on every screen after the menu (cart, confirmation, status, table cart, tab, split, history) in the
// guest's language (docs/decisions/265). Carts, orders and tabs keep the name as the venue wrote it; the screen
// reads the drink's name from the menu in the guest's language, the read the menu itself made, by the line's drink id.
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useLocale } from '../../i18n/i18n';
import { useVenueDrinks } from './api';

/** What a line says of its drink: the menu drink it is (none for an AI creation) and the name it was ordered by. */
export type NamedLine = { menu_drink_id?: string | null; name: string };

/**
 * `drinkName(line)`: the menu's name for the line's drink where the menu has it in the guest's language (an approved
 * translation), else the line's own name: a drink the venue has not translated, or one no longer on the menu.
 */
export function useDrinkName(): (line: NamedLine) => string {
  const { slug } = useParams<{ slug: string }>();
  const locale = useLocale();
  const { data: drinks } = useVenueDrinks(slug);
  return useMemo(() => {
    const names = new Map((drinks ?? []).filter((d) => d.lang === locale).map((d) => [d.id, d.name]));
    return (line: NamedLine) => (line.menu_drink_id ? names.get(line.menu_drink_id) : undefined) ?? line.name;
  }, [drinks, locale]);
}
