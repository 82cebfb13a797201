import { useEffect, useRef } from 'react';

export type BarKeyHandlers = {
  select: (index: number) => void;
  advance: () => void;
  undo: () => void;
  help: () => void;
};

/** Bump-bar keys of the bar display: 1–9 select a ticket, Enter advances it, U undoes, ? shows the help. */
export const BAR_KEYS: [key: string, what: string][] = [
  ['1 – 9', 'Select the ticket with that number'],
  ['Enter', 'Move the selected ticket to its next step'],
  ['U', 'Undo the last delivered or cancelled ticket (60 s)'],
  ['?', 'Show these keys'],
];

/** Keys are ignored while typing in a field or while a dialog is open. */
export function useBarKeys(handlers: BarKeyHandlers) {
  const ref = useRef(handlers);
  useEffect(() => { ref.current = handlers; });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], dialog, [role="dialog"]')) return;
      if (document.querySelector('dialog[open], [role="dialog"]')) return;
      if (/^[1-9]$/.test(e.key)) ref.current.select(Number(e.key) - 1);
      else if (e.key === 'Enter' && !target?.closest('button, a')) ref.current.advance();
      else if (e.key === 'u' || e.key === 'U') ref.current.undo();
      else if (e.key === '?') ref.current.help();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
