import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import type { TableCartLine } from '../../../shared/schemas/tables';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../ui/toast';
import { useAiRound } from './api';

type Added = { id: string; text: string };

/**
 * "Ask the bartender for the table": the AI bartender proposes one drink per member, honouring what each said
 * in their own chats here, and puts them in the cart (docs/decisions/170). What it added is listed, read from
 * the cart itself: the lines that were not in it when the guest asked.
 */
export function AiRoundButton({ sessionId, you, lines }: { sessionId: string; you: string | null; lines: TableCartLine[] }) {
  const aiRound = useAiRound(sessionId);
  const [added, setAdded] = useState<Added[] | null>(null);

  const ask = () => {
    const before = new Set(lines.map((l) => l.id));
    setAdded(null);
    aiRound.mutate(undefined, {
      onSuccess: ({ table }) => {
        const fresh = table.cart.lines.filter((l) => !before.has(l.id));
        setAdded(fresh.map((l) => ({ id: l.id, text: `${l.qty} × ${l.name} for ${l.member_id === you ? 'you' : l.member_name}` })));
      },
      onError: (err) => toast.error(errorMessage(err, "The bartender couldn't suggest a round. Please try again.")),
    });
  };

  return (
    <section className="card stack" aria-label="AI bartender">
      <button type="button" className="btn btn-block" disabled={aiRound.isPending} onClick={ask}>
        <Sparkles aria-hidden="true" size={18} />
        {aiRound.isPending ? 'Asking the bartender...' : 'Ask the bartender for the table'}
      </button>
      {added && (
        <div role="status">
          {added.length === 0 ? <p>The bartender had nothing new to add.</p> : (
            <>
              <p><strong>The bartender added:</strong></p>
              <ul className="ai-round-added">{added.map((a) => <li key={a.id}>{a.text}</li>)}</ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
