import { useEffect, useRef, useState } from 'react';
import { CHAT_OPTIONS } from '../../../../shared/ai-options';
import type { AiContextInput, AiSuggestion, ChatMessage } from '../../../../shared/schemas/ai';
import { GuestHeader } from '../venue/GuestHeader';
import { useVenueContext } from '../venue/VenueLayout';
import { useSessionState } from '../../../lib/session-state';
import { useChatSuggestion } from './api';
import { ChatOptions, SuggestFromPicks } from './components/ChatOptions';
import { type ChatPicks, DEFAULT_PICKS, hasPicks } from './components/chat-picks';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { lazyAfterPaint, whenIdle } from '../../../ui/lazy-after-paint';
import { StylesheetIcon } from '../../../ui/StylesheetIcon';

// An answer's card draws after the AI answers: not in the page's first download (docs/decisions/268).
const SuggestionCard = lazyAfterPaint(() => import('./components/SuggestionCard').then((m) => m.SuggestionCard));

// What a message sends with it (the conversation within a request's bounds): fetched when idle, before a guest has
// typed one (docs/decisions/275).
const loadHistory = () => import('./chat-history');
whenIdle(() => { void loadHistory().catch(() => undefined); });

const CHAT_FAILURE = /*i18n*/ "Sorry, I'm having trouble right now. Please try again!";

type Entry = Omit<ChatMessage, 'suggestion'> & { id: number; suggestion?: AiSuggestion };

const contextOf = (picks: ChatPicks): AiContextInput => ({
  baseSpirit: picks.base, flavors: picks.flavors, extras: picks.extras, sweetness: picks.sweetness, strength: picks.strength,
});

/** Spec: AI bartender chat (/venue/{slug}/ai; /ai-chat redirects here): quick-option chips, free text, suggestion cards. */
export default function ChatPage() {
  const { venue } = useVenueContext();
  const { t } = useLingui();
  const chat = useChatSuggestion(venue.slug);
  // The conversation survives a reload of the tab (docs/decisions/126).
  const [entries, setEntries] = useSessionState<Entry[]>(`barhop.chat.${venue.slug}`, () => [{
    // In the language of the visit's start: kept with the conversation, as the bartender's replies are.
    id: 0, role: 'assistant', content: t`Hi! I'm the AI bartender at ${{ venue: venue.name }}. Pick a few quick options or tell me what you're in the mood for.`,
  }]);
  const [text, setText] = useState('');
  const [picks, setPicks] = useState<ChatPicks>(DEFAULT_PICKS);
  const nextId = useRef(Math.max(0, ...entries.map((e) => e.id)) + 1);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => { endRef.current?.scrollIntoView?.({ block: 'end' }); }, [entries.length]);

  const send = (content: string) => {
    const message = content.trim();
    // docs/product.md §6.4: a chat message must be non-blank; nothing is sent while a reply is pending.
    if (!message || chat.isPending) return;
    const userEntry: Entry = { id: nextId.current++, role: 'user', content: message };
    const said = [...entries.slice(1), userEntry];
    setEntries((list) => [...list, userEntry]);
    setText('');
    const failed = () => setEntries((list) => [...list, { id: nextId.current++, role: 'assistant', content: translate(CHAT_FAILURE) }]);
    // The whole conversation, every guest message in it: what they said about themselves holds (docs/decisions/254).
    void loadHistory().then(({ conversationToSend }) => chat.mutate({ messages: conversationToSend(said), context: contextOf(picks) }, {
      onSuccess: (suggestion) => setEntries((list) => [...list, { id: nextId.current++, role: 'assistant', content: suggestion.message, suggestion }]),
      onError: failed,
    }), failed);
  };

  return (
    <>
      <GuestHeader title={t`AI Bartender`} subtitle={venue.name} back={{ to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` }} />
      <main className="guest-main ai-chat">
        <div className="chat-log" role="log" aria-live="polite" aria-label={t`Conversation`}>
          {entries.map((entry) => (
            <div key={entry.id} className={`chat-message chat-${entry.role}`}>
              <p className="chat-bubble"><span className="visually-hidden">{entry.role === 'user' ? t`You: ` : t`Bartender: `}</span>{entry.content}</p>
              {entry.suggestion && <SuggestionCard suggestion={entry.suggestion} slug={venue.slug} headingLevel={3} />}
            </div>
          ))}
          {chat.isPending && <p className="chat-message chat-assistant muted" role="status">{t`Mixing up an idea...`}</p>}
          <div ref={endRef} />
        </div>
        <ChatOptions picks={picks} onChange={setPicks} />
        {hasPicks(picks) && <SuggestFromPicks picks={picks} disabled={chat.isPending} onSend={send} />}
        <form className="chat-input row" onSubmit={(e) => { e.preventDefault(); send(text); }}>
          <label htmlFor="chat-text" className="visually-hidden">{t`Message the bartender`}</label>
          <input id="chat-text" type="text" maxLength={1000} autoComplete="off" placeholder={t`Something ${{ flavor: translate(CHAT_OPTIONS.flavor[0]).toLowerCase() }} and refreshing...`} value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="btn btn-primary" aria-label={t`Send`} disabled={chat.isPending || text.trim() === ''}>
            <StylesheetIcon name="send" size={18} />
          </button>
        </form>
      </main>
    </>
  );
}
