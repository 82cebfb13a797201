// What a suggestion card sends: a like or dislike, and the link from a suggestion to the order it led to (feeds the
// AI conversion numbers). Loaded with the card, after the AI pages' first paint (docs/decisions/275).
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

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
