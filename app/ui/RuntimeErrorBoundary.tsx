import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

// The error screen is not in any page's first download: it loads when an error happens (docs/decisions/277). When it
// cannot (the error was a chunk that did not load: offline, or a newer build), the guest still gets a reload button.
const RuntimeErrorScreen = lazy(() => import('./RuntimeErrorScreen').then(
  (screen) => ({ default: screen.RuntimeErrorScreen }),
  () => ({ default: ReloadOnly }),
));

function ReloadOnly() {
  const { t } = useLingui();
  return (
    <div className="status-page-body" role="alert">
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>{t`Reload Page`}</button>
    </div>
  );
}

type State = { failed: boolean };

/** The spec's runtime-error fallback screen; the error is reported to the super admin's log. */
export class RuntimeErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
    // Best effort, and only on an error: the reporter loads then (docs/decisions/275).
    void import('../lib/report-client-error').then((report) => report.reportClientError(error.message, window.location.pathname), () => undefined);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <Suspense fallback={null}><RuntimeErrorScreen /></Suspense>;
  }
}
