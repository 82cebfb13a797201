import { apiRequest, type ApiMethod } from '../../lib/api-client';
import type { TableView } from './table-cache';

/** One call of a table route (docs/api.md "Tables"), as the device's guest. */
export function tableCall<T = TableView>(method: ApiMethod, path: string, options: { params?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {}) {
  // The table routes are typed by the Worker's own (docs/decisions/130) once they are mounted; until then the
  // answers are read as their shared schemas say.
  const call = apiRequest as unknown as (m: ApiMethod, p: string, o: object) => Promise<T>;
  return call(method, path, { ...options, credentials: 'guest' });
}
