import { useSyncExternalStore } from 'react';
import { dismiss, readToasts, subscribeToasts } from './toast';

/** The toasts of the store (app/ui/toast.tsx), newest last. */
export function Toaster() {
  const list = useSyncExternalStore(subscribeToasts, readToasts, readToasts);
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
