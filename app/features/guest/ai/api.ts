// The guest's AI bartender calls: vibe and chat suggestions. What a suggestion card sends (likes, the order it led
// to) is ./suggestion-api.ts, loaded with the card (docs/decisions/275). Settings and analytics hooks live with the
// back-office screens.
import { useMutation } from '@tanstack/react-query';
// Types only: guest pages download no zod (bundle budget, docs/decisions/219). The suggestion is
// checked with zod where it is made, in the Worker (docs/product.md §6.1).
import type { ChatInput, VibeInput } from '../../../../shared/schemas/ai';
import { useLocale } from '../../../i18n/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ensureGuestSession } from '../../auth/guest-session';

// The guest's language goes with every suggestion: the deployed model answers in it (docs/decisions/217).
export function useVibeSuggestion(slug: string) {
  const lang = useLocale();
  return useMutation({
    mutationFn: async (body: Omit<VibeInput, 'slug' | 'lang'>) => {
      await ensureGuestSession(slug);
      return apiRequest('POST', '/ai/vibe', { body: { ...body, slug, lang }, credentials: 'guest' });
    },
  });
}

export function useChatSuggestion(slug: string) {
  const lang = useLocale();
  return useMutation({
    mutationFn: async (body: Omit<ChatInput, 'slug' | 'lang'>) => {
      await ensureGuestSession(slug);
      return apiRequest('POST', '/ai/chat', { body: { ...body, slug, lang }, credentials: 'guest' });
    },
  });
}
