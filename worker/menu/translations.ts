// A venue's own content in the guest's language (docs/decisions/217): a drink's name and description come from an
// approved translation only when it is complete, and otherwise both stay in the venue's language, never mixed.
import { and, eq } from 'drizzle-orm';
import type { ContentLanguage } from '../../shared/languages';
import type { Drink } from '../../shared/schemas/drink';
import { menuDrinkTranslations } from '../db/schema';
import type { Db } from '../env';

export type TranslationText = { name: string; description: string };

/**
 * A translation guests may read in place of the source: a name, and a description whenever the source has one (a
 * translated name over an untranslated description would mix two languages on one card).
 */
export function isCompleteTranslation(source: TranslationText, translation: TranslationText): boolean {
  return translation.name.trim() !== '' && (source.description.trim() === '' || translation.description.trim() !== '');
}

/**
 * The drink as a guest asking for `lang` reads it. `translation` is the approved one in `lang`, if any; drafts are
 * never passed here. Without `lang`, or in the venue's own language, the drink is as written.
 */
export function localiseDrink<D extends Drink>(drink: D, lang: ContentLanguage | undefined, translation: TranslationText | null | undefined): D {
  if (!lang || lang === drink.lang || !translation || !isCompleteTranslation(drink, translation)) return drink;
  return { ...drink, name: translation.name, description: translation.description, lang };
}

/** The approved translation of one drink in `lang`, or null. */
export async function approvedTranslation(db: Db, drinkId: string, lang: ContentLanguage): Promise<TranslationText | null> {
  const [row] = await db.select({ name: menuDrinkTranslations.name, description: menuDrinkTranslations.description })
    .from(menuDrinkTranslations)
    .where(and(eq(menuDrinkTranslations.menuDrinkId, drinkId), eq(menuDrinkTranslations.language, lang), eq(menuDrinkTranslations.status, 'approved')))
    .limit(1);
  return row ?? null;
}
