// Menu descriptions composed from a reference recipe (method, glass, ingredients, tags), e.g.
// "Bourbon stirred down with a sugar cube and Angostura bitters, served over ice in a rocks glass
// with an orange peel. Bold and sophisticated, with a spicy edge."
import { findIngredient, type RecipeLine, type ReferenceDrink } from './reference-data';

/** First words that are proper nouns (brands, places) and keep their capital mid-sentence. */
const PROPER_FIRST_WORDS = new Set([
  'London', 'Campari', 'Aperol', 'Angostura', "Peychaud's", 'Lillet', 'Amaro', 'Grand', 'Cognac', 'Pisco',
  'Champagne', 'Sauvignon', 'Pinot', 'Irish', 'India', 'Islay', 'Worcestershire',
]);
/** Ingredients counted in pieces that read wrong with "a"/"an" in front. */
const WITHOUT_ARTICLE = new Set(['Egg white', 'Mixed berries']);

/** How a mixed drink reaches the guest, by glass. */
const SERVED: Record<string, string> = {
  rocks: 'over ice in a rocks glass',
  coupe: 'up in a chilled coupe',
  martini: 'up in a chilled martini glass',
  highball: 'tall over ice',
  wine: 'over ice in a wine glass',
  flute: 'in a flute',
  'mule mug': 'over ice in a copper mule mug',
  'julep cup': 'over crushed ice in a julep cup',
  hurricane: 'in a hurricane glass',
  shot: 'as a shot',
};

/** The glass itself, for drinks poured straight. */
const GLASS_NOUN: Record<string, string> = {
  rocks: 'a rocks glass',
  pint: 'a pint glass',
  weizen: 'a tall weizen glass',
  wine: 'a wine glass',
  flute: 'a flute',
  nosing: 'a nosing glass',
  copita: 'a copita',
  demitasse: 'a demitasse',
  shot: 'a shot glass',
  highball: 'a highball',
};

const METHOD_VERB: Record<string, string> = {
  stir: 'stirred down',
  shake: 'shaken',
  build: 'built',
  blend: 'blended',
  roll: 'rolled',
  muddle: 'muddled',
  layer: 'layered',
  pour: 'poured',
};

const TAG_ADJECTIVE: Record<string, string> = {
  Citrus: 'citrusy', Berry: 'berry-bright', Herbal: 'herbal', Tropical: 'tropical', Spicy: 'spicy',
  Floral: 'floral', Smoky: 'smoky', Creamy: 'creamy', Bitter: 'bitter', Bold: 'bold', Light: 'light',
  Dry: 'dry', Sweet: 'sweet', Refreshing: 'refreshing', Sophisticated: 'sophisticated',
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
// "an herbal" is the American reading; the h is silent.
const article = (word: string) => (/^[aeiou]/i.test(word) || /^herb/i.test(word) ? 'an' : 'a');

function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** An ingredient name as it reads mid-sentence ("Fresh lime juice" → "fresh lime juice"). */
export function inlineIngredientName(name: string): string {
  const firstWord = name.split(' ')[0]!;
  return PROPER_FIRST_WORDS.has(firstWord) ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

function linePhrase(line: RecipeLine): string {
  const name = inlineIngredientName(line.ingredient);
  switch (line.unit) {
    case 'piece':
      if (WITHOUT_ARTICLE.has(line.ingredient)) return name;
      return line.quantity === 1 ? `${article(name)} ${name}` : `${name}s`;
    case 'slice':
      return `${name} slices`;
    case 'pinch':
      return `a pinch of ${name}`;
    default:
      return name;
  }
}

/** Long mixers and sparkling wine go in last: "..., topped with soda water". */
function isTopper(line: RecipeLine): boolean {
  const category = findIngredient(line.ingredient)?.category;
  return category === 'mixer' || line.ingredient === 'Champagne';
}

function isGarnish(line: RecipeLine): boolean {
  return findIngredient(line.ingredient)?.category === 'garnish';
}

function tasteSentence(tags: readonly string[]): string {
  const adjectives = tags.map((tag) => TAG_ADJECTIVE[tag] ?? tag.toLowerCase());
  if (adjectives.length === 0) return '';
  if (adjectives.length === 1) return `${capitalize(adjectives[0]!)} and simple.`;
  const [first, second, third] = adjectives;
  const edge = third ? `, with ${article(third)} ${third} edge` : '';
  return `${capitalize(first!)} and ${second}${edge}.`;
}

/** Single-ingredient pours: beer, wine, spirits neat, straight shots, espresso. */
function pourSentence(drink: ReferenceDrink, line: RecipeLine, garnishes: string[]): string {
  const name = inlineIngredientName(line.ingredient);
  const glass = GLASS_NOUN[drink.glass] ?? `a ${drink.glass} glass`;
  const onTheSide = garnishes.length > 0 ? `, with ${listJoin(garnishes)} on the side` : '';
  switch (drink.category) {
    case 'beer':
      return `${capitalize(name)}, poured to order into ${glass}.`;
    case 'wine':
      return `A ${line.quantity} ml pour of ${name}, served in ${glass}.`;
    case 'spirit':
      return `A ${line.quantity} ml measure of ${name}, served neat in ${glass}${onTheSide}.`;
    case 'shot':
      return `A shot of ${name}${onTheSide}.`;
    default:
      return `${capitalize(name)}, served in ${glass}.`;
  }
}

export function describeDrink(drink: ReferenceDrink): string {
  const required = drink.recipe.filter((line) => !line.optional);
  const optional = drink.recipe.filter((line) => line.optional);
  const garnishes = optional.filter(isGarnish).map(linePhrase);
  const onRequest = optional.filter((line) => !isGarnish(line)).map(linePhrase);

  let howItIsMade: string;
  if (required.length === 1 && (drink.method === 'pour' || drink.method === 'build')) {
    howItIsMade = pourSentence(drink, required[0]!, [...onRequest, ...garnishes]);
  } else if (drink.method === 'layer') {
    howItIsMade = `${capitalize(listJoin(required.map(linePhrase)))} layered in ${GLASS_NOUN[drink.glass] ?? 'a glass'}.`;
  } else {
    const [lead, ...rest] = required;
    const topper = rest.length > 0 && isTopper(rest[rest.length - 1]!) ? rest.pop()! : undefined;
    const verb = METHOD_VERB[drink.method] ?? 'mixed';
    const withRest = rest.length > 0 ? ` with ${listJoin(rest.map(linePhrase))}` : '';
    const served = `served ${SERVED[drink.glass] ?? `in ${GLASS_NOUN[drink.glass] ?? `a ${drink.glass}`}`}`;
    const garnish = garnishes.length > 0 ? ` with ${listJoin(garnishes)}` : '';
    if (topper && rest.length === 0) {
      // "Dark rum topped with ginger beer, ..." reads better than "Dark rum built, topped with ...".
      howItIsMade = `${capitalize(linePhrase(lead!))} topped with ${linePhrase(topper)}, ${served}${garnish}.`;
    } else {
      const finish = topper ? `, topped with ${linePhrase(topper)} and ${served}` : `, ${served}`;
      howItIsMade = `${capitalize(linePhrase(lead!))} ${verb}${withRest}${finish}${garnish}.`;
    }
    if (onRequest.length > 0) howItIsMade += ` ${capitalize(listJoin(onRequest))} on request.`;
  }
  return [howItIsMade, tasteSentence(drink.tags)].filter(Boolean).join(' ');
}
