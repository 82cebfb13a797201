import { Outlet } from 'react-router';

export default function SuperShell() {
  return <Outlet />;
}
