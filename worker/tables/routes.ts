import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  ClaimInput, JoinRequestAnswerInput, JoinTableInput, OpenTableInput, SendRoundInput, TableLineInput, TableLineUpdate, TableSettingsInput, TakeShareInput,
  type AiRoundResponse, type JoinPendingResponse, type SendRoundResponse, type TableStateResponse,
} from '../../shared/schemas/tables';
import { requireGuest, sha256Hex } from '../auth';
import { documented } from '../openapi';
import type { AppContext } from '../env';
import { ApiError, refusal, unauthorized } from '../lib/errors';
import { enforceRateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { AI_SUGGESTION_LIMIT } from '../ai';
import { touchVenueRollups } from '../live';
import { idempotencyKeyOf } from '../orders';
import { ownWriteReads, venueDatabase } from '../shards';
import { findActiveVenue } from '../venues';
import { aiRoundLines } from './ai-round';
import { joinRequestOf, memberByKeys, readTable } from './queries';
import { anyActor, guestActor, locateSession, runTableCommand } from './requests';
import { countJoinAttempt, presentAt } from './presence';
import type { TableCommand, TableOutcome } from './commands';
import { toTableState } from './serialize';
import { keepsGuestReads } from '../menu';
import { staffCardRoutes, tableCardRoutes } from './card.routes';
import { tableReadyRoutes } from './ready.routes';
import { staffTableRoutes } from './staff.routes';

const SessionParam = z.object({ id: z.string().min(1).max(100) });
const MemberParam = SessionParam.extend({ memberId: z.string().min(1).max(100) });
const LineParam = SessionParam.extend({ lineId: z.string().min(1).max(100) });
const ClaimParam = SessionParam.extend({ orderItemId: z.coerce.number().int().positive() });
const ShareParam = SessionParam.extend({ shareId: z.string().min(1).max(100) });

/** Members (guests) and the venue's staff share a few routes: a call without any token is refused first. */
const requireCaller = documented(createMiddleware<AppContext>(async (c, next) => {
  if (!c.get('caller')) throw unauthorized('No session');
  await next();
}), { security: [{ guestToken: [] }, { staffToken: [] }] });

/**
 * A joiner the tab's host has not let in yet (docs/decisions/237) gets 202 and nothing of the tab: the same body
 * whether the host approves who joins or not would show the members, rounds and shares.
 */
const joinAnswer = (outcome: Extract<TableOutcome, { ok: true }>) =>
  outcome.you === null
    ? { status: 202 as const, body: { pending: true, session_id: outcome.table.session_id, table: outcome.table.table } satisfies JoinPendingResponse }
    : { status: 200 as const, body: answer(outcome) };

const answer = (outcome: { table: TableStateResponse['table']; you: string | null }): TableStateResponse => ({ table: outcome.table, you: outcome.you });

/**
 * A table's session for its members (docs/product.md §12; routes in the API reference at /api/reference): every change goes through
 * the venue's hub, which runs one table's changes one after another and tells the table's sockets.
 */
export const tableRoutes = new Hono<AppContext>()
  .use(keepsGuestReads)
  // Proof of presence (docs/decisions/237): opening takes the table's QR token; joining its live tab, the token or
  // the tab's code. A number alone is "Scan the code on your table"; every failed try counts (worker/tables/presence.ts).
  .post('/sessions', requireGuest, validate('json', OpenTableInput), async (c) => {
    const body = c.req.valid('json');
    const { db } = await venueDatabase(c.env, body.slug);
    const venue = await findActiveVenue(db, body.slug);
    const givesBack = await countJoinAttempt(c, { venueId: venue.id, table: body.table });
    const present = await presentAt(c, db, venue.id, body.table, { token: body.token, code: body.code });
    const command: TableCommand = present.by === 'token'
      ? { type: 'open', table: body.table, name: body.name, code: body.code }
      : { type: 'join', code: body.code!, name: body.name };
    const outcome = await runTableCommand(c, venue.id, command, guestActor(c));
    await givesBack();
    const joined = joinAnswer(outcome);
    return c.json(joined.body, joined.status);
  })
  .post('/sessions/join', requireGuest, validate('json', JoinTableInput), async (c) => {
    const body = c.req.valid('json');
    const venue = await findActiveVenue((await venueDatabase(c.env, body.slug)).db, body.slug);
    const givesBack = await countJoinAttempt(c, { venueId: venue.id, code: true });
    const outcome = await runTableCommand(c, venue.id, { type: 'join', code: body.code, name: body.name }, guestActor(c));
    await givesBack();
    const joined = joinAnswer(outcome);
    return c.json(joined.body, joined.status);
  })
  .get('/sessions/:id', requireCaller, validate('param', SessionParam), async (c) => {
    const { id } = c.req.valid('param');
    const { venueId, database } = await locateSession(c, id);
    const actor = await anyActor(c, venueId);
    // A member reads their own change even from a replica (docs/decisions/150).
    const reads = ownWriteReads(c, database);
    const rows = await readTable(reads.db, id);
    reads.answerBookmark();
    if (!rows) throw refusal(404, 'table_session_not_found');
    const member = actor.kind === 'guest' ? memberByKeys(rows, actor.ownerKeys) : null;
    if (actor.kind === 'guest' && !member) {
      // Asked to join a tab whose host approves who joins: waiting, or declined (docs/decisions/237).
      const request = joinRequestOf(rows, actor.ownerKeys);
      if (request && request.leftAt === null) throw refusal(403, 'join_pending');
      if (request && request.removedBy !== null) throw refusal(403, 'join_declined');
      throw refusal(403, 'not_a_member', { table: rows.session.tableNumber });
    }
    return c.json({ table: toTableState(rows), you: member?.id ?? null } satisfies TableStateResponse);
  })
  .patch('/sessions/:id', requireGuest, validate('param', SessionParam), validate('json', TableSettingsInput), async (c) => {
    const { id } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    const body = c.req.valid('json');
    return c.json(answer(await runTableCommand(c, venueId, { type: 'settings', sessionId: id, membersCanSend: body.members_can_send, approveJoins: body.approve_joins }, guestActor(c))));
  })
  .post('/sessions/:id/join-requests/:memberId', requireCaller, validate('param', MemberParam), validate('json', JoinRequestAnswerInput), async (c) => {
    const { id, memberId } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    const command: TableCommand = { type: 'answer_join', sessionId: id, memberId, letIn: c.req.valid('json').let_in };
    return c.json(answer(await runTableCommand(c, venueId, command, await anyActor(c, venueId))));
  })
  .delete('/sessions/:id/members/:memberId', requireCaller, validate('param', MemberParam), async (c) => {
    const { id, memberId } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'remove_member', sessionId: id, memberId }, await anyActor(c, venueId))));
  })
  .post('/sessions/:id/lines', requireGuest, validate('param', SessionParam), validate('json', TableLineInput), async (c) => {
    const { id } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'add_lines', sessionId: id, lines: [c.req.valid('json')] }, guestActor(c))));
  })
  .patch('/sessions/:id/lines/:lineId', requireGuest, validate('param', LineParam), validate('json', TableLineUpdate), async (c) => {
    const { id, lineId } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'update_line', sessionId: id, lineId, change: c.req.valid('json') }, guestActor(c))));
  })
  .delete('/sessions/:id/lines/:lineId', requireGuest, validate('param', LineParam), async (c) => {
    const { id, lineId } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'delete_line', sessionId: id, lineId }, guestActor(c))));
  })
  .post('/sessions/:id/rounds', requireGuest, validate('param', SessionParam), validate('json', SendRoundInput), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const { venueId } = await locateSession(c, id);
    const idempotencyKey = idempotencyKeyOf(c);
    // "The same request": this table's round with this body (the cart it sends is the table's at that moment).
    const requestHash = await sha256Hex(JSON.stringify({ kind: 'round', venue: venueId, session: id, body }));
    const outcome = await runTableCommand(c, venueId, { type: 'send_round', sessionId: id, specialInstructions: body.special_instructions, idempotencyKey, requestHash }, guestActor(c));
    if (!outcome.order) throw new ApiError(500, 'internal', 'The round was not placed');
    return c.json({ ...answer(outcome), order: outcome.order } satisfies SendRoundResponse);
  })
  .post('/sessions/:id/bill', requireCaller, validate('param', SessionParam), async (c) => {
    const { id } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'bill', sessionId: id }, await anyActor(c, venueId))));
  })
  .post('/sessions/:id/claims', requireGuest, validate('param', SessionParam), validate('json', ClaimInput), async (c) => {
    const { id } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'claim', sessionId: id, orderItemId: c.req.valid('json').order_item_id, units: c.req.valid('json').units }, guestActor(c))));
  })
  .delete('/sessions/:id/claims/:orderItemId', requireGuest, validate('param', ClaimParam), async (c) => {
    const { id, orderItemId } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'unclaim', sessionId: id, orderItemId }, guestActor(c))));
  })
  .post('/sessions/:id/shares', requireGuest, validate('param', SessionParam), validate('json', TakeShareInput), async (c) => {
    const { id } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'take_share', sessionId: id, share: c.req.valid('json') }, guestActor(c))));
  })
  .delete('/sessions/:id/shares/:shareId', requireGuest, validate('param', ShareParam), async (c) => {
    const { id, shareId } = c.req.valid('param');
    const { venueId } = await locateSession(c, id);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'drop_share', sessionId: id, shareId }, guestActor(c))));
  })
  .post('/sessions/:id/ai-round', requireGuest, validate('param', SessionParam), async (c) => {
    const { id } = c.req.valid('param');
    const actor = guestActor(c);
    const { venueId, database } = await locateSession(c, id);
    await enforceRateLimit(c.env.DB, AI_SUGGESTION_LIMIT, actor.sessionId, 'Too many AI requests; try again shortly');
    const { lines, suggestions, createdAt } = await aiRoundLines(database.db, c.get('db'), id, actor);
    // The suggestions are the members' AI interactions: they count in the venue's rollups of their day (docs/decisions/203).
    if (createdAt) touchVenueRollups(c.env, c.executionCtx, venueId, [createdAt]);
    const outcome = await runTableCommand(c, venueId, { type: 'add_lines', sessionId: id, lines, aiRound: true }, actor);
    // Each suggestion names the cart line it became: the member's newest line of that drink.
    const withLines = suggestions.map((s) => ({
      ...s,
      line_id: s.menu_drink_id ? outcome.table.cart.lines.filter((l) => l.member_id === s.member_id && l.menu_drink_id === s.menu_drink_id).at(-1)?.id ?? null : null,
    }));
    return c.json({ ...answer(outcome), suggestions: withLines } satisfies AiRoundResponse);
  });

/** Everything under /api/tables: the tab above, its "your round is ready" subscriptions and its card payments. */
export const tablesApi = new Hono<AppContext>().route('/', tableRoutes).route('/', tableReadyRoutes).route('/', tableCardRoutes);

/** Everything under /api/staff/tables: the staff's tables and closing a tab on its card holds. */
export const staffTablesApi = new Hono<AppContext>().route('/', staffTableRoutes).route('/', staffCardRoutes);
