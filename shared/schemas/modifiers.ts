import { z } from 'zod';

// Modifiers (docs/product.md §3.6, docs/decisions/197): per drink, groups the admin defines, each "choose one"
// (a spirit choice) or "choose any" (extras), each option with a price delta and a recipe effect.

export const MODIFIER_GROUPS_MAX = 6;
export const MODIFIER_OPTIONS_MAX = 10;
export const MODIFIER_EFFECTS_MAX = 4;
/** A price delta is at most ±$100.00 (an option never makes a drink cost less than nothing: checked on save). */
export const MODIFIER_PRICE_DELTA_MAX_CENTS = 10_000;
/** The most a single effect adds or takes away, in its unit (a double is 45 ml). */
export const MODIFIER_EFFECT_QUANTITY_MAX = 500;

export const MODIFIER_KINDS = ['one', 'any'] as const;
export type ModifierKind = (typeof MODIFIER_KINDS)[number];

const Name = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(60, `${what} is at most 60 characters`);
const OptionalId = z.string().trim().min(1).max(40).optional();

/** One recipe effect: this much more (or, negative, less) of a catalogue ingredient, e.g. +45 ml gin for a double. */
export const ModifierEffectInput = z.object({
  ingredient_id: z.string({ error: 'Choose an ingredient' }).trim().min(1, 'Choose an ingredient').max(100),
  quantity: z.number({ error: 'Quantity must be a number' })
    .min(-MODIFIER_EFFECT_QUANTITY_MAX, `Quantity is between -${MODIFIER_EFFECT_QUANTITY_MAX} and ${MODIFIER_EFFECT_QUANTITY_MAX}`)
    .max(MODIFIER_EFFECT_QUANTITY_MAX, `Quantity is between -${MODIFIER_EFFECT_QUANTITY_MAX} and ${MODIFIER_EFFECT_QUANTITY_MAX}`)
    .refine((q) => q !== 0, 'Quantity must not be 0'),
  unit: z.string().trim().min(1).max(20).default('ml'),
});

export const ModifierOptionInput = z.object({
  /** Kept when the option is edited, so carts holding it still name it; a new option gets one. */
  id: OptionalId,
  name: Name('Option name'),
  price_delta_cents: z.number({ error: 'Price change must be a number' }).int('Price change must be in whole cents')
    .min(-MODIFIER_PRICE_DELTA_MAX_CENTS, 'Price change is at most $100.00 either way')
    .max(MODIFIER_PRICE_DELTA_MAX_CENTS, 'Price change is at most $100.00 either way')
    .default(0),
  effects: z.array(ModifierEffectInput).max(MODIFIER_EFFECTS_MAX, `An option has at most ${MODIFIER_EFFECTS_MAX} recipe effects`).default([]),
});

const uniqueNames = (items: { name: string }[]) => new Set(items.map((i) => i.name.toLowerCase())).size === items.length;

export const ModifierGroupInput = z.object({
  id: OptionalId,
  name: Name('Group name'),
  /** 'one': the guest picks exactly one (or none, unless required); 'any': any number. */
  kind: z.enum(MODIFIER_KINDS, { error: "kind is 'one' or 'any'" }),
  /** The guest must pick (one, or at least one). */
  required: z.boolean().default(false),
  options: z.array(ModifierOptionInput).min(1, 'A group needs at least one option')
    .max(MODIFIER_OPTIONS_MAX, `A group has at most ${MODIFIER_OPTIONS_MAX} options`)
    .refine(uniqueNames, 'Two options of a group have the same name'),
});

/** The admin's groups of one drink, as the drink form sends them (they replace the drink's groups). */
export const ModifierGroupsInput = z.array(ModifierGroupInput).max(MODIFIER_GROUPS_MAX, `A drink has at most ${MODIFIER_GROUPS_MAX} modifier groups`)
  .refine(uniqueNames, 'Two groups have the same name');
export type ModifierGroupsInput = z.input<typeof ModifierGroupsInput>;

/** A stored effect, with the ingredient's name as the build sheet prints it. */
export const ModifierEffect = z.object({ ingredient_id: z.string(), ingredient_name: z.string(), quantity: z.number(), unit: z.string() });
export type ModifierEffect = z.infer<typeof ModifierEffect>;

/** A stored option: its effects and, derived from them on save, what they put in the glass (docs/decisions/238). */
export const ModifierOption = z.object({
  id: z.string(),
  name: z.string(),
  price_delta_cents: z.number().int(),
  effects: z.array(ModifierEffect),
  allergens: z.array(z.string()),
  contains_alcohol: z.boolean(),
});
export type ModifierOption = z.infer<typeof ModifierOption>;

/** A drink's group as stored and as the admin reads it. */
export const ModifierGroup = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(MODIFIER_KINDS),
  required: z.boolean(),
  options: z.array(ModifierOption),
});
export type ModifierGroup = z.infer<typeof ModifierGroup>;

/** A group as guests read it on the drink: names and prices, no recipe. */
export const MenuModifierGroup = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(MODIFIER_KINDS),
  required: z.boolean(),
  options: z.array(z.object({ id: z.string(), name: z.string(), price_delta_cents: z.number().int() })),
});
export type MenuModifierGroup = z.infer<typeof MenuModifierGroup>;

/** What a guest asks for on a cart or order line: the ids of the options chosen. */
export const ModifierSelection = z.array(z.string().trim().min(1).max(40)).max(MODIFIER_GROUPS_MAX * MODIFIER_OPTIONS_MAX);
export type ModifierSelection = z.infer<typeof ModifierSelection>;

/** One option on a cart or order line, as every screen shows it ("Double +$4.00"). */
export const ChosenModifier = z.object({
  option_id: z.string(),
  group: z.string(),
  option: z.string(),
  price_delta_cents: z.number().int(),
});
export type ChosenModifier = z.infer<typeof ChosenModifier>;
