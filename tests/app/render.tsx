import { notifyManager, QueryClientProvider, QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../../app/lib/query-client';
import { Toaster } from '../../app/ui/Toaster';

/** Renders routes at `path` with a fresh query client and the toaster, as the app does. */
export function renderRoutes(routes: RouteObject[], path: string | { pathname: string; state: unknown }) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  return { router, client, ...render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  ) };
}

/**
 * Resolves when the query under `queryKey` next answers. Its observers are told of an answer in one batch, so this
 * one is told with the screen's own: awaited inside `act()`, the screen has drawn that answer when act returns. It
 * makes an absence meaningful (nothing was drawn *after* the answer), where a sleep only hopes the answer came.
 */
export function nextAnswer(client: QueryClient, queryKey: QueryKey): Promise<void> {
  return new Promise((resolve) => {
    const observer = new QueryObserver(client, { queryKey, enabled: false, notifyOnChangeProps: 'all' });
    const unsubscribe = observer.subscribe(notifyManager.batchCalls((result: { isSuccess: boolean }) => {
      if (!result.isSuccess) return;
      unsubscribe();
      resolve();
    }));
  });
}

export const renderPage = (element: ReactElement, path = '/') => renderRoutes([{ path: '*', element }], path);

type Reply = { status?: number; body: unknown; contentType?: string; headers?: Record<string, string> };
/** Replaces fetch with a router of canned replies keyed by 'METHOD /api/path'. */
export function mockApi(replies: Record<string, Reply | ((req: Request) => Reply)>) {
  const calls: Request[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input instanceof URL ? input.href : input, init);
    calls.push(req);
    const url = new URL(req.url);
    const entry = replies[`${req.method} ${url.pathname}`];
    if (!entry) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'No mock' } }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    const reply = typeof entry === 'function' ? entry(req) : entry;
    return new Response(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': reply.contentType ?? 'application/json', ...reply.headers },
    });
  }) as typeof fetch;
  return calls;
}
