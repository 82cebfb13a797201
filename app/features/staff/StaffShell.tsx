import { Outlet } from 'react-router';

export default function StaffShell() {
  return <Outlet />;
}
