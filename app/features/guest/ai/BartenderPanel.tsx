import { useState } from 'react';
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { CHAT_OPTIONS } from '../../../../shared/ai-options';
import type { Venue } from '../../../../shared/schemas/venue';
import { Modal } from '../../../ui/Modal';
import { useChatSuggestion } from './api';
import { SuggestionCard } from './components/SuggestionCard';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';

const ASK_FAILURE = /*i18n*/ "Sorry, I'm having trouble right now. Please try again!";

/**
 * The menu's 'AI Bartender' (docs/decisions/184): one question, one suggestion from this venue's bar,
 * with the same add and order actions as the chat, without leaving the menu. Loaded on first open, so
 * the menu's first download does not carry it.
 */
export default function BartenderPanel({ venue, onClose }: { venue: Venue; onClose: () => void }) {
  const { t } = useLingui();
  const ask = useChatSuggestion(venue.slug);
  const [text, setText] = useState('');
  const question = text.trim();

  const submit = () => {
    if (!question || ask.isPending) return;
    ask.mutate({ messages: [{ role: 'user', content: question }] });
  };

  return (
    <Modal title={t`AI Bartender`} onClose={onClose}
      actions={(
        <>
          <Link className="btn" to={`/venue/${venue.slug}/ai`}>{t`Open the full chat`}</Link>
          <button type="button" className="btn btn-primary" onClick={onClose}>{t`Close`}</button>
        </>
      )}>
      <form className="stack" onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <label htmlFor="bartender-question">{t`What are you in the mood for?`}</label>
        <div className="chat-input row">
          <input id="bartender-question" type="text" maxLength={1000} autoComplete="off" data-autofocus
            placeholder={t`Something ${{ flavor: translate(CHAT_OPTIONS.flavor[0]).toLowerCase() }} and refreshing...`}
            value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="btn btn-primary" disabled={ask.isPending || question === ''}>
            <Sparkles aria-hidden="true" size={16} /> {t`Ask`}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {ask.isPending && <p className="muted" role="status">{t`Mixing up an idea...`}</p>}
        {ask.isError && <p role="alert" className="error-panel">{translate(ASK_FAILURE)}</p>}
        {ask.data && (
          <>
            <p className="chat-bubble">{ask.data.message}</p>
            <SuggestionCard suggestion={ask.data} slug={venue.slug} headingLevel={3} />
          </>
        )}
      </div>
    </Modal>
  );
}
