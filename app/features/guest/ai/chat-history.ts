// The conversation a chat request carries (docs/decisions/254): what the guest said about themselves holds for the
// whole chat, so every guest message goes; the bartender's replies go too, the oldest dropped first when the chat
// outgrows what one request may carry (CHAT_MAX_MESSAGES, the wire schema's bound, and the route's 16 KB write limit,
// docs/api.md).
import { CHAT_MAX_MESSAGES } from '../../../../shared/constants';
import type { AiSuggestion, ChatMessage } from '../../../../shared/schemas/ai';

/** The messages' share of a request under the route's 16 KB write limit, with room for the slug and context. */
const SEND_BUDGET_BYTES = 12 * 1024;
const bytesOf = (messages: readonly Said[]) => new TextEncoder().encode(JSON.stringify(messages.map(({ role, content }) => ({ role, content })))).length;

type Said =  { role: ChatMessage['role']; content: string; suggestion?: AiSuggestion };

/** The messages to send, oldest first; a suggestion's name and drink travel with its reply (docs/decisions/190). */
export function conversationToSend(said: readonly Said[]): ChatMessage[] {
  const kept = [...said];
  // Over the bound: the oldest replies go first (they hold no constraint), then, only past the bound in guest
  // messages alone, the oldest guest messages.
  while (kept.length > 1 && (kept.length > CHAT_MAX_MESSAGES || bytesOf(kept) > SEND_BUDGET_BYTES)) {
    const reply = kept.findIndex((m, i) => m.role === 'assistant' && i < kept.length - 2);
    kept.splice(reply >= 0 ? reply : 0, 1);
  }
  return kept.map(({ role, content, suggestion }) => ({
    role, content, ...(suggestion ? { suggestion: { name: suggestion.previewName, menu_drink_id: suggestion.menuDrinkId } } : {}),
  }));
}
