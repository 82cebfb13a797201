import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '../../shared/constants';

export type ToastKind = 'success' | 'error' | 'info';
type Toast = { id: number; kind: ToastKind; message: string };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number) {
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

const subscribe = (l: () => void) => { listeners.add(l); return () => listeners.delete(l); };

export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  return (
    <div className="toaster" role="region" aria-label="Notifications">
      {list.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
