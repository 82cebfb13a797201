import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { CheckList, useChecks } from './CheckList';
import { adminMenuUnauthenticatedCheck, databaseCheck, healthCheck, latencyCheck, smokeTest } from './checks';

const HEALTH_CHECKS = [healthCheck, databaseCheck, adminMenuUnauthenticatedCheck];
const SMOKE_CHECKS = [smokeTest];
const NETWORK_CHECKS = [latencyCheck];

type NetworkInformation = { effectiveType?: string; downlink?: number; rtt?: number; saveData?: boolean };

function environmentRows(): [string, string][] {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return [
    ['Build mode', import.meta.env.MODE],
    ['Origin', window.location.origin],
    ['API base', `${window.location.origin}/api`],
    ['User agent', nav?.userAgent ?? 'unknown'],
    ['Language', nav?.language ?? 'unknown'],
    ['Time zone', Intl.DateTimeFormat().resolvedOptions().timeZone],
    ['Viewport', `${window.innerWidth} × ${window.innerHeight} @ ${window.devicePixelRatio}x`],
    ['Cookies enabled', String(nav?.cookieEnabled ?? false)],
    ['Secure context', String(window.isSecureContext)],
  ];
}

function networkRows(): [string, string][] {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return [
    ['Online', String(navigator.onLine)],
    ['Connection type', connection?.effectiveType ?? 'not reported by this browser'],
    ['Downlink', connection?.downlink !== undefined ? `${connection.downlink} Mb/s` : 'not reported'],
    ['Round-trip estimate', connection?.rtt !== undefined ? `${connection.rtt} ms` : 'not reported'],
    ['Data saver', connection?.saveData !== undefined ? String(connection.saveData) : 'not reported'],
  ];
}

function InfoTable({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <section className="card diag-section" aria-label={title}>
      <h2>{title}</h2>
      <dl className="super-kv">{rows.map(([k, v]) => <div key={k}><dt>{k}</dt><dd className="mono">{v}</dd></div>)}</dl>
    </section>
  );
}

/** Spec: /__diag — environment info, health checks, a smoke test and network info. */
export default function DiagnosticsPage() {
  const health = useChecks(HEALTH_CHECKS);
  const smoke = useChecks(SMOKE_CHECKS);
  const network = useChecks(NETWORK_CHECKS);
  const running = health.running || smoke.running || network.running;

  return (
    <main className="page diag-page">
      <header className="row">
        <h1>Diagnostics</h1>
        <span className="spacer" />
        <button
          type="button" className="btn" disabled={running}
          onClick={() => { void health.run(); void smoke.run(); void network.run(); }}
        >
          <RefreshCw aria-hidden="true" size={16} /> Run again
        </button>
      </header>
      <InfoTable title="Environment" rows={environmentRows()} />
      <CheckList title="Health checks" results={health.results} />
      <CheckList title="Smoke test" results={smoke.results} />
      <div className="super-grid">
        <InfoTable title="Network" rows={networkRows()} />
        <CheckList title="Network checks" results={network.results} />
      </div>
      <p><Link to="/dev-check">Connection status</Link> · <Link to="/">Back to venues</Link></p>
    </main>
  );
}
