// The admin's translations of the venue's drinks (docs/decisions/217): list them per language, save the admin's
// words (approved), approve a draft, remove one, and store Workers AI's drafts of the missing ones.
import { and, asc, eq } from 'drizzle-orm';
import { CONTENT_LANGUAGES, LANGUAGE_ENGLISH_NAMES, type ContentLanguage } from '../../shared/languages';
import {
  AI_DRAFTS_LOCAL_NOTE, type AdminTranslationDrink, type AdminTranslations, type DrinkTranslation, type TranslationInput,
} from '../../shared/schemas/translations';
import type { z } from 'zod';
import type { TranslationInput as TranslationInputSchema } from '../../shared/schemas/translations';
import type { VenueTexts } from '../../shared/schemas/venue';
import { menuDrinks, menuDrinkTranslations, venues } from '../db/schema';
import type { Db } from '../env';
import { ApiError, notFound } from '../lib/errors';
import { isCompleteTranslation } from './translations';
import { draftTranslations, TRANSLATION_DRAFT_BATCH } from '../ai';
import { MENU_DRINK_NOT_FOUND } from './menu-drinks';

type TranslationRow = typeof menuDrinkTranslations.$inferSelect;
type SavedInput = z.output<typeof TranslationInputSchema>;
export type { TranslationInput };

export const TRANSLATION_NOT_FOUND = 'No translation of this drink in that language';
export const VENUE_TEXTS_NOT_FOUND = "No translation of the venue's description in that language";
/** "Spanish": how summaries and messages name a language. */
export const languageName = (lang: ContentLanguage) => LANGUAGE_ENGLISH_NAMES[lang];

export function toDrinkTranslation(row: TranslationRow): DrinkTranslation {
  return {
    menu_drink_id: row.menuDrinkId, language: row.language, name: row.name, description: row.description,
    status: row.status, source: row.source, updated_at: row.updatedAt,
  };
}

async function venueWords(db: Db, venueId: string) {
  const row = await db.query.venues.findFirst({ columns: { name: true, defaultLanguage: true, description: true, textTranslations: true }, where: eq(venues.id, venueId) });
  if (!row) throw notFound('Venue not found');
  return row;
}

const venueLanguage = async (db: Db, venueId: string): Promise<ContentLanguage> => (await venueWords(db, venueId)).defaultLanguage;

/** A translation into the menu's own language would never be read: refused, naming the field. */
async function requireOtherLanguage(db: Db, venueId: string, lang: ContentLanguage, edit = 'the drink itself') {
  const own = await venueLanguage(db, venueId);
  if (lang === own) {
    const message = `The menu is written in ${languageName(own)}: edit ${edit}`;
    throw new ApiError(400, 'invalid_request', message, [{ path: 'lang', message }]);
  }
}

function stateOf(source: { name: string; description: string }, t: TranslationRow | null): AdminTranslationDrink['state'] {
  if (!t) return 'missing';
  if (t.status === 'draft') return 'draft';
  return isCompleteTranslation(source, t) ? 'translated' : 'incomplete';
}

/** Every drink of the venue by name (on the menu or not), with its translation in `lang` (or the first language other than the menu's). */
export async function listTranslations(db: Db, venueId: string, asked: ContentLanguage | undefined, aiAvailable: boolean): Promise<AdminTranslations> {
  const venue = await venueWords(db, venueId);
  const own = venue.defaultLanguage;
  const lang = asked ?? CONTENT_LANGUAGES.find((l) => l !== own)!;
  const rows = await db.select({ drink: { id: menuDrinks.id, name: menuDrinks.name, description: menuDrinks.description, category: menuDrinks.category }, t: menuDrinkTranslations })
    .from(menuDrinks)
    .leftJoin(menuDrinkTranslations, and(eq(menuDrinkTranslations.menuDrinkId, menuDrinks.id), eq(menuDrinkTranslations.language, lang)))
    .where(eq(menuDrinks.restaurantId, venueId))
    .orderBy(asc(menuDrinks.name), asc(menuDrinks.id));
  const drinks = rows.map(({ drink, t }) => ({ ...drink, translation: t ? toDrinkTranslation(t) : null, state: stateOf(drink, t) }));
  return {
    language: lang,
    default_language: own,
    venue: { description: venue.description, translation: venue.textTranslations[lang] ?? null },
    drinks,
    untranslated: lang === own ? 0 : drinks.filter((d) => d.state !== 'translated').length,
    ai_drafts: { available: aiAvailable, note: aiAvailable ? null : AI_DRAFTS_LOCAL_NOTE },
  };
}

async function findDrink(db: Db, venueId: string, drinkId: string) {
  const row = await db.query.menuDrinks.findFirst({ columns: { id: true, name: true, description: true }, where: and(eq(menuDrinks.id, drinkId), eq(menuDrinks.restaurantId, venueId)) });
  if (!row) throw notFound(MENU_DRINK_NOT_FOUND);
  return row;
}

const findTranslation = async (db: Db, drinkId: string, lang: ContentLanguage) =>
  (await db.query.menuDrinkTranslations.findFirst({ where: and(eq(menuDrinkTranslations.menuDrinkId, drinkId), eq(menuDrinkTranslations.language, lang)) })) ?? null;

/**
 * The admin's words for a drink in `lang`, saved approved (guests read them at once). Saving what is stored
 * already, approved, writes nothing (`changed: false`). Saving a draft's words unchanged approves it and keeps its
 * source; edited words are the admin's.
 */
export async function saveTranslation(db: Db, venueId: string, drinkId: string, lang: ContentLanguage, input: SavedInput) {
  const drink = await findDrink(db, venueId, drinkId);
  await requireOtherLanguage(db, venueId, lang);
  const before = await findTranslation(db, drinkId, lang);
  const sameWords = before !== null && before.name === input.name && before.description === input.description;
  if (sameWords && before.status === 'approved') return { drink, before: toDrinkTranslation(before), translation: toDrinkTranslation(before), changed: false };
  const values = {
    name: input.name, description: input.description, status: 'approved' as const,
    source: sameWords ? before.source : 'admin' as const, updatedAt: new Date().toISOString(),
  };
  await db.insert(menuDrinkTranslations).values({ menuDrinkId: drinkId, language: lang, restaurantId: venueId, ...values })
    .onConflictDoUpdate({ target: [menuDrinkTranslations.menuDrinkId, menuDrinkTranslations.language], set: values });
  const after = (await findTranslation(db, drinkId, lang))!;
  return { drink, before: before ? toDrinkTranslation(before) : null, translation: toDrinkTranslation(after), changed: true };
}

/** A draft made visible to guests as it is; approving an approved translation changes nothing. */
export async function approveTranslation(db: Db, venueId: string, drinkId: string, lang: ContentLanguage) {
  const drink = await findDrink(db, venueId, drinkId);
  const before = await findTranslation(db, drinkId, lang);
  if (!before) throw notFound(TRANSLATION_NOT_FOUND);
  if (before.status === 'approved') return { drink, translation: toDrinkTranslation(before), changed: false };
  await db.update(menuDrinkTranslations).set({ status: 'approved', updatedAt: new Date().toISOString() })
    .where(and(eq(menuDrinkTranslations.menuDrinkId, drinkId), eq(menuDrinkTranslations.language, lang)));
  return { drink, translation: toDrinkTranslation((await findTranslation(db, drinkId, lang))!), changed: true };
}

/** Removes the drink's translation in `lang`: guests asking for it read the venue's language again. */
export async function deleteTranslation(db: Db, venueId: string, drinkId: string, lang: ContentLanguage) {
  const drink = await findDrink(db, venueId, drinkId);
  const before = await findTranslation(db, drinkId, lang);
  if (!before) throw notFound(TRANSLATION_NOT_FOUND);
  await db.delete(menuDrinkTranslations).where(and(eq(menuDrinkTranslations.menuDrinkId, drinkId), eq(menuDrinkTranslations.language, lang)));
  return { drink, before: toDrinkTranslation(before) };
}

/**
 * The venue's description in `lang` (docs/decisions/265), read by guests at once like a drink's saved translation.
 * Saving what is stored already writes nothing (`changed: false`).
 */
export async function saveVenueTexts(db: Db, venueId: string, lang: ContentLanguage, input: VenueTexts) {
  await requireOtherLanguage(db, venueId, lang, 'the venue profile');
  const venue = await venueWords(db, venueId);
  const before = venue.textTranslations[lang] ?? null;
  if (before?.description === input.description) return { venue, before, translation: before, changed: false };
  const translation = { description: input.description };
  await db.update(venues).set({ textTranslations: { ...venue.textTranslations, [lang]: translation }, updatedAt: new Date().toISOString() }).where(eq(venues.id, venueId));
  return { venue, before, translation, changed: true };
}

/** Removes the venue's texts in `lang`: guests reading it read the venue's own words again. */
export async function deleteVenueTexts(db: Db, venueId: string, lang: ContentLanguage) {
  const venue = await venueWords(db, venueId);
  const before = venue.textTranslations[lang];
  if (!before) throw notFound(VENUE_TEXTS_NOT_FOUND);
  const rest = { ...venue.textTranslations };
  delete rest[lang];
  await db.update(venues).set({ textTranslations: rest, updatedAt: new Date().toISOString() }).where(eq(venues.id, venueId));
  return { venue, before };
}

/**
 * Workers AI's drafts for the drinks without any translation in `lang` (a draft or an approved one is left as it is),
 * a batch per call; stored as 'draft' from 'ai', hidden from guests until approved. Without the binding (locally)
 * nothing is asked and the answer says why.
 */
export async function draftMissingTranslations(db: Db, ai: Ai | undefined, venueId: string, lang: ContentLanguage) {
  if (!ai) throw new ApiError(409, 'ai_unavailable', AI_DRAFTS_LOCAL_NOTE);
  await requireOtherLanguage(db, venueId, lang);
  const own = await venueLanguage(db, venueId);
  const missing = (await db.select({ id: menuDrinks.id, name: menuDrinks.name, description: menuDrinks.description, translated: menuDrinkTranslations.name })
    .from(menuDrinks)
    .leftJoin(menuDrinkTranslations, and(eq(menuDrinkTranslations.menuDrinkId, menuDrinks.id), eq(menuDrinkTranslations.language, lang)))
    .where(eq(menuDrinks.restaurantId, venueId))
    .orderBy(asc(menuDrinks.name), asc(menuDrinks.id)))
    .filter((d) => d.translated === null);
  const batch = missing.slice(0, TRANSLATION_DRAFT_BATCH);
  if (batch.length === 0) return { drafted: 0, remaining: 0 };
  const drafts = await draftTranslations(ai, own, lang, batch);
  const now = new Date().toISOString();
  const rows = batch.flatMap((d) => {
    const draft = drafts.get(d.id);
    return draft ? [{ menuDrinkId: d.id, language: lang, restaurantId: venueId, ...draft, status: 'draft' as const, source: 'ai' as const, createdAt: now, updatedAt: now }] : [];
  });
  // A translation the admin saved while the model worked is theirs: a draft never replaces it.
  for (const row of rows) await db.insert(menuDrinkTranslations).values(row).onConflictDoNothing();
  return { drafted: rows.length, remaining: missing.length - rows.length };
}
