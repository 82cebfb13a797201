// A page has one canonical path; its other paths redirect there, keeping params, query and hash (docs/decisions/177).
import { screen } from '@testing-library/react';
import { isValidElement } from 'react';
import { matchRoutes, type RouteMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AREA_ROUTES, OTHER_ROUTES } from '../../app/back-office-routes';
import type { BackOfficeArea } from '../../app/route-page';
import { RedirectTo, routes } from '../../app/routes';
import { VENUE_OTHER_ROUTES } from '../../app/venue-other-routes';
import { renderRoutes } from './render';

const ALIASES: [alias: string, canonical: string][] = [
  ['/venue/artisan-bar/ai-chat', '/venue/artisan-bar/ai'],
  ['/venue/artisan-bar/profile', '/venue/artisan-bar/me'],
  ['/venue/artisan-bar/order/order-123', '/venue/artisan-bar/order-status/order-123'],
  ['/admin/settings', '/admin/profile'],
  // A slug that contains the alias's own segment keeps it.
  ['/venue/order/order/order-123', '/venue/order/order-status/order-123'],
  ['/venue/ai-chat/ai-chat', '/venue/ai-chat/ai'],
];

/**
 * The matches for `path`: a path a guest's first load does not need through its table below `*` (a venue's, or the
 * one outside the venues, docs/decisions/275), and a back-office area's through its own table below `/<area>/*`
 * (docs/decisions/268).
 */
function matchesOf(path: string): RouteMatch[] {
  const matches = matchRoutes(routes, path)!;
  const last = matches.at(-1)!;
  if (last.route.path !== '*') return matches;
  const venue = matches.length > 2;
  const other = matchRoutes(venue ? VENUE_OTHER_ROUTES : OTHER_ROUTES, path, venue ? last.pathnameBase : '/')!;
  const area = other.at(-1)!.route.path?.match(/^(admin|staff|super)\/\*$/)?.[1] as BackOfficeArea | undefined;
  if (!area) return [...matches.slice(0, -1), ...other];
  return [...matches.slice(0, -1), { ...other.at(-1)!, route: { ...other.at(-1)!.route, path: `/${area}` } }, ...matchRoutes(AREA_ROUTES[area], path, `/${area}`)!];
}
const leaf = (path: string) => matchesOf(path).at(-1)!;

describe('route aliases', () => {
  it.each(ALIASES)('%s redirects to %s', async (alias, canonical) => {
    const match = leaf(alias);
    const element = match.route.element;
    expect(isValidElement(element) && element.type === RedirectTo).toBe(true);
    const { router } = renderRoutes([
      { path: patternOf(alias), element },
      { path: '*', element: <p>landed</p> },
    ], `${alias}?table=4#top`);
    await screen.findByText('landed');
    expect(`${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`).toBe(`${canonical}?table=4#top`);
  });
});

/** The full route pattern that matched `path` (parents' paths joined). */
function patternOf(path: string) {
  return matchesOf(path).map((m) => m.route.path ?? '').filter(Boolean).join('/').replace(/\/+/g, '/');
}
