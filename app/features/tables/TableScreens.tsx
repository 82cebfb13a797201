import { useLocation } from 'react-router';
import SplitBillPage from './SplitBillPage';
import TablePage from './TablePage';
import TabPage from './TabPage';

/**
 * The table's screens, one route and one chunk (app/routes.tsx): /venue/:slug/table (who is here, the invite),
 * /venue/:slug/table/tab (the running tab) and /venue/:slug/table/split (the bill's split).
 */
export default function TableScreens() {
  const { pathname } = useLocation();
  const screen = pathname.replace(/\/+$/, '').split('/').pop();
  return screen === 'split' ? <SplitBillPage /> : screen === 'tab' ? <TabPage /> : <TablePage />;
}
