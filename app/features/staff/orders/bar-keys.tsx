import { useEffect, useRef } from 'react';
import { keyFromDigit, type KeyEntry } from './ticket-keys';


export type BarKeyHandlers = {
  /** The ticket holding that key (1–99, docs/decisions/234). */
  select: (key: number) => void;
  /** Whether a ticket holds that key now: a second digit makes a two-key code only then. */
  hasKey: (key: number) => boolean;
  advance: () => void;
  cancel: () => void;
  undo: () => void;
  acknowledge: () => void;
  help: () => void;
};

/**
 * Bump-bar keys of the bar display, also shown under the tickets (BumpBarLegend): 1–9 select a ticket, Enter
 * advances it, C cancels it (with a reason), U undoes, A silences the new-order alert, ? shows the help.
 */
export const BAR_KEYS: [key: string, what: string, short: string][] = [
  ['1 – 99', 'Select the ticket with that number (10 and up: type both digits)', 'Select'],
  ['Enter', 'Move the selected ticket to its next step', 'Next step'],
  ['C', 'Cancel the selected ticket (asks why)', 'Cancel'],
  ['U', 'Undo the last delivered or cancelled ticket (60 s)', 'Undo'],
  ['A', 'Acknowledge new orders (stops the alert)', 'Acknowledge'],
  ['?', 'Show these keys', 'Keys'],
];

/**
 * Keys are ignored while typing in a field or while a dialog is open. A tap on a button (a filter chip, a ticket's
 * step) gives the focus back to the queue (`returnFocus`), so Enter moves the selected ticket on rather than pressing
 * that button again; a button reached with Tab keeps its focus (docs/decisions/234).
 */
export function useBarKeys(handlers: BarKeyHandlers) {
  const ref = useRef(handlers);
  useEffect(() => { ref.current = handlers; });
  useEffect(() => {
    let entry: KeyEntry = null;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], dialog, [role="dialog"]')) return;
      if (document.querySelector('dialog[open], [role="dialog"]')) return;
      if (!/^[0-9]$/.test(e.key)) entry = null;
      if (/^[0-9]$/.test(e.key)) {
        const pressed = keyFromDigit(entry, Number(e.key), Date.now(), ref.current.hasKey);
        entry = pressed.next;
        if (pressed.key !== null) ref.current.select(pressed.key);
      }
      else if (e.key === 'Enter' && !target?.closest('button, a')) ref.current.advance();
      else if (e.key === 'c' || e.key === 'C') ref.current.cancel();
      else if (e.key === 'u' || e.key === 'U') ref.current.undo();
      else if (e.key === 'a' || e.key === 'A') ref.current.acknowledge();
      else if (e.key === '?') ref.current.help();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** The bump bar's keys, always on screen under the tickets. */
export function BumpBarLegend() {
  return (
    <ul className="bump-bar" aria-label="Bump bar keys">
      {BAR_KEYS.map(([key, , short]) => <li key={key}><kbd>{key}</kbd> {short}</li>)}
    </ul>
  );
}
