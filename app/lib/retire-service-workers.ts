// docs/product.md §7.5: service workers from older builds are logged and unregistered (app/main.tsx loads this once
// the start is idle); the push-only worker of "Tell me when it's ready" stays (docs/decisions/227).
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistrations().then((registrations) => {
    for (const registration of registrations) {
      const script = (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL ?? '';
      if (new URL(script || '/', window.location.origin).pathname === '/push-sw.js') continue;
      console.info('Unregistering service worker', registration.scope);
      void registration.unregister();
    }
  });
}

export {};
