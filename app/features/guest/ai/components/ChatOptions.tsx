import { lazyAfterPaint } from '../../../../ui/lazy-after-paint';
import { useLingui } from '@lingui/react/macro';
import type { ChatPicks } from './chat-picks';

// The chips inside the closed <details>, and the button that sends what they picked: no first paint draws them, so
// they load after it (docs/decisions/275).
const ChatOptionGroups = lazyAfterPaint(() => import('./ChatOptionGroups').then((m) => m.ChatOptionGroups));
export const SuggestFromPicks = lazyAfterPaint(() => import('./ChatOptionGroups').then((m) => m.SuggestFromPicks));

/** The chat's quick-option chips (docs/product.md §10.4): base, flavour, sweetness, strength, extras. */
export function ChatOptions({ picks, onChange }: { picks: ChatPicks; onChange: (p: ChatPicks) => void }) {
  const { t } = useLingui();
  return (
    <details className="chat-options card">
      <summary>{t`Quick options`}</summary>
      <ChatOptionGroups picks={picks} onChange={onChange} />
    </details>
  );
}
