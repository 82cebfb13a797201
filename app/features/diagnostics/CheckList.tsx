import '../auth/back-office.css';
import { useQueries } from '@tanstack/react-query';
import { CheckCircle2, Circle, Loader2, XCircle } from 'lucide-react';
import { timed, type Check, type CheckResult } from './checks';

/**
 * Runs each check against the live worker on mount (one query per check, never retried or
 * cached: a diagnostic must show what happens now) and again on demand.
 */
export function useChecks(checks: Check[]) {
  const queries = useQueries({
    queries: checks.map((check) => ({
      queryKey: ['diagnostics', check.key],
      queryFn: () => timed(check),
      retry: false,
      gcTime: 0,
      staleTime: 0,
    })),
  });
  const results: CheckResult[] = checks.map((check, i) => {
    const q = queries[i]!;
    if (q.isFetching || !q.data) return { key: check.key, label: check.label, status: q.isFetching ? 'running' : 'pending', ms: null, detail: '' };
    return q.data;
  });
  return {
    results,
    running: queries.some((q) => q.isFetching),
    run: () => Promise.all(queries.map((q) => q.refetch())),
  };
}

const ICONS = { pending: Circle, running: Loader2, pass: CheckCircle2, fail: XCircle } as const;
const WORDS = { pending: 'Waiting', running: 'Running', pass: 'Pass', fail: 'Fail' } as const;

export function CheckList({ title, results }: { title: string; results: CheckResult[] }) {
  return (
    <section className="card diag-section" aria-label={title}>
      <h2>{title}</h2>
      <ul className="diag-checks">
        {results.map((r) => {
          const Icon = ICONS[r.status];
          return (
            <li key={r.key} className={`diag-check diag-${r.status}`} data-testid={`check-${r.key}`}>
              <Icon aria-hidden="true" size={20} className={r.status === 'running' ? 'spin' : undefined} />
              <div className="diag-check-body">
                <div className="diag-check-head">
                  <strong>{r.label}</strong>
                  <span className={`badge ${r.status === 'pass' ? 'badge-success' : r.status === 'fail' ? 'badge-danger' : ''}`}>{WORDS[r.status]}</span>
                  {r.ms !== null && <span className="muted mono">{r.ms} ms</span>}
                </div>
                {r.detail && <div className="muted">{r.detail}</div>}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
