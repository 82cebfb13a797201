// What one chat request carries (docs/decisions/254): every guest message, replies dropped first, within the
// schema's 40 messages and the route's 16 KB write limit.
import { describe, expect, it } from 'vitest';
import { conversationToSend } from '../../app/features/guest/ai/chat-history';
import { ChatInput } from '../../shared/schemas/ai';

type Said = { role: 'user' | 'assistant'; content: string };
const guest = (content: string): Said => ({ role: 'user', content });
const reply = (content: string): Said => ({ role: 'assistant', content });

describe('conversationToSend', () => {
  it('keeps every guest message and the last reply, dropping the oldest replies past 40 messages', () => {
    const said = [guest("I'm pregnant")];
    for (let i = 0; i < 25; i++) said.push(reply(`Try drink ${i}.`), guest(`another ${i}`));
    const sent = conversationToSend(said);
    expect(sent).toHaveLength(40);
    expect(sent.filter((m) => m.role === 'user')).toHaveLength(26);
    expect(sent[0]).toEqual(guest("I'm pregnant"));
    expect(sent.at(-2)).toEqual(reply('Try drink 24.'));
    expect(ChatInput.safeParse({ slug: 'artisan-bar', messages: sent }).success).toBe(true);
  });

  it('stays under the write limit with long messages, the newest always sent', () => {
    const said = Array.from({ length: 30 }, (_, i) => (i % 2 ? reply('r'.repeat(900)) : guest(`${i} ${'g'.repeat(990)}`)));
    said.push(guest('sweeter'));
    const sent = conversationToSend(said);
    expect(new TextEncoder().encode(JSON.stringify({ slug: 'artisan-bar', messages: sent })).length).toBeLessThan(16 * 1024);
    expect(sent.at(-1)).toEqual(guest('sweeter'));
    // Replies go before any guest message does.
    expect(sent.filter((m) => m.role === 'assistant').length).toBeLessThanOrEqual(1);
  });
});
