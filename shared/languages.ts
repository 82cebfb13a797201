import { z } from 'zod';

/**
 * The languages a guest may read a venue in (docs/decisions/217): a venue's own content (drink names and
 * descriptions) is translated into them, and a venue writes its menu in one of them (its default language).
 */
export const CONTENT_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export const ContentLanguage = z.enum(CONTENT_LANGUAGES, { error: 'Language is one of en, es, fr, de' });
export type ContentLanguage = z.infer<typeof ContentLanguage>;

/** Each language by its own name, as the admin's pickers show it. */
export const LANGUAGE_NAMES: Record<ContentLanguage, string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' };
/** Each language by its English name: what the AI is told to answer in. */
export const LANGUAGE_ENGLISH_NAMES: Record<ContentLanguage, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German' };
