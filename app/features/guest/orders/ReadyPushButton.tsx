import { lazy, Suspense, useState } from 'react';
import { Bell } from 'lucide-react';
import { translate, useLocale } from '../../../i18n/i18n';
import type { ReadyTarget } from './ready-push';

// Loaded only where push cannot reach the guest: most guests have push, and a guest route's download has a budget (docs/decisions/219).
const ReadyTextOffer = lazy(async () => ({ default: (await import('./ReadyTextOffer')).ReadyTextOffer }));

/** The texts of docs/product.md §8.5, verbatim: the English ids of the guest's language (docs/decisions/217). */
export const READY_PUSH_TEXT = {
  offer: /*i18n*/ "Tell me when it's ready",
  subscribed: /*i18n*/ "We'll tell you when it's ready",
  homeScreen: /*i18n*/ "To be told when it's ready, add Barhop to your Home Screen first",
  denied: /*i18n*/ 'Notifications are turned off for Barhop in this browser',
  failed: /*i18n*/ 'Could not turn on notifications. Try again.',
} as const;

export type PushSupport = 'supported' | 'home-screen' | 'none';

/**
 * What this browser can do (docs/decisions/227): Push needs a service worker, PushManager and Notification. Safari on
 * an iPhone or iPad has them only for a site added to the Home Screen, so there it says how.
 */
export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  return apple ? 'home-screen' : 'none';
}

type State = 'idle' | 'working' | 'subscribed' | 'denied' | 'failed';

/**
 * "Tell me when it's ready" on the guest's order status while the order is still being made, and on a table's tab for
 * every round of it (docs/decisions/231).
 */
export function ReadyPushButton({ target }: { target: ReadyTarget }) {
  useLocale(); // renders again in a new language: its texts are read at run time
  const [support] = useState(pushSupport);
  const [state, setState] = useState<State>(() => (support === 'supported' && Notification.permission === 'denied' ? 'denied' : 'idle'));
  // Where push cannot reach the guest, a text can, if the platform sends texts (docs/decisions/227, amended).
  const textOffer = support !== 'supported' || state === 'denied' ? <Suspense fallback={null}><ReadyTextOffer target={target} /></Suspense> : null;
  if (support === 'none') return textOffer;
  if (support === 'home-screen') return <><p className="muted center">{translate(READY_PUSH_TEXT.homeScreen)}</p>{textOffer}</>;
  if (state === 'subscribed') return <p className="muted center" role="status"><Bell aria-hidden="true" size={16} /> {translate(READY_PUSH_TEXT.subscribed)}</p>;
  if (state === 'denied') return <><p className="muted center">{translate(READY_PUSH_TEXT.denied)}</p>{textOffer}</>;

  const subscribe = async () => {
    setState('working');
    try {
      // Loaded on the tap: the subscribe code stays out of the guest route's download (docs/decisions/219).
      const { subscribeToReady } = await import('./ready-push');
      const outcome = await subscribeToReady(target);
      setState(outcome === 'subscribed' ? 'subscribed' : outcome === 'denied' ? 'denied' : 'failed');
    } catch (err) {
      console.warn('push subscription failed', err);
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="btn btn-block" disabled={state === 'working'} onClick={() => void subscribe()}>
        <Bell aria-hidden="true" size={18} /> {translate(READY_PUSH_TEXT.offer)}
      </button>
      {state === 'failed' && <p className="muted center" role="alert">{translate(READY_PUSH_TEXT.failed)}</p>}
    </>
  );
}
