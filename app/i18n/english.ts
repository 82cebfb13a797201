// English is the message written in the code (docs/decisions/262): no catalog and no ICU compiler ship for it, so
// this says the two ICU forms our messages use: `{name}` and `{count, plural, one {…} other {…}}` with `#` (branches
// hold text only).

type Values = Record<string, unknown>;

const ARGUMENT = /\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}|\{(\w+)\}/g;
const BRANCH = /(\w+)\s*\{([^{}]*)\}/g;

/** The message with its values: `Ready in about {minutes} min` → "Ready in about 6 min". */
export const formatEnglish = (message: string, values: Values = {}): string => message.replace(ARGUMENT, (_, count?: string, options?: string, name?: string) => {
  if (name) return String(values[name] ?? '');
  const n = Number(values[count!]);
  const branches = new Map([...options!.matchAll(BRANCH)].map((b) => [b[1], b[2]!]));
  return (branches.get(n === 1 ? 'one' : 'other') ?? '').replace(/#/g, String(n));
});
