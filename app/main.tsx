import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAuth } from './features/auth/install';
import { askedLocaleNow, startLocale } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { applyStoredColorScheme } from './lib/color-scheme';
import { AppRouter, preloadRoute } from './routes';
import { RuntimeErrorBoundary } from './ui/RuntimeErrorBoundary';
import { whenIdle } from './ui/lazy-after-paint';
import './styles.css';

// docs/product.md §7.5: service workers from older builds are unregistered once the start is idle
// (docs/decisions/275).
whenIdle(() => { void import('./lib/retire-service-workers').catch(() => undefined); });

applyStoredColorScheme();
installAuth();
const queryClient = createQueryClient();
// Its module is in the guest-core chunk the entry loads first (vite.config.ts); a static import would reshape the
// entry's chunks and grow them.
const venueReads = import('./features/venues/api').then((venues) => venues.prefetchVenuePage(queryClient, window.location.pathname, askedLocaleNow() ?? 'en'));

// The guest's language (docs/decisions/217): a catalog other than English is fetched beside the page chunks.
const locale = startLocale();

// The first render waits for the first URL's page chunks and the language's catalog, so it does not suspend: React holds back
// a suspended screen's reveal for up to 300 ms, which Lighthouse saw as a late first paint. It also
// waits for the venue page's boot data to be in the query cache, so its first commit draws the menu
// the Worker's first paint already shows, in place (docs/decisions/219).
void Promise.allSettled([venueReads, locale, preloadRoute(window.location.pathname)]).finally(() => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render runs in slices of a few milliseconds instead of one long task, so a
  // guest who already sees the Worker's first paint can scroll and tap meanwhile (TBT, docs/decisions/219).
  startTransition(() => {
    root.render(
      <StrictMode>
        <RuntimeErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <AppRouter />
          </QueryClientProvider>
        </RuntimeErrorBoundary>
      </StrictMode>,
    );
  });
});
