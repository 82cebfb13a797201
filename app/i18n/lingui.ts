// Lingui's runtime (@lingui/core) with a compiled catalog: loaded with the first language other than English
// (docs/decisions/262), in parallel with that language's catalog, so an English reader downloads neither.
import { i18n, type Messages } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { english, type MessageDescriptor, type Say } from './english';
import type { Locale } from './locales';

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
 * Makes `messages` (a .po catalog the Vite plugin compiled) Lingui's active catalog; returns its translate function.
 * A message the catalog lacks (a category a venue named itself, read at run time) is said as written.
 */
export function linguiFor(locale: Locale, messages: Messages): Say {
  i18n.loadAndActivate({ locale, messages });
  return (descriptor, values) => {
    const id = idIn(messages, descriptor);
    if (id === undefined) return english(descriptor, values);
    return i18n._(id, typeof descriptor === 'string' ? values : descriptor.values ?? values);
  };
}
