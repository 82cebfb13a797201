// What this device remembers about its tables (docs/decisions/170): the name its guest gave once, and the
// table session it belongs to at each venue. The server is the truth: a session it no longer answers for
// (the guest left, was removed, the tab closed) is forgotten the moment a read says so.
const NAME_KEY = 'barhop.table-name';
const sessionKey = (slug: string) => `barhop.table-session.${slug}`;

function storage(): Storage | null {
  try { return typeof localStorage === 'undefined' ? null : localStorage; } catch { return null; }
}

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export function subscribeMembership(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** The name the guest gave at their first table, offered again at the next. */
export const rememberedName = (): string => storage()?.getItem(NAME_KEY) ?? '';
export const rememberName = (name: string) => storage()?.setItem(NAME_KEY, name.trim());

/** The table session this device belongs to at the venue, if any. */
export const memberSessionId = (slug: string): string | null => storage()?.getItem(sessionKey(slug)) ?? null;

export function rememberSession(slug: string, sessionId: string) {
  if (memberSessionId(slug) === sessionId) return;
  storage()?.setItem(sessionKey(slug), sessionId);
  changed();
}

export function forgetSession(slug: string, sessionId?: string) {
  const current = memberSessionId(slug);
  if (current === null || (sessionId !== undefined && current !== sessionId)) return;
  storage()?.removeItem(sessionKey(slug));
  changed();
}
