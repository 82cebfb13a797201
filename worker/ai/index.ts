// The ai domain's entry for other domains (docs/decisions/259): what they may use of it.
export { draftTranslations, TRANSLATION_DRAFT_BATCH } from './translation-drafts';
export { creationRecipeProblems } from './creation-bounds';
export { honouredSentences, nothingFitsMessage, readConstraints, violations } from './constraints';
export { type GroundedDrink, loadGrounding } from './grounding';
export { drinkFacts } from './hard-filter';
export { LOCAL_MODEL } from './local-engine';
export { AI_SUGGESTION_LIMIT } from './requests';
