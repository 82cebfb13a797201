/**
 * The languages a guest may read a venue in: the guest app speaks them (docs/decisions/216), a venue's own content
 * (drink names and descriptions) is translated into them, and a venue writes its menu in one of them, its default
 * language (docs/decisions/217). Free of zod, so the guest's first download can read it (docs/decisions/080);
 * the wire schema is shared/schemas/language.ts.
 */
export const CONTENT_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** Each language by its own name: a guest looks for the one they read, and the admin's pickers show it so. */
export const LANGUAGE_NAMES: Record<ContentLanguage, string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' };
/** Each language by its English name: what the AI is told to answer in. */
export const LANGUAGE_ENGLISH_NAMES: Record<ContentLanguage, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German' };
