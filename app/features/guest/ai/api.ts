// The guest's AI bartender calls: vibe and chat suggestions, likes and dislikes, and the link from
// a suggestion to the order it led to. Settings and analytics hooks live with the back-office screens.
import { useMutation } from '@tanstack/react-query';
// Types only: guest pages download no zod (bundle budget, docs/decisions/080). The suggestion is
// checked with zod where it is made, in the Worker (docs/product.md §6.1).
import type { ChatInput, VibeInput } from '../../../../shared/schemas/ai';
import { apiRequest } from '../../../lib/api-client';
import { ensureGuestSession } from '../../auth/guest-session';

export const useVibeSuggestion = (slug: string) =>
  useMutation({
    mutationFn: async (body: Omit<VibeInput, 'slug'>) => {
      await ensureGuestSession(slug);
      return apiRequest('POST', '/ai/vibe', { body: { ...body, slug }, credentials: 'guest' });
    },
  });

export const useChatSuggestion = (slug: string) =>
  useMutation({
    mutationFn: async (body: Omit<ChatInput, 'slug'>) => {
      await ensureGuestSession(slug);
      return apiRequest('POST', '/ai/chat', { body: { ...body, slug }, credentials: 'guest' });
    },
  });

export const useSuggestionFeedback = () =>
  useMutation({
    mutationFn: ({ interactionId, feedback }: { interactionId: string; feedback: 'like' | 'dislike' }) =>
      apiRequest('POST', '/ai/interactions/:id/feedback', { params: { id: interactionId },
        body: { feedback }, credentials: 'guest',
      }),
  });

/** After an AI-referred order: marks the suggestion ordered (feeds the AI conversion numbers). */
export const markSuggestionOrdered = (interactionId: string, orderId: string) =>
  apiRequest('POST', '/ai/interactions/:id/ordered', { params: { id: interactionId },
    body: { order_id: orderId }, credentials: 'guest',
  });
