import { AuditLogView } from '../../audit/AuditLogView';
import { useSuperVenues } from '../api';
import { PageHeader } from '../common/SuperUi';

/** Every back-office write and impersonation on the platform, newest first. */
export default function SuperAuditLogPage() {
  const venues = useSuperVenues();
  return (
    <main className="page super-page">
      <PageHeader title="Audit Log" subtitle="Who changed what, acting as whom, and when. Entries cannot be edited or removed." />
      <AuditLogView area="super" venues={venues.data ?? []} />
    </main>
  );
}
