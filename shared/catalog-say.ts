// Saying a message from a compiled .po catalog (docs/decisions/262): one rule for the app (app/i18n/lingui.ts) and
// the Worker's first paint (worker/pages/first-paint-words.ts), so both write the same words (docs/decisions/272).
import type { I18n, Messages } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { english, type MessageDescriptor, type Say } from './english-messages';

/**
 * A message's id in the catalog. The build hands the runtime a macro's English message without its generated id
 * (vite.config.ts, `linguiMessageOnly`): hashed, it is that id again. A text decided at run time is its own id
 * (marked `/*i18n*\/` where written).
 */
const hashes = new Map<string, string>();
function idIn(messages: Messages, id: string | MessageDescriptor): string | undefined {
  if (typeof id !== 'string') return id.id ?? (id.message === undefined ? undefined : idIn(messages, id.message));
  const hashed = hashes.get(id) ?? generateMessageId(id);
  hashes.set(id, hashed);
  return Object.hasOwn(messages, hashed) ? hashed : Object.hasOwn(messages, id) ? id : undefined;
}

/**
 * The translate function of `i18n` holding `messages` (a .po catalog the Vite plugin compiled). A message the
 * catalog lacks (a category a venue named itself, read at run time) is said as written.
 */
export function catalogSay(i18n: I18n, messages: Messages): Say {
  return (descriptor, values) => {
    const id = idIn(messages, descriptor);
    if (id === undefined) return english(descriptor, values);
    return i18n._(id, typeof descriptor === 'string' ? values : descriptor.values ?? values);
  };
}
