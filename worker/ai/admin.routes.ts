import { and, asc, eq, ne, or } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { newId } from '../../shared/ids';
import { AiAnalyticsQuery, AiSettingsInput, FlavorRuleInput, GlobalPromptInput, type AiSettingsResponse, type AiInteractionList, type FlavorRule, type FlavorRuleDeleted, type FlavorRuleList, type FlavorRuleResponse } from '../../shared/schemas/ai';
import { IdParam } from '../../shared/schemas/common';
import { listInteractions, platformKpis, venueAnalytics } from './analytics';
import { DEFAULT_AI_SETTINGS, DEFAULT_GARNISHES, DEFAULT_SYSTEM_PROMPT } from './grounding';
import { activeBackendInfo } from './suggestion-service';
import { requireAdmin, requireSuperadmin, scopedVenueId } from '../auth';
import { aiGlobalPrompt, aiSettings, flavorRules, venues } from '../db/schema';
import type { AppContext, Db } from '../env';
import { conflict, notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { changedFields, describeWrite } from '../audit';
import { everyVenueDatabase, scopedVenueDatabase, venueDatabase } from '../shards';

/**
 * The admin's venue (superadmin: ?restaurant_id, by id or slug) and the database that holds its AI settings and
 * interactions: the venue's shard (docs/decisions/150).
 */
async function adminVenue(c: Context<AppContext>) {
  const ref = scopedVenueId(c);
  const { db } = await scopedVenueDatabase(c);
  const venue = await db.query.venues.findFirst({ columns: { id: true }, where: or(eq(venues.id, ref), eq(venues.slug, ref)) });
  if (!venue) throw notFound('Venue not found');
  return { id: venue.id, db };
}

async function settingsAnswer(c: Context<AppContext>, db: Db, venueId: string): Promise<AiSettingsResponse> {
  const row = await db.query.aiSettings.findFirst({ where: eq(aiSettings.restaurantId, venueId) });
  const config = row
    ? { temperature: row.temperature, max_tokens: row.maxTokens, creativity_level: row.creativityLevel }
    : { temperature: DEFAULT_AI_SETTINGS.temperature, max_tokens: DEFAULT_AI_SETTINGS.maxTokens, creativity_level: DEFAULT_AI_SETTINGS.creativityLevel };
  return { ai_config: config, current_settings: config, ...activeBackendInfo(c.env), updated_at: row?.updatedAt ?? null };
}

const toFlavorRule = (row: typeof flavorRules.$inferSelect): FlavorRule => ({
  id: row.id,
  rule_name: row.ruleName,
  base_profile: row.baseProfile,
  adjustment_logic: { boost_factors: row.adjustmentLogic.boost_factors ?? {}, reduce_factors: row.adjustmentLogic.reduce_factors ?? {} },
  garnish_suggestions: row.garnishSuggestions,
  notes: row.notes,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

/** What an audit entry compares of a rule: everything a person edits. */
const ruleFields = (rule: FlavorRule) => ({
  rule_name: rule.rule_name, base_profile: rule.base_profile, adjustment_logic: rule.adjustment_logic,
  garnish_suggestions: rule.garnish_suggestions, notes: rule.notes,
});

async function assertRuleNameFree(db: Db, name: string, exceptId?: string) {
  const clash = await db.query.flavorRules.findFirst({
    columns: { id: true },
    where: exceptId ? and(eq(flavorRules.ruleName, name), ne(flavorRules.id, exceptId)) : eq(flavorRules.ruleName, name),
  });
  if (clash) throw conflict(`A flavor rule named "${name}" already exists`, 'duplicate_rule_name');
}

/**
 * 'all', or a venue's slug (or id) → the venue id to filter on (from the control database's venue records), and
 * the databases holding the interactions and orders to read: that venue's shard, or every database that holds
 * venues (docs/decisions/150).
 */
async function venueFilter(c: Context<AppContext>, filter: string) {
  if (filter === 'all') return { venueId: null, dbs: (await everyVenueDatabase(c.env)).map((database) => database.db) };
  const venue = await c.get('db').query.venues.findFirst({ columns: { id: true }, where: or(eq(venues.slug, filter), eq(venues.id, filter)) });
  if (!venue) throw notFound('Venue not found');
  return { venueId: venue.id, dbs: [(await venueDatabase(c.env, venue.id)).db] };
}

const now = () => new Date().toISOString();

/** Venue AI settings (admins) and the platform's prompt, rules and AI analytics (super admins). */
export const aiAdminRoutes = new Hono<AppContext>()
  .get('/admin/settings', requireAdmin, async (c) => {
    const venue = await adminVenue(c);
    return c.json(await settingsAnswer(c, venue.db, venue.id));
  })
  .post('/admin/settings', requireAdmin, validate('json', AiSettingsInput), async (c) => {
    const venue = await adminVenue(c);
    const body = c.req.valid('json');
    const before = (await settingsAnswer(c, venue.db, venue.id)).ai_config;
    const values = { temperature: body.temperature, maxTokens: body.max_tokens, creativityLevel: body.creativity_level, updatedAt: now() };
    describeWrite(c, {
      action: 'ai_settings.update', targetType: 'venue', targetId: venue.id, restaurantId: venue.id, summary: 'Changed the AI bartender settings',
      ...changedFields(before, { temperature: body.temperature, max_tokens: body.max_tokens, creativity_level: body.creativity_level }),
    });
    await venue.db.insert(aiSettings).values({ restaurantId: venue.id, ...values })
      .onConflictDoUpdate({ target: aiSettings.restaurantId, set: values });
    return c.json(await settingsAnswer(c, venue.db, venue.id));
  })
  .get('/admin/analytics', requireAdmin, async (c) => {
    const venue = await adminVenue(c);
    const analytics = await venueAnalytics(venue.db, venue.id);
    return c.json({ analytics: { ...analytics, ...activeBackendInfo(c.env) } });
  })
  .get('/global-prompt', requireSuperadmin, async (c) => {
    const row = await c.get('db').query.aiGlobalPrompt.findFirst({ where: eq(aiGlobalPrompt.id, 1) });
    return c.json(row
      ? { system_prompt: row.systemPrompt, garnish_suggestions: row.garnishSuggestions, notes: row.notes, updated_at: row.updatedAt }
      : { system_prompt: DEFAULT_SYSTEM_PROMPT, garnish_suggestions: DEFAULT_GARNISHES, notes: '', updated_at: null });
  })
  .post('/global-prompt', requireSuperadmin, validate('json', GlobalPromptInput), async (c) => {
    const body = c.req.valid('json');
    const row = await c.get('db').query.aiGlobalPrompt.findFirst({ where: eq(aiGlobalPrompt.id, 1) });
    const before = row
      ? { system_prompt: row.systemPrompt, garnish_suggestions: row.garnishSuggestions, notes: row.notes }
      : { system_prompt: DEFAULT_SYSTEM_PROMPT, garnish_suggestions: DEFAULT_GARNISHES, notes: '' };
    describeWrite(c, {
      action: 'ai_prompt.update', targetType: 'ai_prompt', targetId: 'global', restaurantId: null, summary: 'Edited the AI bartender prompt',
      ...changedFields(before, { system_prompt: body.system_prompt, garnish_suggestions: body.garnish_suggestions, notes: body.notes }),
    });
    const values = { systemPrompt: body.system_prompt, garnishSuggestions: body.garnish_suggestions, notes: body.notes, updatedAt: now() };
    await c.get('db').insert(aiGlobalPrompt).values({ id: 1, ...values }).onConflictDoUpdate({ target: aiGlobalPrompt.id, set: values });
    return c.json({ system_prompt: values.systemPrompt, garnish_suggestions: values.garnishSuggestions, notes: values.notes, updated_at: values.updatedAt });
  })
  .get('/flavor-rules', requireSuperadmin, async (c) => {
    const rows = await c.get('db').select().from(flavorRules).orderBy(asc(flavorRules.ruleName));
    return c.json({ rules: rows.map(toFlavorRule) } satisfies FlavorRuleList);
  })
  .post('/flavor-rules', requireSuperadmin, validate('json', FlavorRuleInput), async (c) => {
    const db = c.get('db');
    const body = c.req.valid('json');
    await assertRuleNameFree(db, body.rule_name);
    const [row] = await db.insert(flavorRules).values({
      id: newId(), ruleName: body.rule_name, baseProfile: body.base_profile, adjustmentLogic: body.adjustment_logic,
      garnishSuggestions: body.garnish_suggestions, notes: body.notes,
    }).returning();
    const rule = toFlavorRule(row!);
    describeWrite(c, { action: 'flavor_rule.create', targetType: 'flavor_rule', targetId: rule.id, restaurantId: null, summary: `Added flavour rule ${rule.rule_name}`, before: null, after: ruleFields(rule) });
    return c.json({ rule } satisfies FlavorRuleResponse, 201);
  })
  .put('/flavor-rules/:id', requireSuperadmin, validate('param', IdParam), validate('json', FlavorRuleInput), async (c) => {
    const db = c.get('db');
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const existing = await db.query.flavorRules.findFirst({ where: eq(flavorRules.id, id) });
    if (!existing) throw notFound('Flavor rule not found');
    await assertRuleNameFree(db, body.rule_name, id);
    const [row] = await db.update(flavorRules).set({
      ruleName: body.rule_name, baseProfile: body.base_profile, adjustmentLogic: body.adjustment_logic,
      garnishSuggestions: body.garnish_suggestions, notes: body.notes, updatedAt: now(),
    }).where(eq(flavorRules.id, id)).returning();
    const rule = toFlavorRule(row!);
    describeWrite(c, {
      action: 'flavor_rule.update', targetType: 'flavor_rule', targetId: id, restaurantId: null, summary: `Edited flavour rule ${rule.rule_name}`,
      ...changedFields(ruleFields(toFlavorRule(existing)), ruleFields(rule)),
    });
    return c.json({ rule } satisfies FlavorRuleResponse);
  })
  .delete('/flavor-rules/:id', requireSuperadmin, validate('param', IdParam), async (c) => {
    const [row] = await c.get('db').delete(flavorRules).where(eq(flavorRules.id, c.req.valid('param').id)).returning();
    if (!row) throw notFound('Flavor rule not found');
    const rule = toFlavorRule(row);
    describeWrite(c, { action: 'flavor_rule.delete', targetType: 'flavor_rule', targetId: rule.id, restaurantId: null, summary: `Deleted flavour rule ${rule.rule_name}`, before: ruleFields(rule), after: null });
    return c.json({ success: true, id: row.id } satisfies FlavorRuleDeleted);
  })
  .get('/kpis', requireSuperadmin, validate('query', AiAnalyticsQuery), async (c) => {
    const query = c.req.valid('query');
    const { venueId, dbs } = await venueFilter(c, query.venueFilter);
    return c.json(await platformKpis(dbs, venueId, query.dateRange));
  })
  .get('/interactions', requireSuperadmin, validate('query', AiAnalyticsQuery), async (c) => {
    const query = c.req.valid('query');
    const { venueId, dbs } = await venueFilter(c, query.venueFilter);
    return c.json({ interactions: await listInteractions(dbs, venueId, query.dateRange, query.limit) } satisfies AiInteractionList);
  });
