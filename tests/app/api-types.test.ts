// The app's calls are typed by the Worker's routes (docs/decisions/177): `npx tsc -b` checks this file (part of
// `npm run check`), so a route that stops answering what a screen reads, or stops taking what a screen sends, fails
// the typecheck rather than a screen at run time. Each `@ts-expect-error` fails the check if the error goes away.
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiAnswer, ApiBody, ApiPath, ApiRequestOptions } from '../../app/lib/api-client';
import type { OrderStatus as OrderStatusValue } from '../../shared/orders';

type StaffQueue = ApiAnswer<'GET', '/staff/orders'>;
type OrderStatus = ApiAnswer<'GET', '/orders/:id/status'>;

describe('typed client', () => {
  it("reads a route's answer as the route declares it", () => {
    expectTypeOf<StaffQueue>().toHaveProperty('orders');
    // @ts-expect-error the queue answers `orders`, not another name: a renamed field is a type error in the app.
    expectTypeOf<StaffQueue>().toHaveProperty('queue');
    expectTypeOf<OrderStatus['status']>().toEqualTypeOf<OrderStatusValue>();
    // @ts-expect-error a status is one of the order statuses, so a typo in a screen's comparison is caught.
    expectTypeOf<'in_queue'>().toExtend<OrderStatus['status']>();
    // @ts-expect-error only paths the Worker routes for that method are accepted.
    expectTypeOf<'/staff/no-such-route'>().toExtend<ApiPath<'GET'>>();
  });

  it("sends a route's body and query as its validators take them", () => {
    // The body of a table's new line is the route's JSON input: a drink and a quantity.
    expectTypeOf<ApiBody<'POST', '/tables/sessions/:id/lines'>>().toHaveProperty('menu_drink_id');
    expectTypeOf({ params: { id: 's1' }, body: { menu_drink_id: 'd1', qty: 2 } }).toExtend<ApiRequestOptions<'POST', '/tables/sessions/:id/lines'>>();
    // @ts-expect-error a quantity is a number: a screen sending text does not compile.
    expectTypeOf({ params: { id: 's1' }, body: { menu_drink_id: 'd1', qty: '2' } }).toExtend<ApiRequestOptions<'POST', '/tables/sessions/:id/lines'>>();
    // @ts-expect-error a route that reads no JSON takes no JSON body.
    expectTypeOf({ params: { id: 's1' }, body: { anything: true } }).toExtend<ApiRequestOptions<'POST', '/tables/sessions/:id/bill'>>();
    expectTypeOf({ query: { status: 'pending' } }).toExtend<ApiRequestOptions<'GET', '/staff/orders'>>();
    // @ts-expect-error a query names only what the route reads.
    expectTypeOf({ query: { state: 'pending' } }).toExtend<ApiRequestOptions<'GET', '/staff/orders'>>();
  });
});
