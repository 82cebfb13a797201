// The app's calls are typed by the Worker's routes (docs/decisions/130): `npx tsc -b` checks this file,
// so a route that stops answering what a screen reads fails the typecheck, not a screen at run time.
import { describe, expect, it } from 'vitest';
import type { ApiAnswer, ApiPath } from '../../app/lib/api-client';

type StaffQueue = ApiAnswer<'GET', '/staff/orders'>;
type OrderStatus = ApiAnswer<'GET', '/orders/:id/status'>;

describe('typed client', () => {
  it("reads a route's answer as the route declares it", () => {
    const queue: StaffQueue = { orders: [] };
    // @ts-expect-error the queue answers `orders`, not another name: a renamed field is a type error in the app.
    const renamed: StaffQueue = { queue: [] };
    // @ts-expect-error a status is one of the order statuses, so a typo in a screen's comparison is caught.
    const status: OrderStatus['status'] = 'in_queue';
    // @ts-expect-error only paths the Worker routes for that method are accepted.
    const path: ApiPath<'GET'> = '/staff/no-such-route';
    expect([queue, renamed, status, path]).toHaveLength(4);
  });
});
