// A route's page as a lazily loaded chunk, and a page's second path (app/routes.tsx, app/back-office-routes.tsx).
import { createElement, lazy, type ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';

/** `partsLoaded`: the page's parts fetched beside its read (app/ui/lazy-after-paint.tsx lazyBesideRead). */
type PageModule = { default: ComponentType; partsLoaded?: Promise<unknown> };
/** Loads a route's page chunk; a back-office area's also loads the pages its table matches for `pathname`. */
export type PageHandle = { preload: (pathname: string) => Promise<unknown> };
/**
 * Every screen is its own chunk, so a guest never downloads the back office. Routing is declarative
 * (BrowserRouter + useRoutes over this table) rather than the data router, which costs ~16 KB
 * gzipped more in the guest's first download (budget 110 KB, docs/decisions/177); `handle.preload`
 * lets the start fetch every page of the first URL at once instead of one after the other. A page
 * whose chunk has arrived renders directly; only one still on its way suspends (React.lazy).
 */
export const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'Component' | 'handle'> => {
  let loading: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () => (loading ??= load().then((module) => {
    loaded = module.default;
    return module;
  }));
  // A navigation keeps the current screen until the page and the parts its read fills are in, as when they were one
  // chunk; the first load draws the page's frame without waiting for them (docs/decisions/275).
  const Lazy = lazy(() => preload().then(async (module) => {
    await module.partsLoaded;
    return module;
  }));
  const Page = () => createElement(loaded ?? Lazy);
  return { Component: Page, handle: { preload } satisfies PageHandle };
};

/** A route table of its own chunk: its routes' component and what its first page needs loaded for `pathname`. */
export type RouteTable = { Routes: ComponentType; preload: (pathname: string) => Promise<unknown> };
/**
 * Paths a guest's first load does not need (docs/decisions/275): their table loads with the first page it matches,
 * and matches below `*` as descendant routes.
 */
export function lazyTable(load: () => Promise<RouteTable>): RouteObject {
  const { Component, handle } = page(() => load().then((table) => ({ default: table.Routes })));
  const preload = (pathname: string) => Promise.all([(handle as PageHandle).preload(pathname), load().then((table) => table.preload(pathname))]);
  return { path: '*', Component, handle: { preload } satisfies PageHandle };
}

/** The back office's areas: each one's route table loads with its first page (app/back-office-routes.tsx). */
export type BackOfficeArea = 'admin' | 'staff' | 'super';

/**
 * A page's second path: replaced in history by its one canonical path, with the same params, query and hash
 * (docs/decisions/177). The last `from` in the path (after any slug that happens to contain it) becomes `to`.
 */
export function RedirectTo({ from, to }: { from: string; to: string }) {
  const { pathname, search, hash } = useLocation();
  const at = pathname.lastIndexOf(from);
  return <Navigate replace to={{ pathname: pathname.slice(0, at) + to + pathname.slice(at + from.length), search, hash }} />;
}

