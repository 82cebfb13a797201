// Writes to ai_interactions: every suggestion, guests' likes and dislikes, and the link from a
// suggestion to the order it led to (docs/product.md §6.5: analytics read from these). Each write that
// changes a count answers the interaction's created_at, whose UTC day the caller marks for the venue's
// rollups (docs/decisions/203); setting the time here rather than in SQL names that day exactly.
import { and, eq, isNull } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import type { AiSuggestion } from '../../shared/schemas/ai';
import { aiInteractions, orders } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { databaseHolding } from '../shards';
import { conflict, notFound } from '../lib/errors';
import type { Grounding } from './grounding';
import { type SuggestionOutcome, toWireSuggestion } from './suggestion-service';
import type { SuggestionKind } from './types';

const QUERY_MAX = 500;

export async function recordSuggestion(db: Db, input: {
  grounding: Grounding;
  ownerKey: string;
  kind: SuggestionKind;
  query: string;
  context: Record<string, unknown>;
  outcome: SuggestionOutcome;
}): Promise<{ suggestion: AiSuggestion; createdAt: string }> {
  const id = newId();
  const createdAt = new Date().toISOString();
  const wire = toWireSuggestion(input.outcome, input.grounding, id);
  await db.insert(aiInteractions).values({
    id,
    createdAt,
    restaurantId: input.grounding.venue.id,
    ownerKey: input.ownerKey,
    kind: input.kind,
    query: input.query.slice(0, QUERY_MAX),
    context: input.context,
    backend: wire.backend,
    model: wire.model,
    suggestion: {
      previewName: wire.previewName, type: wire.type, menuDrinkId: wire.menuDrinkId, recipe: wire.recipe, tags: wire.tags,
      garnish: wire.garnish, price_cents: wire.price_cents, fallback_reason: wire.fallback_reason,
    },
    selectedDrinkName: wire.previewName,
    menuDrinkId: wire.menuDrinkId,
    latencyMs: input.outcome.latencyMs,
  });
  return { suggestion: wire, createdAt };
}

/** A free-form 'log' interaction (POST /api/ai/log). */
export async function recordLog(db: Db, venueId: string, ownerKey: string, payload: Record<string, unknown>) {
  const id = newId();
  const createdAt = new Date().toISOString();
  const text = [payload.query, payload.message, payload.event, payload.drink_name].find((v) => typeof v === 'string') as string | undefined;
  await db.insert(aiInteractions).values({
    id, createdAt, restaurantId: venueId, ownerKey, kind: 'log', query: (text ?? '').slice(0, QUERY_MAX), context: payload, backend: 'client',
    selectedDrinkName: typeof payload.drink_name === 'string' ? payload.drink_name.slice(0, 120) : null,
  });
  return { id, createdAt };
}

/** The database holding an interaction named only by its id: it is on its venue's shard (docs/decisions/150). */
export async function interactionDatabase(env: WorkerEnv, id: string): Promise<Db> {
  const { db } = await databaseHolding(env, async (database) =>
    Boolean(await database.db.query.aiInteractions.findFirst({ columns: { id: true }, where: eq(aiInteractions.id, id) })));
  return db;
}

async function ownInteraction(db: Db, id: string, ownerKey: string) {
  const row = await db.query.aiInteractions.findFirst({ where: eq(aiInteractions.id, id) });
  // Someone else's interaction answers exactly like a missing one.
  if (!row || row.ownerKey !== ownerKey || row.kind === 'log') throw notFound('Interaction not found');
  return row;
}

export async function setFeedback(db: Db, id: string, ownerKey: string, feedback: 'like' | 'dislike') {
  await ownInteraction(db, id, ownerKey);
  await db.update(aiInteractions).set({ feedback }).where(eq(aiInteractions.id, id));
  return { id, feedback };
}

/**
 * The guest ordered this suggestion: the order must be theirs, at the same venue, and placed as
 * AI-referred. Marks the interaction ordered and links the order back to it.
 */
export async function markOrdered(db: Db, id: string, ownerKey: string, orderId: string) {
  const interaction = await ownInteraction(db, id, ownerKey);
  const order = await db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  if (!order || order.ownerKey !== ownerKey || order.restaurantId !== interaction.restaurantId) throw notFound('Order not found');
  if (!order.referredByAi) throw conflict('The order was not placed from an AI suggestion', 'not_ai_referred');
  await db.batch([
    db.update(aiInteractions).set({ wasOrdered: true, orderId }).where(eq(aiInteractions.id, id)),
    db.update(orders).set({ aiInteractionId: id }).where(and(eq(orders.id, orderId), isNull(orders.aiInteractionId))),
  ]);
  return { answer: { id, was_ordered: true, order_id: orderId }, venueId: interaction.restaurantId, createdAt: interaction.createdAt };
}
