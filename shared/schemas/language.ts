import { z } from 'zod';
import { CONTENT_LANGUAGES } from '../languages';

/** A language on the wire (`lang`, `default_language`): one of shared/languages.ts (docs/decisions/217). */
export const ContentLanguage = z.enum(CONTENT_LANGUAGES, { error: 'Language is one of en, es, fr, de' });
