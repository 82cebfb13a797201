// The host approves who joins (docs/decisions/237, docs/product.md §12.1): while the switch is on, a joiner with the
// table's token or the tab's code waits as a pending member who sees nothing of the tab, until the host or staff lets
// them in or declines; turning the switch off lets everyone waiting in.
import { describe, expect, it } from 'vitest';
import { JoinPendingResponse, TableStateResponse } from '../../shared/schemas/tables';
import { tableMessages } from '../../shared/tables';
import { call, expectApiError } from './helpers';
import { addLine, bartender, drinksOf, newGuest, session, SLUG, stateOf, tableOf, tableTokenOf } from './table-helpers';

const settings = (id: string, token: string, body: Record<string, unknown>) => call('PATCH', `/api/tables/sessions/${id}`, { token, body });
const answerJoin = (id: string, memberId: string, token: string, letIn: boolean) =>
  call('POST', `/api/tables/sessions/${id}/join-requests/${memberId}`, { token, body: { let_in: letIn } });

/** Table `table` with Maya as host and one line in the cart, "approve who joins" on; Ana scans its code and waits. */
async function waitingAt(table: string) {
  const t = await tableOf(table, ['Maya']);
  const [drink] = await drinksOf();
  expect((await addLine(t.sessionId, t.host.token, { menu_drink_id: drink!.id, qty: 1 })).status).toBe(200);
  const on = await settings(t.sessionId, t.host.token, { approve_joins: true });
  expect(on.status, on.text).toBe(200);
  expect(TableStateResponse.parse(on.json).table.approve_joins).toBe(true);
  const ana = await newGuest();
  const asked = await call('POST', '/api/tables/sessions', { token: ana.token, body: { slug: SLUG, table, name: 'Ana', token: await tableTokenOf(table) } });
  return { ...t, ana, drink: drink!, asked };
}

describe('"approve who joins": a joiner waits and sees nothing of the tab', () => {
  it('the joiner with the right token gets 202 and no members, lines or code; reading the tab says they wait; adding a line is refused', async () => {
    const { sessionId, host, ana, drink, asked } = await waitingAt('2');
    expect(asked.status, asked.text).toBe(202);
    expect(JoinPendingResponse.parse(asked.json)).toEqual({ pending: true, session_id: sessionId, table: '2' });
    expect(asked.text).not.toContain('Maya');
    const read = await session(sessionId, ana.token);
    expect(expectApiError(read, 403)).toEqual({ code: 'join_pending', message: tableMessages.joinPending });
    expect(read.text).not.toContain('Maya');
    expect(expectApiError(await addLine(sessionId, ana.token, { menu_drink_id: drink.id, qty: 1 }), 403).code).toBe('not_a_member');
    // The host sees the request, not a member.
    const state = await stateOf(sessionId, host.token);
    expect(state.members.map((m) => m.name)).toEqual(['Maya']);
    expect(state.join_requests.map((r) => r.name)).toEqual(['Ana']);
    expect(state.cart.lines).toHaveLength(1);
  });

  it('the host lets them in: they are a member, read the tab and add a line', async () => {
    const { sessionId, host, ana, drink } = await waitingAt('3');
    const requestId = (await stateOf(sessionId, host.token)).join_requests[0]!.id;
    const letIn = await answerJoin(sessionId, requestId, host.token, true);
    expect(letIn.status, letIn.text).toBe(200);
    expect(TableStateResponse.parse(letIn.json).table.members.map((m) => m.name)).toEqual(['Maya', 'Ana']);
    expect((await stateOf(sessionId, ana.token)).join_requests).toEqual([]);
    expect((await addLine(sessionId, ana.token, { menu_drink_id: drink.id, qty: 1 })).status).toBe(200);
  });

  it('the host declines: the joiner is told "The host declined" and is not a member', async () => {
    const { sessionId, host, ana } = await waitingAt('4');
    const requestId = (await stateOf(sessionId, host.token)).join_requests[0]!.id;
    expect((await answerJoin(sessionId, requestId, host.token, false)).status).toBe(200);
    expect(expectApiError(await session(sessionId, ana.token), 403)).toEqual({ code: 'join_declined', message: 'The host declined' });
    const state = await stateOf(sessionId, host.token);
    expect(state.members.map((m) => m.name)).toEqual(['Maya']);
    expect(state.join_requests).toEqual([]);
  });

  it('turning the switch off lets everyone waiting in; a new joiner then joins at once', async () => {
    const { sessionId, host, ana } = await waitingAt('9');
    const off = await settings(sessionId, host.token, { approve_joins: false });
    expect(TableStateResponse.parse(off.json).table.members.map((m) => m.name)).toEqual(['Maya', 'Ana']);
    expect((await stateOf(sessionId, ana.token)).members).toHaveLength(2);
    const late = await call('POST', '/api/tables/sessions', { token: (await newGuest()).token, body: { slug: SLUG, table: '9', name: 'Late', token: await tableTokenOf('9') } });
    expect(late.status, late.text).toBe(200);
  });

  it('only the host or staff may answer: a member is refused, a bartender lets in; only the host turns the switch', async () => {
    const t = await tableOf('6', ['Maya', 'Sam']);
    expect((await settings(t.sessionId, t.host.token, { approve_joins: true })).status).toBe(200);
    expect(expectApiError(await settings(t.sessionId, t.guests[1]!.token, { approve_joins: false }), 403).code).toBe('host_only');
    const ana = await newGuest();
    expect((await call('POST', '/api/tables/sessions', { token: ana.token, body: { slug: SLUG, table: '6', name: 'Ana', token: await tableTokenOf('6') } })).status).toBe(202);
    const requestId = (await stateOf(t.sessionId, t.host.token)).join_requests[0]!.id;
    expect(expectApiError(await answerJoin(t.sessionId, requestId, t.guests[1]!.token, true), 403).code).toBe('host_only');
    expect(expectApiError(await answerJoin(t.sessionId, requestId, ana.token, true), 403).code).toBe('not_a_member');
    const byStaff = await answerJoin(t.sessionId, requestId, await bartender(), true);
    expect(byStaff.status, byStaff.text).toBe(200);
    expect((await stateOf(t.sessionId, ana.token)).members.map((m) => m.name)).toEqual(['Maya', 'Sam', 'Ana']);
  });
});
