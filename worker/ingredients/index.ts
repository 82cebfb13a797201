// The ingredients domain's entry for other domains (docs/decisions/259): what they may use of it.
export { matchIngredientNames, unmatchedIngredientRow } from './matching';
export { copyCatalogueTo, createCatalogueIngredient } from './catalogue';
