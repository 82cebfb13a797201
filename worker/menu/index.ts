// The menu domain's entry for other domains (docs/decisions/259): what they may use of it.
export { changesVenueMenu } from './menu-changes';
export { afterDrinkWrites, type DrinkWrite, listMenuDrinks, nextDisplayOrder, prepareCreateMenuDrink, prepareUpdateMenuDrink } from './menu-drinks';
export { cachedRead, dropReadCacheOnWrite, invalidateGuestReads, keepsGuestReads } from './read-cache';
export { isCompleteTranslation, localiseDrink, type TranslationText } from './translations';
export { refreshDrinkFacts } from './drink-facts';
