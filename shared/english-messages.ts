// English is the message written in the code (docs/decisions/262): no catalog and no ICU compiler ship for it, so
// this says the two ICU forms our messages use: `{name}` and `{count, plural, one {…} other {…}}` with `#` (branches
// hold text only; tests/app/languages.test.tsx says them).

type Values = Record<string, unknown>;

/** What a macro hands the runtime: the message's id and its English text, with the values of its placeholders. */
export type MessageDescriptor = { id?: string; message?: string; values?: Record<string, unknown> };
/**
 * A message in the active language: a macro's descriptor, or a string, a text decided at run time (a status label,
 * a chat option) that is its own id: where it is written it is marked `/*i18n*\/` so `lingui extract` catalogs it
 * with the English text as its id (docs/decisions/262).
 */
export type Say = (id: string | MessageDescriptor, values?: Record<string, unknown>) => string;
/** What helpers that write texts take (shared/order-display.ts): a text decided at run time, with its values. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

/** `{name}`, or `{count, plural, one {…} other {…}}` as the macro writes `plural(count, { one, other })`. */
const ARGUMENT = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}|\{(\w+)\}/g;

/** The message with its values: `Ready in about {minutes} min` → "Ready in about 6 min". */
export const formatEnglish = (message: string, values: Values = {}): string => message.replace(ARGUMENT, (_, count?: string, one?: string, other?: string, name?: string) => {
  if (name) return String(values[name] ?? '');
  const n = Number(values[count!]);
  return (n === 1 ? one! : other!).replace(/#/g, String(n));
});

/** English: the message written in the code, with its values. */
export const english: Say = (id, values) => (typeof id === 'string'
  ? formatEnglish(id, values)
  : formatEnglish(id.message ?? id.id ?? '', id.values ?? values));
