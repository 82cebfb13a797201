// The one filter every candidate passes before it reaches a guest, whichever back end proposed it
// (docs/decisions/189-guest-constraints-are-hard-filters.md): the guest's stated constraints against
// what stored data says is in the glass, and the pour bounds of an AI creation.
import type { RecipeLine } from '../../shared/schemas/cart';
import { type GlassFacts, type GuestConstraints, violations } from './constraints';
import { creationRecipeProblems, LIGHT_SPIRIT_EQUIVALENT_ML, spiritEquivalentMl } from './creation-bounds';
import { allergensOf, findStocked, type GroundedDrink, type Grounding, stockCategoryOf } from './grounding';
import type { DraftSuggestion } from './types';

const NEAT_OR_SHOT = new Set(['spirit', 'shot']);

export function drinkFacts(drink: GroundedDrink): GlassFacts {
  return {
    allergens: drink.allergens,
    containsAlcohol: drink.containsAlcohol,
    light: drink.strength === 'Light' && !NEAT_OR_SHOT.has(drink.category),
    unverified: drink.lines.some((line) => !line.ingredient),
  };
}

export function creationFacts(grounding: Grounding, recipe: readonly RecipeLine[]): GlassFacts {
  const categoryOf = stockCategoryOf(grounding);
  return {
    allergens: allergensOf(grounding, recipe),
    // A line that is not in stock cannot be read; it counts as alcohol (grounding refuses it anyway).
    containsAlcohol: recipe.some((line) => findStocked(grounding, line.ingredient)?.alcoholic ?? true),
    light: spiritEquivalentMl(recipe, categoryOf) <= LIGHT_SPIRIT_EQUIVALENT_ML,
    unverified: recipe.some((line) => !findStocked(grounding, line.ingredient)),
  };
}

/** Why a draft may not reach the guest: the constraints it breaks and the bounds its recipe breaks. */
export function draftProblems(draft: DraftSuggestion, grounding: Grounding, constraints: GuestConstraints): string[] {
  if (draft.type === 'menu') {
    const drink = grounding.drinks.find((d) => d.id === draft.menuDrinkId);
    if (!drink) return ['not on the available menu'];
    return violations(drinkFacts(drink), constraints);
  }
  return [
    ...violations(creationFacts(grounding, draft.recipe), constraints),
    ...creationRecipeProblems(draft.recipe, stockCategoryOf(grounding)),
  ];
}
