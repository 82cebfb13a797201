// Toasts: the store any code adds to (this module, in every first download) and the Toaster that draws them
// (app/ui/Toaster.tsx, loaded after the first paint: a toast added before it arrives waits in the store, docs/decisions/275).
import { TOAST_LIMIT } from '../../shared/constants';

export type ToastKind = 'success' | 'error' | 'info';
type Toast = { id: number; kind: ToastKind; message: string };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, message: string, durationMs = 4000) {
  const id = nextId++;
  // At most TOAST_LIMIT on screen: the oldest gives way.
  toasts = [...toasts, { id, kind, message }].slice(-TOAST_LIMIT);
  emit();
  setTimeout(() => dismiss(id), durationMs);
  return id;
}

/** Callable from anywhere (query callbacks, the API client), not only components. */
export const toast = {
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  error: (message: string, durationMs?: number) => show('error', message, durationMs ?? 6000),
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
  dismiss,
  clear: () => { toasts = []; emit(); },
};

/** The toasts on screen, for the Toaster (app/ui/Toaster.tsx). */
export const readToasts = () => toasts;
export const subscribeToasts = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; };
