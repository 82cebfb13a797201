import { useLingui } from '@lingui/react/macro';
import { StatusPage } from './StatusPage';

/**
 * The spec's runtime-error fallback screen, in the guest's language: its own chunk, loaded when an error happens
 * (app/ui/RuntimeErrorBoundary.tsx, docs/decisions/277).
 */
export function RuntimeErrorScreen() {
  const { t } = useLingui();
  return (
    <StatusPage title={t`Something went wrong`} role="alert">
      <p>{t`We hit a runtime error. Try refreshing the page.`}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>{t`Reload Page`}</button>
    </StatusPage>
  );
}
