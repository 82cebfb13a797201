import { Outlet } from 'react-router';
import { Toaster } from './ui/toast';

/** Frame shared by every screen: the routed page and the toasts. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
