import { AuditLogView } from '../../audit/AuditLogView';

/** The venue's own audit log: every change made to it, by its team or by the platform acting for it. */
export default function AdminAuditLogPage() {
  return (
    <main className="page stack">
      <h1>Audit Log</h1>
      <p className="muted">Who changed what in this venue, and when. Entries cannot be edited or removed.</p>
      <AuditLogView area="admin" />
    </main>
  );
}
