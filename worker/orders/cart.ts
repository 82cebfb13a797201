// The guest's cart at one venue (owner key + venue). Prices are read from the menu every time.
import { and, asc, eq } from 'drizzle-orm';
import { AI_CREATION_PRICE_CENTS, QUANTITY_MAX } from '../../shared/constants';
import { newId, slugify } from '../../shared/ids';
import { centsToDollars, orderTotals } from '../../shared/money';
import type { z } from 'zod';
import type { Cart, CartItemInput } from '../../shared/schemas/cart';
import { cartItems, carts, menuDrinks, type venues } from '../db/schema';
import type { Db } from '../env';
import { ApiError, refusal } from '../lib/errors';
import { pricingAt, scheduledPriceCents } from '../../shared/happy-hour';
import { creationRecipeFacts, issuedCreations, ownSuggestionIds } from './ai-creations';
import { cartLineKey, optionsRefusal, resolveModifiers, type ModifierProblem } from '../../shared/modifiers';
import { withModifierFacts } from '../../shared/drink-facts';

const refusedOptions = (problem: ModifierProblem) => new ApiError(400, problem.code, problem.message, problem.details);

type Venue = typeof venues.$inferSelect;
export type ParsedCartItem = z.output<typeof CartItemInput>;

async function findCartId(db: Db, ownerKey: string, venueId: string) {
  const row = await db.query.carts.findFirst({ columns: { id: true }, where: and(eq(carts.ownerKey, ownerKey), eq(carts.restaurantId, venueId)) });
  return row?.id ?? null;
}

async function ensureCartId(db: Db, ownerKey: string, venueId: string) {
  await db.insert(carts).values({ id: newId(), ownerKey, restaurantId: venueId }).onConflictDoNothing();
  return (await findCartId(db, ownerKey, venueId))!;
}

export async function readCart(db: Db, ownerKey: string, venue: Venue): Promise<Cart> {
  const rows = await db.select({ item: cartItems, drink: menuDrinks }).from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .leftJoin(menuDrinks, eq(menuDrinks.id, cartItems.menuDrinkId))
    .where(and(eq(carts.ownerKey, ownerKey), eq(carts.restaurantId, venue.id)))
    .orderBy(asc(cartItems.createdAt));
  const creations = rows.filter(({ item }) => item.isAiCreation);
  const creationFacts = new Map((await creationRecipeFacts(db, creations.map(({ item }) => item.recipe ?? []))).map((facts, i) => [creations[i]!.item.id, facts]));
  const happyHour = pricingAt({ timezone: venue.timezone, happyHours: venue.happyHours }, new Date());
  const items = rows.map(({ item, drink }) => {
    // The options as the drink offers them now (docs/decisions/197): one it no longer offers makes the line unavailable.
    const resolved = resolveModifiers(drink?.name ?? '', drink?.modifierGroups ?? [], item.modifiers ?? []);
    const options = resolved.ok ? resolved.options.map((o) => o.option) : [];
    const drinkFacts = drink ? withModifierFacts({ allergens: drink.allergens, containsAlcohol: drink.containsAlcohol }, options) : undefined;
    const facts = item.isAiCreation ? creationFacts.get(item.id) : drinkFacts;
    const priceCents = item.isAiCreation ? AI_CREATION_PRICE_CENTS : (drink ? scheduledPriceCents(drink.priceCents, drink.category, happyHour) : 0) + (resolved.ok ? resolved.priceDeltaCents : 0);
    return {
      menu_drink_id: item.menuDrinkId && !item.isAiCreation ? item.menuDrinkId : item.itemKey,
      line_key: item.itemKey,
      modifiers: item.modifiers ?? [],
      modifier_choices: resolved.ok ? resolved.chosen : [],
      name: (item.isAiCreation ? item.aiRecipeName ?? item.customName : null) ?? drink?.name ?? 'AI Creation',
      qty: item.qty,
      price: centsToDollars(priceCents),
      price_cents: priceCents,
      notes: item.notes,
      image_url: drink?.imageUrl ?? null,
      is_ai_creation: item.isAiCreation,
      ai_recipe_name: item.aiRecipeName,
      custom_name: item.customName,
      recipe: item.recipe ?? null,
      allergens: facts?.allergens ?? [],
      contains_alcohol: facts?.containsAlcohol ?? true,
      available: item.isAiCreation || Boolean(drink && drink.isAvailable && !drink.soldOutReason && resolved.ok),
    };
  });
  const totals = orderTotals(items.map((i) => ({ unitPriceCents: i.price_cents, quantity: i.qty })), venue.taxRateBp);
  return {
    restaurant_id: venue.id,
    items,
    subtotal_cents: totals.subtotalCents,
    tax_cents: totals.taxCents,
    total_cents: totals.totalCents,
    total: centsToDollars(totals.totalCents),
  };
}

/**
 * Sets (or with mode 'add', adds to) a line's quantity; 0 or less removes it. Menu drinks must be
 * on this venue's menu and available; nothing is stored when a check fails.
 */
export async function putCartItem(db: Db, ownerKey: string, venue: Venue, input: ParsedCartItem) {
  const isAi = Boolean(input.is_ai_creation);
  // An AI creation goes in the cart as the server suggested it (docs/decisions/190): name and recipe from the suggestion.
  let creation: { name: string; recipe: NonNullable<ParsedCartItem['recipe']> } | null = null;
  if (isAi && input.qty > 0) {
    const issued = await issuedCreations(db, { venueId: venue.id, ownerKey, interactionIds: [input.ai_interaction_id ?? null] });
    if (!issued.ok) throw new ApiError(issued.status, issued.code, issued.message, issued.details);
    creation = issued.creations.get(input.ai_interaction_id!)!;
  }
  const aiName = creation?.name ?? input.ai_recipe_name ?? input.name ?? null;
  const selection = input.modifiers ?? [];
  if (isAi && selection.length) throw refusedOptions(optionsRefusal('options_refused.ai_creation'));
  const itemKey = isAi ? `ai:${slugify(aiName ?? 'creation') || 'creation'}` : cartLineKey(input.menu_drink_id!, selection);
  let menuDrinkId: string | null = null;
  if (input.menu_drink_id && !isAi) {
    const drink = await db.query.menuDrinks.findFirst({
      where: and(eq(menuDrinks.id, input.menu_drink_id), eq(menuDrinks.restaurantId, venue.id)),
    });
    if (!drink) throw refusal(404, 'not_found.drink', { menu_drink_ids: [input.menu_drink_id] });
    if (!drink.isAvailable || drink.soldOutReason) {
      throw refusal(409, 'drink_unavailable', { name: drink.name, menu_drink_ids: [drink.id] });
    }
    // Removing a line never needs its options to still be offered; adding one does (docs/decisions/197).
    const resolved = resolveModifiers(drink.name, drink.modifierGroups, selection);
    if (!resolved.ok && !(input.mode === 'set' && input.qty <= 0)) throw refusedOptions(resolved);
    menuDrinkId = drink.id;
  }
  // A menu drink line keeps the suggestion it came from only when it is the guest's own here; another guest's or a
  // made-up id would mark the order AI-referred, so it is dropped (an AI creation's was checked above).
  const suggestionId = !isAi && input.ai_interaction_id
    && !(await ownSuggestionIds(db, { venueId: venue.id, ownerKey, interactionIds: [input.ai_interaction_id] })).has(input.ai_interaction_id)
    ? undefined : input.ai_interaction_id;

  const cartId = await findCartId(db, ownerKey, venue.id);
  const existing = cartId
    ? await db.query.cartItems.findFirst({ where: and(eq(cartItems.cartId, cartId), eq(cartItems.itemKey, itemKey)) })
    : undefined;
  const qty = input.mode === 'add' ? (existing?.qty ?? 0) + input.qty : input.qty;
  if (qty <= 0) {
    if (existing) await db.delete(cartItems).where(eq(cartItems.id, existing.id));
    return;
  }
  if (qty > QUANTITY_MAX) throw refusal(400, 'quantity_over_max', { quantity: qty, max: QUANTITY_MAX });

  const id = cartId ?? await ensureCartId(db, ownerKey, venue.id);
  const values = {
    qty,
    notes: input.notes ?? existing?.notes ?? null,
    isAiCreation: isAi,
    aiRecipeName: isAi ? aiName : null,
    customName: input.custom_name ?? existing?.customName ?? null,
    recipe: isAi ? creation?.recipe ?? existing?.recipe ?? null : null,
    aiInteractionId: suggestionId ?? existing?.aiInteractionId ?? null,
    modifiers: !isAi && selection.length ? [...selection].sort() : null,
  };
  await db.insert(cartItems).values({ id: newId(), cartId: id, itemKey, menuDrinkId, ...values })
    .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.itemKey], set: values });
}

export async function removeCartItem(db: Db, ownerKey: string, venueId: string, itemKey: string) {
  const cartId = await findCartId(db, ownerKey, venueId);
  if (cartId) await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.itemKey, itemKey)));
}

export async function clearCart(db: Db, ownerKey: string, venueId: string) {
  const cartId = await findCartId(db, ownerKey, venueId);
  if (cartId) await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

