import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import type { AiRoundSuggestion } from '../../../shared/schemas/tables';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../ui/toast';
import { useAiRound } from './api';
import { useLingui } from '@lingui/react/macro';

/**
 * "Ask the bartender for the table": the AI bartender proposes one drink per member, honouring what each said in
 * their own chats here since they joined, and puts them in the cart as each member's line (docs/decisions/231).
 * What it added is listed, member by member, with what it honoured, or why it found nothing for someone.
 */
export function AiRoundButton({ sessionId, you }: { sessionId: string; you: string | null }) {
  const { t } = useLingui();
  const aiRound = useAiRound(sessionId);
  const [added, setAdded] = useState<AiRoundSuggestion[] | null>(null);

  const ask = () => {
    setAdded(null);
    aiRound.mutate(undefined, {
      onSuccess: (answer) => setAdded(answer.suggestions),
      onError: (err) => toast.error(errorMessage(err, t`The bartender couldn't suggest a round. Please try again.`)),
    });
  };

  return (
    <section className="card stack" aria-label={t`AI bartender`}>
      <button type="button" className="btn btn-block" disabled={aiRound.isPending} onClick={ask}>
        <Sparkles aria-hidden="true" size={18} />
        {aiRound.isPending ? t`Asking the bartender...` : t`Ask the bartender for the table`}
      </button>
      {added && (
        <div role="status">
          {added.length === 0 ? <p>{t`The bartender had nothing to add.`}</p> : (
            <>
              <p><strong>{t`The bartender added:`}</strong></p>
              <ul className="ai-round-added" aria-label={t`The bartender's round`}>
                {added.map((s) => (
                  <li key={s.member_id}>
                    <strong>{s.member_id === you ? t`You` : s.member_name}:</strong> {s.name ?? t`nothing this time`}
                    {(s.honoured.length > 0 || !s.name) && <span className="muted"> · {s.honoured.length > 0 ? s.honoured.join(' ') : s.message}</span>}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
