// A part of a page that its first paint does not draw (a dialog opened by a tap, a prompt shown after pickup, an AI
// answer): its chunk is not in the page's first download (docs/decisions/268). It is fetched once the browser is idle
// after the page's start, so a tap rarely waits for it, or at its first render if that comes sooner. A part the page's
// own read fills is fetched beside that read (lazyBesideRead, docs/decisions/275).
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** Runs `run` once the browser is idle (within 3 s), so what it fetches waits for the page's start. */
export const whenIdle = (run: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 0);
};

/** Starts `load` once and keeps its promise; a failed fetch (the guest went offline) is tried again at the next start. */
function loadOnce<P>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  return () => (loading ??= load().then((component) => ({ default: component }), (error: unknown) => {
    loading = undefined;
    throw error;
  }));
}

export function lazyAfterPaint<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const start = loadOnce(load);
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

/**
 * The part of a page its own read fills (a drink's details, the cart's lines): fetched as soon as the page's module
 * runs, beside that read, so the page's first download is its frame and loading line (docs/decisions/275). Until it
 * has arrived it draws `fallback`, the page's loading line, so nothing moves. `loaded` settles once it is in (or
 * failed): a navigation shows the page when it has (app/route-page.tsx).
 */
export function lazyBesideRead<P extends object>(load: () => Promise<ComponentType<P>>) {
  const start = loadOnce(load);
  const loaded = start().then(() => undefined, () => undefined);
  const Lazy = lazy(() => start().catch(() => start()));
  function BesideRead({ fallback, ...props }: P & { fallback: ReactNode }) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...(props as unknown as P)} />
      </Suspense>
    );
  }
  return Object.assign(BesideRead, { loaded });
}
