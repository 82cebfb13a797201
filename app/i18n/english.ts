// English is the message written in the code (docs/decisions/262): no catalog and no ICU compiler ship for it, so
// this says the two ICU forms our messages use: `{name}` and `{count, plural, one {…} other {…}}` with `#`.

type Values = Record<string, unknown>;

/** Index of the `}` closing the `{` at `open`. */
function closing(message: string, open: number): number {
  let depth = 0;
  for (let i = open; i < message.length; i++) {
    if (message[i] === '{') depth++;
    else if (message[i] === '}' && --depth === 0) return i;
  }
  return message.length;
}

const plurals = new Intl.PluralRules('en');

/** `one {# star} other {# stars}`: the branch for `count` (an `=N` branch first), `#` written as the count. */
function plural(options: string, count: number, values: Values): string {
  const branches = new Map<string, string>();
  for (let i = 0; i < options.length;) {
    const open = options.indexOf('{', i);
    if (open < 0) break;
    const end = closing(options, open);
    branches.set(options.slice(i, open).trim(), options.slice(open + 1, end));
    i = end + 1;
  }
  const branch = branches.get(`=${count}`) ?? branches.get(plurals.select(count)) ?? branches.get('other') ?? '';
  return formatEnglish(branch.replace(/#/g, String(count)), values);
}

/** The message with its values: `Ready in about {minutes} min` → "Ready in about 6 min". */
export function formatEnglish(message: string, values: Values = {}): string {
  let text = '';
  let i = 0;
  for (let open = message.indexOf('{'); open >= 0; open = message.indexOf('{', i)) {
    const end = closing(message, open);
    const [name = '', kind, ...options] = message.slice(open + 1, end).split(',');
    text += message.slice(i, open) + (kind?.trim() === 'plural'
      ? plural(options.join(','), Number(values[name.trim()]), values)
      : String(values[name.trim()] ?? ''));
    i = end + 1;
  }
  return text + message.slice(i);
}
