import { API_BASE } from './api-client';

/** Best effort: a runtime error in the browser goes to the platform error log. */
export function reportClientError(message: string, route: string) {
  try {
    void fetch(`${API_BASE}/client-errors`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: message.slice(0, 500), route: route.slice(0, 200) }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Reporting must never throw from the fallback screen.
  }
}
