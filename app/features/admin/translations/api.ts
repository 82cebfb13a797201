// TanStack Query hooks of the admin's Translations screen (/api/admin/translations, docs/api.md, docs/decisions/217).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentLanguage } from '../../../../shared/languages';
import { AdminTranslations, AiDraftsResponse, TranslationResponse, VenueTextsResponse, type TranslationInput, type VenueTextsInput } from '../../../../shared/schemas/translations';
import { apiRequest } from '../../../lib/api-client';

export const translationQueries = {
  /** Without a language, the server shows the first other than the menu's own. */
  list: (lang: ContentLanguage | null) => queryOptions({
    queryKey: ['admin', 'translations', lang ?? 'first'] as const,
    queryFn: () => apiRequest('GET', '/admin/translations', { query: lang ? { lang } : {}, schema: AdminTranslations }),
  }),
};

export const useTranslations = (lang: ContentLanguage | null) => useQuery(translationQueries.list(lang));

/** Every write answers one translation; the language's list is read again (its counts change with it). */
function useTranslationWrite<V, R>(send: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'translations'] }),
  });
}

export const useSaveTranslation = () => useTranslationWrite(({ id, lang, body }: { id: string; lang: ContentLanguage; body: TranslationInput }) =>
  apiRequest('PUT', '/admin/translations/:id/:lang', { params: { id, lang }, body, schema: TranslationResponse }));

export const useApproveTranslation = () => useTranslationWrite(({ id, lang }: { id: string; lang: ContentLanguage }) =>
  apiRequest('POST', '/admin/translations/:id/:lang/approve', { params: { id, lang }, schema: TranslationResponse }));

export const useRemoveTranslation = () => useTranslationWrite(({ id, lang }: { id: string; lang: ContentLanguage }) =>
  apiRequest('DELETE', '/admin/translations/:id/:lang', { params: { id, lang } }));

/** The venue's own description in a language (docs/decisions/265). */
export const useSaveVenueTexts = () => useTranslationWrite(({ lang, body }: { lang: ContentLanguage; body: VenueTextsInput }) =>
  apiRequest('PUT', '/admin/translations/venue/:lang', { params: { lang }, body, schema: VenueTextsResponse }));

export const useRemoveVenueTexts = () => useTranslationWrite((lang: ContentLanguage) =>
  apiRequest('DELETE', '/admin/translations/venue/:lang', { params: { lang } }));

export const useDraftWithAi = () => useTranslationWrite((lang: ContentLanguage) =>
  apiRequest('POST', '/admin/translations/ai-drafts', { body: { lang }, schema: AiDraftsResponse }));
