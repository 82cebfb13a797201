// The AI round (docs/product.md §12.3): the bartender proposes one drink for each member of the table, honouring
// what each of them told the AI bartender at this venue since they sat down (allergies, alcohol-free, light). Each
// member's words are read by the AI's own reader (worker/ai/constraints.ts) and every candidate passes the same
// hard filter as a suggestion (docs/decisions/189): a stated constraint never only ranks.
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import type { AiRoundSuggestion } from '../../shared/schemas/tables';
import { drinkFacts, type GroundedDrink, honouredSentences, loadGrounding, LOCAL_MODEL, nothingFitsMessage, readConstraints, violations } from '../ai';
import { aiInteractions } from '../db/schema';
import type { Db } from '../env';
import { refusal } from '../lib/errors';
import type { NewLine, TableActor } from './commands';
import { memberByKeys, presentMembers, readTable, type MemberRow } from './queries';

/** What a member said to the AI bartender at this venue since they joined: every suggestion request's words. */
async function wordsSinceJoining(db: Db, venueId: string, member: MemberRow) {
  const rows = await db.select({ query: aiInteractions.query, context: aiInteractions.context, suggestion: aiInteractions.suggestion })
    .from(aiInteractions)
    .where(and(eq(aiInteractions.restaurantId, venueId), eq(aiInteractions.ownerKey, member.ownerKey), gte(aiInteractions.createdAt, member.joinedAt),
      inArray(aiInteractions.kind, ['chat', 'vibe', 'recommend'])))
    .orderBy(desc(aiInteractions.createdAt))
    .limit(50);
  const chatContext = (context: Record<string, unknown> | null) => (context?.context ?? null) as { baseSpirit?: string | null } | null;
  return {
    text: rows.map((r) => r.query).join('\n'),
    // The chat's base 'None' is a wish for no alcohol, as in a suggestion request (requestConstraints).
    zeroProofPicked: rows.some((r) => chatContext(r.context)?.baseSpirit?.trim().toLowerCase() === 'none'),
    /** The menu drink the bartender suggested to them last, if any: their taste, when it still fits. */
    lastSuggested: rows.map((r) => (r.suggestion as { menuDrinkId?: unknown } | null)?.menuDrinkId).find((id): id is string => typeof id === 'string') ?? null,
  };
}

/**
 * One drink per present member, as cart lines of each (added by the caller through the hub), each recorded as the
 * member's AI interaction so the round counts as AI-referred. A member nothing fits gets no line and a message
 * naming what they asked for.
 */
export async function aiRoundLines(db: Db, platform: Db, sessionId: string, actor: Extract<TableActor, { kind: 'guest' }>) {
  const rows = await readTable(db, sessionId);
  if (!rows) throw refusal(404, 'table_session_not_found');
  if (!memberByKeys(rows, actor.ownerKeys)) throw refusal(403, 'not_a_member', { table: rows.session.tableNumber });
  if (rows.session.status !== 'open') throw refusal(409, 'tab_billing.ai', { table: rows.session.tableNumber });
  const grounding = await loadGrounding(db, rows.venue, platform);
  const chosen = new Set<string>();
  const lines: NewLine[] = [];
  const suggestions: AiRoundSuggestion[] = [];
  const interactions: (typeof aiInteractions.$inferInsert)[] = [];
  const now = new Date().toISOString();
  for (const member of presentMembers(rows)) {
    const words = await wordsSinceJoining(db, rows.venue.id, member);
    const constraints = readConstraints(words.text, { zeroProofPicked: words.zeroProofPicked });
    const fits = grounding.drinks.filter((drink) => violations(drinkFacts(drink), constraints).length === 0);
    const pick: GroundedDrink | undefined = fits.find((d) => d.id === words.lastSuggested)
      ?? fits.find((d) => !chosen.has(d.id) && (!constraints.lowAlcohol || d.strength === 'Light'))
      ?? fits.find((d) => !chosen.has(d.id))
      ?? fits[0];
    const honoured = honouredSentences(constraints);
    if (!pick) {
      suggestions.push({ member_id: member.id, member_name: member.name, menu_drink_id: null, name: null, line_id: null, honoured: [], message: nothingFitsMessage(constraints) });
      continue;
    }
    chosen.add(pick.id);
    const interactionId = newId();
    interactions.push({
      id: interactionId, createdAt: now, restaurantId: rows.venue.id, ownerKey: member.ownerKey, kind: 'recommend',
      query: `AI round for table ${rows.session.tableNumber}`, context: { table_session_id: rows.session.id, constraints },
      backend: 'local', model: LOCAL_MODEL, suggestion: { previewName: pick.name, type: 'menu', menuDrinkId: pick.id, price_cents: pick.priceCents },
      selectedDrinkName: pick.name, menuDrinkId: pick.id,
    });
    lines.push({ menu_drink_id: pick.id, qty: 1, ai_interaction_id: interactionId, forMemberId: member.id });
    suggestions.push({
      member_id: member.id, member_name: member.name, menu_drink_id: pick.id, name: pick.name, line_id: null, honoured,
      message: [`${pick.name} for ${member.name}.`, ...honoured].join(' '),
    });
  }
  if (interactions.length) {
    const [first, ...rest] = interactions.map((row) => db.insert(aiInteractions).values(row));
    await db.batch([first!, ...rest]);
  }
  return { lines, suggestions, createdAt: interactions.length ? now : null };
}
