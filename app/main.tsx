import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAuth } from './features/auth/install';
import { createQueryClient } from './lib/query-client';
import { applyStoredColorScheme } from './lib/color-scheme';
import { AppRouter, preloadRoute } from './routes';
import { RuntimeErrorBoundary } from './ui/RuntimeErrorBoundary';
import './styles.css';

// Spec §7: service workers from older builds are logged and unregistered at start.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistrations().then((registrations) => {
    for (const registration of registrations) {
      console.info('Unregistering service worker', registration.scope);
      void registration.unregister();
    }
  });
}

applyStoredColorScheme();
installAuth();
const queryClient = createQueryClient();
// Loaded beside the page chunks (a static import would reshape the entry's chunks and grow them).
void import('./features/venues/api').then((venues) => venues.prefetchVenuePage(queryClient, window.location.pathname));

// The first render waits for the first URL's page chunks, so it does not suspend: React holds back
// a suspended screen's reveal for up to 300 ms, which Lighthouse saw as a late first paint.
void preloadRoute(window.location.pathname).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RuntimeErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AppRouter />
        </QueryClientProvider>
      </RuntimeErrorBoundary>
    </StrictMode>,
  );
});
