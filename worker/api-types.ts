// What a client of /api sends and reads, route by route, from the routes' own types (docs/decisions/177): the
// app's client (app/lib/api-client.ts) and the worker tests' typed calls (tests/worker/helpers.ts) read them.
// Types only.
import type { ExtractSchema } from 'hono/types';
import type { ClientErrorStatusCode, RedirectStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import type { ApiType } from './app';

/** Every route of /api as the Worker declares it: path pattern → `$get`/`$post`… → input, output, status. */
type Routes = ExtractSchema<ApiType>;
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type MethodKey<M extends ApiMethod> = `$${Lowercase<M>}`;
/** The path patterns that answer `method`, e.g. '/orders/:id/status' for 'GET'. */
export type ApiPath<M extends ApiMethod> = { [P in keyof Routes]: MethodKey<M> extends keyof Routes[P] ? P : never }[keyof Routes];
type Endpoint<M extends ApiMethod, P extends ApiPath<M>> = Routes[P][MethodKey<M> & keyof Routes[P]];
/** What a route answers when it succeeds (an error answers the docs/product.md §7.2 shape instead). */
export type ApiAnswer<M extends ApiMethod, P extends ApiPath<M>> =
  Exclude<Endpoint<M, P>, { status: RedirectStatusCode | ClientErrorStatusCode | ServerErrorStatusCode }> extends { output: infer O } ? O : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}` ? Name : never;
/** `params` names every `:segment` of the path pattern, and only those. */
type ParamsOf<P extends string> = [ParamNames<P>] extends [never] ? { params?: never } : { params: Record<ParamNames<P>, string> };

/** What the route's validators take (worker/lib/validate.ts): `json`, `query`, `param`, or nothing. */
type InputOf<M extends ApiMethod, P extends ApiPath<M>> = Endpoint<M, P> extends { input: infer I } ? I : never;
export type QueryValue = string | number | boolean | undefined | null;
/**
 * The body a route takes: its JSON validator's input; a route without one reads no JSON (an upload takes FormData).
 * So a call whose body the route would refuse does not compile (docs/api.md).
 */
type BodyOf<M extends ApiMethod, P extends ApiPath<M>> = InputOf<M, P> extends { json: infer J } ? { body: J | FormData } : { body?: FormData };
/** The query a route reads: the names its query validator takes, each written as text in the URL. */
type QueryOf<M extends ApiMethod, P extends ApiPath<M>> = InputOf<M, P> extends { query: infer Q }
  ? { query?: { [K in keyof Q]?: QueryValue } & VenueScope } : { query?: VenueScope };
/** A super admin names the venue a staff or admin route acts on (docs/api.md "Venue choice"), on any of them. */
type VenueScope = { restaurant_id?: string };
/** The JSON body a route takes (its validator's input). */
export type ApiBody<M extends ApiMethod, P extends ApiPath<M>> = InputOf<M, P> extends { json: infer J } ? J : never;

/** What one call names besides its method and path: the path's `params`, and the route's `body` and `query`. */
export type RouteInput<M extends ApiMethod, P extends ApiPath<M>> = ParamsOf<P> & BodyOf<M, P> & QueryOf<M, P>;
