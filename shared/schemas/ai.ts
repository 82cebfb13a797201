// Wire shapes of the AI bartender (/api/ai/*): guest suggestion calls, interactions, and the
// venue and platform settings that shape both suggestion back ends.
import { DAY_WINDOWS as AI_DATE_RANGES } from './common';
import { z } from 'zod';
import { CHAT_MAX_MESSAGES } from '../constants';
import { VIBE_MAX_PICKS, VIBE_MIN_PICKS, VIBE_OPTIONS } from '../ai-options';
import { RecipeLine } from './cart';
import { ContentLanguage } from './language';

const Word = z.string().trim().min(1).max(40);

export const VIBE_TAGS = [...VIBE_OPTIONS.spirits, ...VIBE_OPTIONS.flavors, ...VIBE_OPTIONS.styles] as const;
export type VibeTag = (typeof VIBE_TAGS)[number];

export const AI_BACKENDS = ['workers-ai', 'local'] as const;
export type AiBackendName = (typeof AI_BACKENDS)[number];

export const CREATIVITY_LEVELS = ['conservative', 'balanced', 'creative'] as const;
export type CreativityLevel = (typeof CREATIVITY_LEVELS)[number];

/** Chat / vibe context (docs/product.md §6.4): sweetness defaults to balanced, strength to standard. */
export const AiContext = z.object({
  baseSpirit: Word.nullable().optional(),
  flavors: z.array(Word).max(10).default([]),
  extras: z.array(Word).max(10).default([]),
  sweetness: Word.default(/*i18n*/ 'Balanced'),
  strength: Word.default(/*i18n*/ 'Standard'),
});
export type AiContext = z.infer<typeof AiContext>;
export type AiContextInput = z.input<typeof AiContext>;

export const ChatMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().trim().max(2000),
  /**
   * An assistant message's suggestion: what a refinement ("make it stronger", "less sweet") starts from
   * (docs/decisions/190). Only its name and menu drink travel; what it holds is read from stored data.
   */
  suggestion: z.object({
    name: z.string().trim().min(1).max(120),
    menu_drink_id: z.string().trim().min(1).max(100).nullable(),
  }).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/**
 * Every AI call names its venue one way: `slug` (docs/decisions/228). `lang` is the guest's language: the deployed
 * model is asked to answer in it (docs/decisions/217); the local engine's texts stay English.
 */
const VenueSlugFields = {
  slug: z.string({ error: 'slug is required' }).trim().min(1, 'slug is required').max(100),
  lang: ContentLanguage.optional(),
};

/**
 * POST /api/ai/chat: the conversation so far, every guest message in it (constraints hold for the whole chat,
 * docs/decisions/254); the last message is the guest's, and not blank.
 */
export const ChatInput = z.object({
  ...VenueSlugFields,
  messages: z.array(ChatMessage).min(1, 'messages is required').max(CHAT_MAX_MESSAGES, `A chat carries at most ${CHAT_MAX_MESSAGES} messages`),
  context: AiContext.optional(),
}).refine((v) => {
  const last = v.messages[v.messages.length - 1];
  return last?.role === 'user' && last.content.length > 0;
}, { message: 'The last message must be a non-blank guest message', path: ['messages'] });
export type ChatInput = z.input<typeof ChatInput>;

/** POST /api/ai/vibe: 2 to 3 distinct tags from the spec's vibe lists. */
export const VibeInput = z.object({
  ...VenueSlugFields,
  selectedCategories: z.array(z.enum(VIBE_TAGS))
    .min(VIBE_MIN_PICKS, `Pick at least ${VIBE_MIN_PICKS} vibes`)
    .max(VIBE_MAX_PICKS, `Pick at most ${VIBE_MAX_PICKS} vibes`)
    .refine((tags) => new Set(tags).size === tags.length, 'Each vibe can be picked once'),
  preferenceCount: z.number().int().min(0).max(10).optional(),
  additionalRequest: z.string().trim().max(300).optional(),
});
export type VibeInput = z.input<typeof VibeInput>;

/** POST /api/ai/recommend-new: a new creation from the venue's stock (spec call table). */
export const RecommendNewInput = z.object({
  ...VenueSlugFields,
  available_ingredients: z.array(z.string().trim().min(1).max(120)).max(200).optional(),
  preferences: z.union([z.array(Word).max(20), AiContext.partial().extend({ tags: z.array(Word).max(20).optional() })]).optional(),
  additional_request: z.string().trim().max(300).optional(),
  limit: z.number().int().min(1).max(1).default(1),
});
export type RecommendNewInput = z.input<typeof RecommendNewInput>;

/** POST /api/ai/log: a free payload (spec call table), kept as a 'log' interaction of a venue. */
export const AiLogInput = z.record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 8000, 'The log payload is too large')
  .refine((v) => typeof v.slug === 'string' && v.slug.length > 0, { message: 'slug is required', path: ['slug'] });

export const InteractionFeedbackInput = z.object({ feedback: z.enum(['like', 'dislike']) });
export const InteractionOrderedInput = z.object({ order_id: z.string().trim().min(1).max(100) });

/**
 * One suggestion (docs/product.md §6.2 AI suggestion) plus what the screens need to show and order it, and the
 * call table's aliases (drink_name, image_url, description, menu_drink_id).
 */
export const AiSuggestion = z.object({
  interaction_id: z.string(),
  backend: z.enum(AI_BACKENDS),
  model: z.string(),
  /** Why the local engine answered although Workers AI is configured; null otherwise. */
  fallback_reason: z.string().nullable(),
  type: z.enum(['creation', 'menu']),
  previewName: z.string(),
  blurb: z.string(),
  heroImageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  menuDrinkId: z.string().nullable(),
  recipe: z.array(RecipeLine),
  /** From stored data only: the drink's derived facts, or the creation's ingredients (docs/decisions/238). */
  allergens: z.array(z.string()),
  contains_alcohol: z.boolean(),
  garnish: z.string().nullable(),
  price_cents: z.number().int(),
  price: z.number(),
  /** The assistant's reply to show in the chat. */
  message: z.string(),
  /**
   * "With an allergy, please confirm with the bar staff when you order.", in the guest's language, whenever an
   * allergy may be at stake: every AI screen shows it beside the suggestion (docs/decisions/189).
   */
  confirm_with_staff: z.string().nullable(),
  /**
   * What the guest said about their body, as the bar reads it ("Allergy: nuts (said to the AI bartender)"):
   * an order placed from this suggestion carries it in its special instructions (docs/decisions/189).
   */
  order_note: z.string().nullable(),
  /** Recipe lines of a menu drink that no ingredient vouches for (docs/decisions/238). */
  unchecked_ingredients: z.array(z.string()),
  drink_name: z.string(),
  image_url: z.string().nullable(),
  description: z.string(),
  menu_drink_id: z.string().nullable(),
});
export type AiSuggestion = z.infer<typeof AiSuggestion>;

// ---------------------------------------------------------------------------------------------
// Venue AI settings and analytics (admin)

const tenths = (n: number) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9;

export const AiSettingsInput = z.object({
  temperature: z.number().min(0.1, 'Temperature must be between 0.1 and 1').max(1, 'Temperature must be between 0.1 and 1')
    .refine(tenths, 'Temperature moves in steps of 0.1'),
  max_tokens: z.number().int().min(100, 'Max tokens must be between 100 and 1000').max(1000, 'Max tokens must be between 100 and 1000')
    .refine((n) => n % 50 === 0, 'Max tokens moves in steps of 50'),
  creativity_level: z.enum(CREATIVITY_LEVELS),
});
export type AiSettingsInput = z.infer<typeof AiSettingsInput>;

export const AiConfig = z.object({
  temperature: z.number(),
  max_tokens: z.number().int(),
  creativity_level: z.enum(CREATIVITY_LEVELS),
});
export type AiConfig = z.infer<typeof AiConfig>;

export const AiSettingsResponse = z.object({
  ai_config: AiConfig,
  current_settings: AiConfig,
  backend: z.enum(AI_BACKENDS),
  model: z.string(),
  updated_at: z.string().nullable(),
});
export type AiSettingsResponse = z.infer<typeof AiSettingsResponse>;

export const AiAnalytics = z.object({
  total_interactions_30_days: z.number().int(),
  /** Likes over likes + dislikes, 0 to 100; null while nobody has rated a suggestion. */
  satisfaction_rate_percent: z.number().nullable(),
  liked_interactions: z.number().int(),
  disliked_interactions: z.number().int(),
  ai_orders_30_days: z.number().int(),
  ordered_interactions_30_days: z.number().int(),
  conversion_rate_percent: z.number(),
  backend: z.enum(AI_BACKENDS),
  model: z.string(),
});
export type AiAnalytics = z.infer<typeof AiAnalytics>;
export const AiAnalyticsResponse = z.object({ analytics: AiAnalytics });

// ---------------------------------------------------------------------------------------------
// Platform AI settings (super admin)

/** Trimmed, blanks and case-insensitive duplicates dropped, first spelling kept. */
const GarnishList = z.array(z.string().max(80)).max(60).default([]).transform((list) => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const item = raw.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
});

export const GlobalPromptInput = z.object({
  system_prompt: z.string().trim().min(1, 'System prompt is required').max(8000),
  garnish_suggestions: GarnishList,
  notes: z.string().trim().max(4000).default(''),
});
export type GlobalPromptInput = z.input<typeof GlobalPromptInput>;

export const GlobalPrompt = z.object({
  system_prompt: z.string(),
  garnish_suggestions: z.array(z.string()),
  notes: z.string(),
  updated_at: z.string().nullable(),
});
export type GlobalPrompt = z.infer<typeof GlobalPrompt>;

/** The flavor rule editor sends JSON text or an object; either must parse to the right shape. */
const jsonObject = <S extends z.ZodType>(schema: S) => z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Invalid JSON format' });
    return z.NEVER;
  }
}, schema);

const FactorMap = (min: number, max: number, label: string) => z.record(Word, z.number()
  .min(min, `${label} factors must be between ${min} and ${max}`).max(max, `${label} factors must be between ${min} and ${max}`)).default({});

export const BaseProfile = z.object({
  flavor_tags: z.array(Word).min(1, 'flavor_tags needs at least one tag').max(12),
  strength: Word.optional(),
  sweetness: Word.optional(),
});
export const AdjustmentLogic = z.object({
  /** Multipliers for drinks carrying a tag: 1 to 3 raise a score. */
  boost_factors: FactorMap(1, 3, 'Boost'),
  /** Multipliers for drinks carrying a tag: 0 to 1 lower a score. */
  reduce_factors: FactorMap(0, 1, 'Reduce'),
});

export const RULE_NAME_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

export const FlavorRuleInput = z.object({
  rule_name: z.string().trim().min(1, 'Rule name is required').max(60)
    .regex(RULE_NAME_PATTERN, 'Rule name must be lowercase with underscores'),
  base_profile: jsonObject(BaseProfile),
  adjustment_logic: jsonObject(AdjustmentLogic),
  garnish_suggestions: GarnishList,
  notes: z.string().trim().max(2000).default(''),
});
export type FlavorRuleInput = z.input<typeof FlavorRuleInput>;

export const FlavorRule = z.object({
  id: z.string(),
  rule_name: z.string(),
  base_profile: z.object({ flavor_tags: z.array(z.string()), strength: z.string().optional(), sweetness: z.string().optional() }),
  adjustment_logic: z.object({ boost_factors: z.record(z.string(), z.number()), reduce_factors: z.record(z.string(), z.number()) }),
  garnish_suggestions: z.array(z.string()),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FlavorRule = z.infer<typeof FlavorRule>;
/** GET /api/ai/flavor-rules. */
export const FlavorRuleList = z.object({ rules: z.array(FlavorRule) });
export type FlavorRuleList = z.infer<typeof FlavorRuleList>;
/** POST /api/ai/flavor-rules and PUT /api/ai/flavor-rules/{id}. */
export const FlavorRuleResponse = z.object({ rule: FlavorRule });
export type FlavorRuleResponse = z.infer<typeof FlavorRuleResponse>;
/** DELETE /api/ai/flavor-rules/{id}. */
export const FlavorRuleDeleted = z.object({ success: z.literal(true), id: z.string() });
export type FlavorRuleDeleted = z.infer<typeof FlavorRuleDeleted>;

export { DAY_WINDOWS as AI_DATE_RANGES } from './common';
export const AiAnalyticsQuery = z.object({
  venueFilter: z.string().trim().min(1).max(100).default('all'),
  dateRange: z.enum(AI_DATE_RANGES).default('30d'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const AiKpis = z.object({
  interactions: z.number().int(),
  /** Percent change against the previous period of the same length. */
  interactionsChange: z.number(),
  aiOrders: z.number().int(),
  aiOrdersChange: z.number(),
  /** Percent of interactions that ended in an order. */
  conversion: z.number(),
  /** Change in percentage points against the previous period. */
  conversionChange: z.number(),
});
export type AiKpis = z.infer<typeof AiKpis>;

export const AiInteraction = z.object({
  id: z.string(),
  venue_name: z.string(),
  venue_slug: z.string(),
  kind: z.string(),
  query: z.string(),
  selected_drink_name: z.string().nullable(),
  was_ordered: z.boolean(),
  feedback: z.enum(['like', 'dislike']).nullable(),
  backend: z.string(),
  model: z.string().nullable(),
  created_at: z.string(),
});
export type AiInteraction = z.infer<typeof AiInteraction>;
/** GET /api/ai/interactions. */
export const AiInteractionList = z.object({ interactions: z.array(AiInteraction) });
export type AiInteractionList = z.infer<typeof AiInteractionList>;
