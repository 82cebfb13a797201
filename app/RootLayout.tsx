import { Outlet } from 'react-router';
import { lazyAfterPaint } from './ui/lazy-after-paint';

// No first paint shows a toast: the Toaster loads after it; toasts added before wait in the store (app/ui/toast.tsx).
const Toaster = lazyAfterPaint(() => import('./ui/Toaster').then((m) => m.Toaster));

/** Frame shared by every screen: the routed page and the toasts. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
