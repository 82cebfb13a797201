// The platform AI settings calls (/api/ai/global-prompt, /flavor-rules, /kpis, /interactions),
// built by the AI feature's worker routes; this console screen drives them.
import type { DayWindow as AiRange } from '../../../../shared/schemas/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  AiInteractionList, AiKpis, FlavorRuleDeleted, FlavorRuleList, FlavorRuleResponse, GlobalPrompt, type FlavorRuleInput, type GlobalPromptInput,
} from '../../../../shared/schemas/ai';
import { SUPER_API_LABEL } from '../../../../shared/schemas/super';
import { apiRequest, type ApiMethod, type ApiPath, type ApiRequestOptions } from '../../../lib/api-client';

export type { DayWindow as AiRange } from '../../../../shared/schemas/common';


const aiKeys = {
  prompt: ['super', 'ai', 'global-prompt'] as const,
  rules: ['super', 'ai', 'flavor-rules'] as const,
  kpis: (venue: string, range: AiRange) => ['super', 'ai', 'kpis', venue, range] as const,
  interactions: (venue: string, range: AiRange) => ['super', 'ai', 'interactions', venue, range] as const,
};

const call = <M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, schema: z.ZodType, options: ApiRequestOptions<M, P> = {} as ApiRequestOptions<M, P>) =>
  apiRequest(method, path, { ...options, schema, schemaLabel: SUPER_API_LABEL });

/** The platform AI settings reads as query options (key and read together), for the hooks below and any prefetch or cache write alike. */
export const aiSettingsQueries = {
  prompt: () => queryOptions({
    queryKey: aiKeys.prompt,
    queryFn: () => call('GET', '/ai/global-prompt', GlobalPrompt),
  }),
  rules: () => queryOptions({
    queryKey: aiKeys.rules,
    queryFn: async () => (await call('GET', '/ai/flavor-rules', FlavorRuleList)).rules,
  }),
  kpis: (venueFilter: string, dateRange: AiRange) => queryOptions({
    queryKey: aiKeys.kpis(venueFilter, dateRange),
    queryFn: () => call('GET', '/ai/kpis', AiKpis, { query: { venueFilter, dateRange } }),
  }),
  interactions: (venueFilter: string, dateRange: AiRange) => queryOptions({
    queryKey: aiKeys.interactions(venueFilter, dateRange),
    queryFn: async () => (await call('GET', '/ai/interactions', AiInteractionList, { query: { venueFilter, dateRange } })).interactions,
  }),
};

export const useGlobalPrompt = () => useQuery(aiSettingsQueries.prompt());

export function useSaveGlobalPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GlobalPromptInput) => call('POST', '/ai/global-prompt', GlobalPrompt, { body }),
    onSuccess: (saved) => queryClient.setQueryData(aiSettingsQueries.prompt().queryKey, saved),
  });
}

export const useFlavorRules = () => useQuery(aiSettingsQueries.rules());

/** Spec: the rule editor creates when there is no id and updates when there is one. */
export function useSaveFlavorRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: FlavorRuleInput }) => (id
      ? call('PUT', '/ai/flavor-rules/:id', FlavorRuleResponse, { params: { id }, body })
      : call('POST', '/ai/flavor-rules', FlavorRuleResponse, { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.rules }),
  });
}

export function useDeleteFlavorRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE', '/ai/flavor-rules/:id', FlavorRuleDeleted, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.rules }),
  });
}

export const useAiKpis = (venueFilter: string, dateRange: AiRange) => useQuery(aiSettingsQueries.kpis(venueFilter, dateRange));

export const useAiInteractions = (venueFilter: string, dateRange: AiRange) => useQuery(aiSettingsQueries.interactions(venueFilter, dateRange));
