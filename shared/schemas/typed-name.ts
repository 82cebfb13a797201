// One rule for every name a person types: a member's, a guest's or a staff member's name, a venue's, a drink's, a
// table's label (docs/decisions/228, docs/api.md "Errors"). The Worker and the app refine with the same schema, so
// a form says why before it sends and the Worker refuses what a form was not used for.
import { z } from 'zod';

/** A letter with more marks than this in a row is a pile of accents, not a spelling (Vietnamese needs 2 after NFC). */
export const MAX_COMBINING_MARKS = 4;

export const NAME_CONTROL_MESSAGE = /*i18n*/ 'Names cannot contain line breaks or control characters';
export const NAME_DIRECTION_MESSAGE = /*i18n*/ 'Names cannot contain characters that reverse the text direction';
export const NAME_INVISIBLE_MESSAGE = /*i18n*/ 'A name needs at least one visible character';
// Written out, so `lingui extract` catalogs it (docs/decisions/262); the type keeps it saying MAX_COMBINING_MARKS.
export const NAME_MARKS_MESSAGE: `A letter can carry at most ${typeof MAX_COMBINING_MARKS} accents` = /*i18n*/ 'A letter can carry at most 4 accents';

/** C0 and C1 controls (a line break, NUL, BEL), and the line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Embeddings, overrides, isolates and their pops, and the direction marks (Unicode bidi controls, UAX #9 §2). */
const DIRECTION = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** What shows nothing on its own: spaces, format characters (zero-width space, joiners), marks, and blank letters. */
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{M}\u115F\u1160\u2800\u3164\uFFA0]/gu;
const MARK_RUN = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1},}`, 'u');

/** Why this text cannot be a name, or null. Reads the text as given; the schema below has put it in NFC first. */
export function nameProblem(text: string): string | null {
  if (CONTROL.test(text)) return NAME_CONTROL_MESSAGE;
  if (DIRECTION.test(text)) return NAME_DIRECTION_MESSAGE;
  if (text !== '' && text.replace(INVISIBLE, '') === '') return NAME_INVISIBLE_MESSAGE;
  if (MARK_RUN.test(text)) return NAME_MARKS_MESSAGE;
  return null;
}

/**
 * The rule on a name's own string schema (its length and "required" message stay the caller's): the text in Unicode
 * NFC, refused with the reason otherwise, never stripped.
 */
export function typedName(text: z.ZodString): z.ZodString {
  return text.normalize('NFC').superRefine((value, ctx) => {
    const problem = nameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
