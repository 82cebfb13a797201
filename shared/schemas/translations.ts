// The venue admin's translations of its own content (docs/decisions/217): each menu drink's name and description in
// the languages guests read, approved by the admin before guests see them.
import { z } from 'zod';
import { ContentLanguage } from './language';
import { VenueTexts } from './venue';

export const TRANSLATION_STATUSES = ['approved', 'draft'] as const;
export const TRANSLATION_SOURCES = ['admin', 'ai'] as const;

/** GET /api/admin/translations: the language shown; without one, the first other than the menu's own. */
export const TranslationsQuery = z.object({ lang: ContentLanguage.optional() });

/** /api/admin/translations/:id/:lang — the drink and the language. */
export const TranslationParams = z.object({ id: z.string().min(1).max(100), lang: ContentLanguage });

/** PUT /api/admin/translations/:id/:lang: the admin's words, saved approved. */
export const TranslationInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is at most 120 characters'),
  description: z.string().trim().max(2000, 'Description is at most 2,000 characters').default(''),
});
export type TranslationInput = z.input<typeof TranslationInput>;

/** /api/admin/translations/venue/:lang — the language of the venue's own texts (docs/decisions/265). */
export const VenueTextsParams = z.object({ lang: ContentLanguage });

/** PUT /api/admin/translations/venue/:lang: the venue's description in that language, read by guests at once. */
export const VenueTextsInput = z.object({
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(2000, 'Description is at most 2,000 characters'),
});
export type VenueTextsInput = z.input<typeof VenueTextsInput>;

/** The venue's own texts beside their translation into the language shown. */
export const AdminVenueTexts = z.object({
  /** In the venue's default language. */
  description: z.string(),
  translation: VenueTexts.nullable(),
});
export type AdminVenueTexts = z.infer<typeof AdminVenueTexts>;

export const VenueTextsResponse = z.object({ translation: VenueTexts.nullable(), changed: z.boolean() });
export type VenueTextsResponse = z.infer<typeof VenueTextsResponse>;

/** POST /api/admin/translations/ai-drafts: drafts for the drinks without a translation in `lang`. */
export const AiDraftsInput = z.object({ lang: ContentLanguage });
export type AiDraftsInput = z.input<typeof AiDraftsInput>;

export const DrinkTranslation = z.object({
  menu_drink_id: z.string(),
  language: ContentLanguage,
  name: z.string(),
  description: z.string(),
  /** Guests read only 'approved'; a 'draft' waits for the admin. */
  status: z.enum(TRANSLATION_STATUSES),
  /** 'ai': drafted by Workers AI; 'admin': typed (or edited) by the admin. */
  source: z.enum(TRANSLATION_SOURCES),
  updated_at: z.string(),
});
export type DrinkTranslation = z.infer<typeof DrinkTranslation>;

/**
 * What guests asking for the language read of a drink: 'translated' (approved and complete), 'draft' (waiting for
 * the admin), 'incomplete' (approved but without the description the source has: guests read the source) or
 * 'missing' (none).
 */
export const TRANSLATION_STATES = ['translated', 'draft', 'incomplete', 'missing'] as const;

export const AdminTranslationDrink = z.object({
  id: z.string(),
  /** The venue's own words, in its default language. */
  name: z.string(),
  description: z.string(),
  category: z.string(),
  translation: DrinkTranslation.nullable(),
  state: z.enum(TRANSLATION_STATES),
});
export type AdminTranslationDrink = z.infer<typeof AdminTranslationDrink>;

export const AdminTranslations = z.object({
  language: ContentLanguage,
  /** The venue's own language: translating into it changes nothing guests read. */
  default_language: ContentLanguage,
  /** The venue's description and its translation in `language` (docs/decisions/265). */
  venue: AdminVenueTexts,
  /** Every drink of the menu by name, each with its translation in `language`. */
  drinks: z.array(AdminTranslationDrink),
  /** Drinks guests read in the venue's language when asking for `language` (missing, draft or incomplete). */
  untranslated: z.number().int(),
  /** Whether "Draft with AI" can run here (Workers AI is bound only when deployed), and if not, why. */
  ai_drafts: z.object({ available: z.boolean(), note: z.string().nullable() }),
});
export type AdminTranslations = z.infer<typeof AdminTranslations>;

export const TranslationResponse = z.object({ translation: DrinkTranslation, changed: z.boolean() });
export type TranslationResponse = z.infer<typeof TranslationResponse>;

export const AiDraftsResponse = z.object({
  /** Drafts stored by this call (status 'draft', source 'ai'). */
  drafted: z.number().int(),
  /** Drinks still without a translation in the language (a call drafts a batch at most). */
  remaining: z.number().int(),
});
export type AiDraftsResponse = z.infer<typeof AiDraftsResponse>;

/** Said wherever "Draft with AI" cannot run: Workers AI is bound only when Barhop runs on Cloudflare. */
export const AI_DRAFTS_LOCAL_NOTE = 'AI drafts are made when Barhop runs on Cloudflare; here, type the translations in.';
