// The ingredients domain's entry for other domains (docs/decisions/259): what they may use of it.
export { matchIngredientNames } from './matching';
export { copyCatalogueTo } from './catalogue';
