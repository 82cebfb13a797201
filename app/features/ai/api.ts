// The guest's AI bartender calls: vibe and chat suggestions, likes and dislikes, and the link from
// a suggestion to the order it led to. Settings and analytics hooks live with the back-office screens.
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AiSuggestion, type ChatInput, type VibeInput } from '../../../shared/schemas/ai';
import { apiRequest } from '../../lib/api-client';
import { ensureGuestSession } from '../auth/guest-session';

const SCHEMA_LABEL = 'aiApi';
const FeedbackAnswer = z.object({ id: z.string(), feedback: z.enum(['like', 'dislike']) });
const OrderedAnswer = z.object({ id: z.string(), was_ordered: z.boolean(), order_id: z.string() });

async function suggest(path: string, body: unknown, slug: string) {
  await ensureGuestSession(slug);
  return apiRequest('POST', path, { body, credentials: 'guest', schema: AiSuggestion, schemaLabel: SCHEMA_LABEL });
}

export const useVibeSuggestion = (slug: string) =>
  useMutation({ mutationFn: (body: Omit<VibeInput, 'slug' | 'venue_slug'>) => suggest('/ai/vibe', { ...body, slug }, slug) });

export const useChatSuggestion = (slug: string) =>
  useMutation({ mutationFn: (body: Omit<ChatInput, 'slug' | 'venue_slug'>) => suggest('/ai/chat', { ...body, venue_slug: slug }, slug) });

export const useSuggestionFeedback = () =>
  useMutation({
    mutationFn: ({ interactionId, feedback }: { interactionId: string; feedback: 'like' | 'dislike' }) =>
      apiRequest('POST', `/ai/interactions/${encodeURIComponent(interactionId)}/feedback`, {
        body: { feedback }, credentials: 'guest', schema: FeedbackAnswer, schemaLabel: SCHEMA_LABEL,
      }),
  });

/** After an AI-referred order: marks the suggestion ordered (feeds the AI conversion numbers). */
export const markSuggestionOrdered = (interactionId: string, orderId: string) =>
  apiRequest('POST', `/ai/interactions/${encodeURIComponent(interactionId)}/ordered`, {
    body: { order_id: orderId }, credentials: 'guest', schema: OrderedAnswer, schemaLabel: SCHEMA_LABEL,
  });
