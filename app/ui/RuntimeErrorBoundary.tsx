import { Component, type ErrorInfo, type ReactNode } from 'react';
import { StatusPage } from './StatusPage';

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
    return <RuntimeErrorScreen />;
  }
}

export function RuntimeErrorScreen() {
  return (
    <StatusPage title="Something went wrong" role="alert">
      <p>We hit a runtime error. Try refreshing the page.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>Reload Page</button>
    </StatusPage>
  );
}
