// A part of a page that its first paint does not draw (a dialog opened by a tap, a prompt shown after pickup, an AI
// answer): its chunk is not in the page's first download (docs/decisions/268). It is fetched once the browser is idle
// after the page's start, so a tap rarely waits for it, or at its first render if that comes sooner.
import { lazy, Suspense, type ComponentType } from 'react';

/** Runs `run` once the browser is idle (within 3 s), so what it fetches waits for the page's start. */
export const whenIdle = (run: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 0);
};

export function lazyAfterPaint<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  // A failed fetch (the guest went offline) is tried again at the first render rather than kept.
  const start = () => (loading ??= load().then((component) => ({ default: component }), (error: unknown) => {
    loading = undefined;
    throw error;
  }));
  whenIdle(() => { void start().catch(() => undefined); });
  // A render that finds the idle fetch failing (or failed) fetches once more rather than fail the page.
  const Lazy = lazy(() => start().catch(() => start()));
  function AfterPaint(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return AfterPaint;
}
