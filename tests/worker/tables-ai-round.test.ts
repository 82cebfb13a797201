// The AI round (docs/product.md §12.3): one drink per member, honouring what each said in their own AI chats at
// this venue since they joined, through the AI bartender's own reader and hard filter (docs/decisions/189).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AiRoundResponse } from '../../shared/schemas/tables';
import { call, expectApiError } from './helpers';
import { addTables, newGuest, sendRound, SLUG, sit, tableOf } from './table-helpers';

beforeAll(() => addTables(60));

const chat = async (token: string, content: string) => {
  const res = await call('POST', '/api/ai/chat', { token, body: { slug: SLUG, messages: [{ role: 'user', content }] } });
  expect(res.status, res.text).toBe(200);
};

describe('the AI round', () => {
  it('a member who said "I\'m pregnant" gets an alcohol-free drink, one who is allergic to nuts a drink without them; words from before joining do not count', async () => {
    const cleo = await newGuest();
    // Before she sits down: not her words at this table.
    await chat(cleo.token, "No alcohol for me tonight, I'm driving");
    const { sessionId, guests: [maya, jonas] } = await tableOf('51', ['Maya', 'Jonas']);
    await sit(cleo, '51', 'Cleo');
    await chat(maya!.token, "I'm pregnant, what could I have?");
    await chat(jonas!.token, "I'm allergic to nuts. Something with gin?");

    const res = await call('POST', `/api/tables/sessions/${sessionId}/ai-round`, { token: jonas!.token, body: {} });
    expect(res.status, res.text).toBe(200);
    const { table, suggestions } = AiRoundResponse.parse(res.json);
    const lineOf = (name: string) => {
      const suggestion = suggestions.find((s) => s.member_name === name)!;
      return { suggestion, line: table.cart.lines.find((l) => l.id === suggestion.line_id)! };
    };

    const forMaya = lineOf('Maya');
    expect(forMaya.line).toMatchObject({ member_name: 'Maya', contains_alcohol: false, qty: 1 });
    expect(forMaya.suggestion.honoured).toContain("It's alcohol-free.");
    const forJonas = lineOf('Jonas');
    expect(forJonas.line.member_name).toBe('Jonas');
    expect(forJonas.line.allergens.filter((a) => /nut|almond|hazel|walnut|pecan|cashew|pistachio|macadamia/i.test(a))).toEqual([]);
    expect(forJonas.suggestion.honoured).toContain('No nuts in this one.');
    const forCleo = lineOf('Cleo');
    expect(forCleo.line.member_name).toBe('Cleo');
    expect(forCleo.suggestion.honoured).toEqual([]);

    // Each suggestion is its member's AI interaction, so the round they send counts as AI-referred.
    const interactions = await env.DB.prepare(`SELECT count(*) AS n FROM ai_interactions WHERE kind = 'recommend' AND query = 'AI round for table 51'`).first<{ n: number }>();
    expect(interactions!.n).toBe(3);
    const round = await sendRound(sessionId, maya!.token);
    expect(round.order.referred_by_ai).toBe(true);
    expect(round.order.items.map((i) => [i.member_name, i.contains_alcohol]).find(([name]) => name === 'Maya')).toEqual(['Maya', false]);
  });

  it('is refused to someone not at the table', async () => {
    const { sessionId } = await tableOf('52', ['Host']);
    const stranger = await newGuest();
    expect(expectApiError(await call('POST', `/api/tables/sessions/${sessionId}/ai-round`, { token: stranger.token, body: {} }), 403).code).toBe('not_a_member');
  });
});
