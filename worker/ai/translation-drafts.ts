// Drafts of a venue's menu in another language by Workers AI (docs/decisions/217). Deployed only: the binding
// exists under [env.production.ai], as for the AI bartender (worker/ai/suggestion-service.ts chooseBackend); the
// local engine does not translate, so locally the admin types translations in. A draft is never shown to guests
// until the admin approves it.
import { z } from 'zod';
import { LANGUAGE_ENGLISH_NAMES, type ContentLanguage } from '../../shared/languages';
import { ApiError } from '../lib/errors';
import { isCompleteTranslation, type TranslationText } from '../menu';
import { WORKERS_AI_MODEL } from './workers-ai';

/** Drinks per model call: a menu's worth of short texts, within the model's answer length. */
export const TRANSLATION_DRAFT_BATCH = 20;
export const TRANSLATION_DRAFT_TIMEOUT_MS = 30_000;

const DraftAnswer = z.object({
  translations: z.array(z.object({
    id: z.string().trim().min(1).max(100),
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).default(''),
  })).max(100),
});

const DRAFT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    translations: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' } }, required: ['id', 'name', 'description'] },
    },
  },
  required: ['translations'],
} as const;

export type DraftSource = TranslationText & { id: string };

export function draftMessages(from: ContentLanguage, to: ContentLanguage, drinks: readonly DraftSource[]) {
  const source = LANGUAGE_ENGLISH_NAMES[from];
  const target = LANGUAGE_ENGLISH_NAMES[to];
  return [
    {
      role: 'system',
      content: `You translate a bar's menu from ${source} into ${target}, for guests reading it on their phone. `
        + `Translate each drink's name and description. Keep a classic cocktail's name, a brand or a grape as bars in ${target}-speaking countries write it; `
        + 'translate descriptive names. Never add or leave out an ingredient, and keep amounts (ml) as they are. '
        + 'Answer with JSON only: {"translations": [{"id", "name", "description"}]}, one entry per drink, each id copied exactly; '
        + 'an empty description stays empty.',
    },
    { role: 'user', content: JSON.stringify(drinks.map((d) => ({ id: d.id, name: d.name, description: d.description }))) },
  ];
}

function readAnswer(output: unknown): unknown {
  const response = output && typeof output === 'object' && 'response' in output ? (output as { response: unknown }).response : output;
  if (typeof response !== 'string') return response;
  try {
    return JSON.parse(response);
  } catch {
    return null;
  }
}

/**
 * Workers AI's drafts of `drinks` in `to`: only drinks asked for, and only complete ones (a name, and a description
 * wherever the source has one). A model that fails or answers off-shape is a 502 the screen shows; nothing is stored.
 */
export async function draftTranslations(ai: Ai, from: ContentLanguage, to: ContentLanguage, drinks: readonly DraftSource[]): Promise<Map<string, TranslationText>> {
  const failed = () => new ApiError(502, 'ai_failed', 'Workers AI could not draft the translations; try again, or type them in');
  let output: unknown;
  let timer: ReturnType<typeof setTimeout> | null = null;
  try {
    output = await Promise.race([
      ai.run(WORKERS_AI_MODEL, {
        messages: draftMessages(from, to, drinks),
        response_format: { type: 'json_schema', json_schema: DRAFT_JSON_SCHEMA },
        max_tokens: 4096,
        temperature: 0.2,
      }),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), TRANSLATION_DRAFT_TIMEOUT_MS); }),
    ]);
  } catch (err) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'ai_translation_failed', error: err instanceof Error ? err.message : String(err) }));
    throw failed();
  } finally {
    if (timer !== null) clearTimeout(timer);
  }
  const parsed = DraftAnswer.safeParse(readAnswer(output));
  if (!parsed.success) throw failed();
  const asked = new Map(drinks.map((d) => [d.id, d]));
  const drafts = new Map<string, TranslationText>();
  for (const t of parsed.data.translations) {
    const source = asked.get(t.id);
    if (source && isCompleteTranslation(source, t)) drafts.set(t.id, { name: t.name, description: t.description });
  }
  return drafts;
}
