// The menu's search: loaded when idle after the menu's first paint, or at the first letter typed (docs/decisions/275).
import { osaDistance } from '../../../../shared/edit-distance';
import type { Drink } from '../../../../shared/schemas/drink';

/** Case, accents and punctuation aside: "Piña-Colada" reads "pina colada". */
const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ');

/** A typed word finds a word of the drink's that starts with it, or is it with a typo (one in 4+ letters, two in 7+). */
const wordMatches = (typed: string, words: string[]) => words.some((w) =>
  w.startsWith(typed) || (typed.length >= 4 && osaDistance(typed, w.slice(0, typed.length + 1)) <= (typed.length >= 7 ? 2 : 1)));

/**
 * The menu's search (docs/decisions/238): every word typed must be found, with a typo or two, among the drink's
 * name, description, flavour tags and `extra` words (its category in the guest's language and in English, and
 * "alcohol-free" in both for a drink without alcohol). A chip narrows to one category.
 */
export function filterDrinks(drinks: Drink[], query: string, category: string | null, extra: (d: Drink) => string = () => ''): Drink[] {
  const typed = fold(query).split(' ').filter(Boolean);
  return drinks.filter((d) => {
    if (category && d.category !== category) return false;
    if (typed.length === 0) return true;
    const words = fold(`${d.name} ${d.description} ${d.tags.join(' ')} ${d.category} ${extra(d)}`).split(' ').filter(Boolean);
    return typed.every((t) => wordMatches(t, words));
  });
}
