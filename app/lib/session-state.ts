import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * useState kept in this tab's sessionStorage under `key`, so a reload keeps it (a chat, a vibe result,
 * docs/decisions/126). Values must be JSON. Unreadable or missing storage falls back to `initial`.
 */
export function useSessionState<T>(
  key: string, initial: T | (() => T), options: { forgetOnLeave?: boolean } = {},
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = sessionStorage.getItem(key);
      if (stored !== null) return JSON.parse(stored) as T;
    } catch {
      // Fall through to the initial value.
    }
    return typeof initial === 'function' ? (initial as () => T)() : initial;
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or disabled: the page works, it only forgets on reload.
    }
  }, [key, value]);
  // With forgetOnLeave, only a reload keeps the value (React does not unmount on a page unload); leaving
  // the screen in the app starts it fresh next time.
  const forget = options.forgetOnLeave ?? false;
  useEffect(() => () => {
    if (!forget) return;
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing kept.
    }
  }, [key, forget]);
  return [value, setValue];
}
