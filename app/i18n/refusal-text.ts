// A refusal in the reader's language (docs/decisions/256): the registry's English template for the answer's code,
// said through the catalog with its data, money in the reader's format. Loaded with the first non-English catalog:
// an English reader reads the server's own message, the same template filled by the Worker.
import { formatCents } from '../../shared/money';
import { REFUSAL_MESSAGES, refusalIdOf, refusalValues } from '../../shared/refusal-messages';
import type { Translate } from './i18n';

export type RefusalText = (code: string, message: string, details: unknown) => string;

/** Known code: its template in `translate`'s language; any other: the server's message. */
export const refusalTextIn = (translate: Translate): RefusalText => (code, message, details) => {
  const id = refusalIdOf(code, details);
  if (!id) return message;
  const data = details && typeof details === 'object' && !Array.isArray(details) ? details as Record<string, unknown> : {};
  return translate(REFUSAL_MESSAGES[id], refusalValues(data, (cents) => formatCents(cents)));
};
