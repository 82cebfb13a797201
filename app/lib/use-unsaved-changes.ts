// A form with unsaved changes warns before the user leaves it (docs/decisions/199, docs/product.md §9.4): the
// browser asks on reload or close, and a click on a link inside the app waits for the user's answer. The app
// routes with BrowserRouter, which has no navigation blocker, so links are caught before React sees them.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** An in-app link the click would follow, or null (another origin, a new tab, a download, the same page). */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const to = url.pathname + url.search + url.hash;
  return to === window.location.pathname + window.location.search + window.location.hash ? null : to;
}

/** What leaving would do once confirmed: follow a link, or close a dialog (Escape, its backdrop, Cancel). */
type Leaving = { to: string } | { close: () => void };

/**
 * While `dirty`, leaving is held: a clicked in-app link, a reload or closed tab, and a dialog closed through
 * `guardClose` (docs/decisions/199). `pending` is true while the person is asked; `leave()` goes on, `stay()` keeps
 * the form. The caller shows the confirmation.
 */
export function useUnsavedChanges(dirty: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Leaving | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const to = inAppTarget(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ to });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return {
    pending: pending !== null,
    /** A dialog's close (Escape, backdrop, Cancel) that asks first while there are unsaved changes. */
    guardClose: (close: () => void) => () => {
      if (dirty) setPending({ close });
      else close();
    },
    stay: () => setPending(null),
    leave: () => {
      const leaving = pending;
      setPending(null);
      if (!leaving) return;
      if ('close' in leaving) leaving.close();
      else void navigate(leaving.to);
    },
  };
}
