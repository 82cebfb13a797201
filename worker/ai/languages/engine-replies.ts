// What the local engine says, in each language the reader reads (docs/decisions/254): the reply is in the guest's
// language, every sentence of it. Drink names are the menu's in that language (grounding.ts drinkText); a garnish
// is stored data in the venue's words, so only the English reply names it (the card shows it in every language).
import type { LanguageCode } from './table';

export type Comparative = 'stronger' | 'lighter' | 'sweeter' | 'lessSweet';

export type EngineReplies = {
  /** "I'd go with the {name}." */
  goWith: string;
  /** "It's got {list}." */
  hasFlavours: string;
  and: string;
  /** What a flavour or spirit tag reads as after `hasFlavours` ("Tropical" → "tropical fruit"). */
  flavourNouns: Record<string, string>;
  comparatives: Record<Comparative, string>;
  /** "{Comparative}, then: the {name} is {comparative} than the {previous}." */
  refined: string;
  /** The sentences saying a refinement cannot be made (docs/decisions/190); each holds `cannotMark`. */
  cannot: { alcoholFree: string; lowAlcohol: string; nothing: string };
  cannotMark: string;
  /** After `cannot`: the last suggestion stays the closest, said once (docs/decisions/254). */
  stillClosest: string;
  /** What another drink is offered as after a refinement that could not be made. */
  closest: string;
  /** "The {name}, then, without ice: say so when you order." */
  noIce: string;
  creationOnly: string;
  creationNothingFits: string;
  creationNoMatch: string;
  mixedFromStock: string;
  namedLeftOut: string;
  namedNotHere: string;
  /** "Nothing I can offer you here tastes of {list}, so here's the closest." */
  noTaste: string;
};

export const ENGINE_REPLIES: Record<LanguageCode, EngineReplies> = {
  en: {
    goWith: "I'd go with the {name}.",
    hasFlavours: "It's got {list}.",
    and: 'and',
    flavourNouns: {
      Tropical: 'tropical fruit', Citrus: 'citrus', Herbal: 'herbs', Spicy: 'spice', Floral: 'florals', Smoky: 'smoke', Berry: 'berries',
      Creamy: 'a creamy texture', Bitter: 'a bitter edge', Fruity: 'fruit',
    },
    comparatives: { stronger: 'stronger', lighter: 'lighter', sweeter: 'sweeter', lessSweet: 'less sweet' },
    refined: '{Comparative}, then: the {name} is {comparative} than the {previous}.',
    cannot: {
      alcoholFree: "It has to stay alcohol-free, so I can't make it {comparative}.",
      lowAlcohol: "You asked for light on alcohol, so I can't make it {comparative}.",
      nothing: "Nothing here is {comparative} than the {previous} and still fits what you asked, so I can't make it {comparative}.",
    },
    cannotMark: "so I can't make it",
    stillClosest: 'The {name} is still the closest.',
    closest: 'The closest I have is the {name}.',
    noIce: 'The {name}, then, without ice: say so when you order.',
    creationOnly: "Here's something new from what the bar has in stock: the {name}.",
    creationNothingFits: 'Nothing on the menu fits all of that, so I mixed up something new from what the bar has in stock: the {name}.',
    creationNoMatch: 'Nothing on the menu quite matches, so I mixed up something new from what the bar has in stock: the {name}.',
    mixedFromStock: 'I mixed it from what the bar has in stock.',
    namedLeftOut: "The {name} contains {list}, so I've left it out.",
    namedNotHere: "The {name} isn't on the menu here, so here's the closest thing.",
    noTaste: "Nothing I can offer you here tastes of {list}, so here's the closest.",
  },
  es: {
    goWith: 'Te recomiendo esto: {name}.',
    hasFlavours: 'Lleva {list}.',
    and: 'y',
    flavourNouns: {
      Tropical: 'fruta tropical', Citrus: 'cítricos', Herbal: 'hierbas', Spicy: 'especias', Floral: 'notas florales', Smoky: 'un toque ahumado',
      Berry: 'frutos rojos', Creamy: 'una textura cremosa', Bitter: 'un punto amargo', Fruity: 'fruta',
      Whiskey: 'whisky', Vodka: 'vodka', Tequila: 'tequila', Gin: 'ginebra', Rum: 'ron', Mezcal: 'mezcal',
    },
    comparatives: { stronger: 'más fuerte', lighter: 'más suave', sweeter: 'más dulce', lessSweet: 'menos dulce' },
    refined: '{Comparative}, entonces: {name} es {comparative} que {previous}.',
    cannot: {
      alcoholFree: 'Tiene que seguir sin alcohol, así que no puedo hacerlo {comparative}.',
      lowAlcohol: 'Pediste poco alcohol, así que no puedo hacerlo {comparative}.',
      nothing: 'No hay nada {comparative} que {previous} que siga encajando con lo que pediste, así que no puedo hacerlo {comparative}.',
    },
    cannotMark: 'así que no puedo hacerlo',
    stillClosest: '{name} sigue siendo lo más parecido.',
    closest: 'Lo más parecido que tengo: {name}.',
    noIce: '{name}, entonces, sin hielo: dilo al pedir.',
    creationOnly: 'Aquí tienes algo nuevo con lo que hay en la barra: {name}.',
    creationNothingFits: 'No hay nada en la carta que encaje con todo eso, así que he creado algo nuevo con lo que hay en la barra: {name}.',
    creationNoMatch: 'Nada de la carta encaja del todo, así que he creado algo nuevo con lo que hay en la barra: {name}.',
    mixedFromStock: 'Lo he creado con lo que hay en la barra.',
    namedLeftOut: '{name} contiene {list}, así que lo he descartado.',
    namedNotHere: '{name} no está en la carta, así que aquí tienes lo más parecido.',
    noTaste: 'No puedo ofrecerte nada que sepa a {list}, así que aquí tienes lo más parecido.',
  },
  fr: {
    goWith: 'Je vous propose : {name}.',
    hasFlavours: 'Il y a {list}.',
    and: 'et',
    flavourNouns: {
      Tropical: 'des fruits tropicaux', Citrus: 'des agrumes', Herbal: 'des herbes', Spicy: 'des épices', Floral: 'des notes florales',
      Smoky: 'une note fumée', Berry: 'des fruits rouges', Creamy: 'une texture crémeuse', Bitter: 'une pointe d’amertume', Fruity: 'des fruits',
      Whiskey: 'du whisky', Vodka: 'de la vodka', Tequila: 'de la tequila', Gin: 'du gin', Rum: 'du rhum', Mezcal: 'du mezcal',
    },
    comparatives: { stronger: 'plus fort', lighter: 'plus léger', sweeter: 'plus sucré', lessSweet: 'moins sucré' },
    refined: '{Comparative}, alors : {name} est {comparative} que {previous}.',
    cannot: {
      alcoholFree: 'Il doit rester sans alcool, donc je ne peux pas le faire {comparative}.',
      lowAlcohol: 'Vous avez demandé peu d’alcool, donc je ne peux pas le faire {comparative}.',
      nothing: 'Rien ici n’est {comparative} que {previous} tout en respectant votre demande, donc je ne peux pas le faire {comparative}.',
    },
    cannotMark: 'donc je ne peux pas le faire',
    stillClosest: '{name} reste le plus proche.',
    closest: 'Le plus proche que j’aie : {name}.',
    noIce: '{name}, alors, sans glace : dites-le en commandant.',
    creationOnly: 'Voici quelque chose de nouveau avec ce que le bar a en stock : {name}.',
    creationNothingFits: 'Rien sur la carte ne correspond à tout cela, alors j’ai créé quelque chose avec ce que le bar a en stock : {name}.',
    creationNoMatch: 'Rien sur la carte ne correspond vraiment, alors j’ai créé quelque chose avec ce que le bar a en stock : {name}.',
    mixedFromStock: 'Je l’ai créé avec ce que le bar a en stock.',
    namedLeftOut: '{name} contient {list}, donc je l’ai écarté.',
    namedNotHere: '{name} n’est pas sur la carte ici, alors voici le plus proche.',
    noTaste: 'Je ne peux rien vous proposer ici qui ait le goût de {list}, alors voici le plus proche.',
  },
  de: {
    goWith: 'Ich empfehle dir: {name}.',
    hasFlavours: 'Darin: {list}.',
    and: 'und',
    flavourNouns: {
      Tropical: 'tropische Früchte', Citrus: 'Zitrus', Herbal: 'Kräuter', Spicy: 'Würze', Floral: 'florale Noten', Smoky: 'Rauch', Berry: 'Beeren',
      Creamy: 'eine cremige Textur', Bitter: 'eine bittere Note', Fruity: 'Frucht',
      Whiskey: 'Whisky', Vodka: 'Wodka', Tequila: 'Tequila', Gin: 'Gin', Rum: 'Rum', Mezcal: 'Mezcal',
    },
    comparatives: { stronger: 'stärker', lighter: 'leichter', sweeter: 'süßer', lessSweet: 'weniger süß' },
    refined: '{Comparative} also: {name} ist {comparative} als {previous}.',
    cannot: {
      alcoholFree: 'Er muss alkoholfrei bleiben, darum kann ich ihn nicht {comparative} machen.',
      lowAlcohol: 'Du wolltest wenig Alkohol, darum kann ich ihn nicht {comparative} machen.',
      nothing: 'Nichts hier ist {comparative} als {previous} und passt trotzdem zu deinem Wunsch, darum kann ich ihn nicht {comparative} machen.',
    },
    cannotMark: 'darum kann ich ihn nicht',
    stillClosest: '{name} kommt dem immer noch am nächsten.',
    closest: 'Am nächsten kommt: {name}.',
    noIce: '{name} also ohne Eis: sag es einfach beim Bestellen.',
    creationOnly: 'Hier ist etwas Neues aus dem, was die Bar vorrätig hat: {name}.',
    creationNothingFits: 'Nichts auf der Karte passt zu allem, darum habe ich aus dem Vorrat der Bar etwas Neues gemixt: {name}.',
    creationNoMatch: 'Nichts auf der Karte passt genau, darum habe ich aus dem Vorrat der Bar etwas Neues gemixt: {name}.',
    mixedFromStock: 'Ich habe ihn aus dem Vorrat der Bar gemixt.',
    namedLeftOut: '{name} enthält {list}, darum habe ich ihn weggelassen.',
    namedNotHere: '{name} steht hier nicht auf der Karte, darum hier das Nächstbeste.',
    noTaste: 'Nichts, was ich dir hier anbieten kann, schmeckt nach {list}, darum hier das Nächstbeste.',
  },
  it: {
    goWith: 'Ti consiglio questo: {name}.',
    hasFlavours: 'Ha {list}.',
    and: 'e',
    flavourNouns: {
      Tropical: 'frutta tropicale', Citrus: 'agrumi', Herbal: 'erbe', Spicy: 'spezie', Floral: 'note floreali', Smoky: 'una nota affumicata',
      Berry: 'frutti di bosco', Creamy: 'una consistenza cremosa', Bitter: 'una nota amara', Fruity: 'frutta',
      Whiskey: 'whisky', Vodka: 'vodka', Tequila: 'tequila', Gin: 'gin', Rum: 'rum', Mezcal: 'mezcal',
    },
    comparatives: { stronger: 'più forte', lighter: 'più leggero', sweeter: 'più dolce', lessSweet: 'meno dolce' },
    refined: '{Comparative}, allora: {name} è {comparative} di {previous}.',
    cannot: {
      alcoholFree: 'Deve restare senza alcol, quindi non posso farlo {comparative}.',
      lowAlcohol: 'Hai chiesto poco alcol, quindi non posso farlo {comparative}.',
      nothing: 'Qui non c’è niente di {comparative} di {previous} che vada ancora bene per te, quindi non posso farlo {comparative}.',
    },
    cannotMark: 'quindi non posso farlo',
    stillClosest: '{name} resta il più vicino.',
    closest: 'La cosa più vicina che ho: {name}.',
    noIce: '{name}, allora, senza ghiaccio: dillo quando ordini.',
    creationOnly: 'Ecco qualcosa di nuovo con quello che c’è al bar: {name}.',
    creationNothingFits: 'Niente in carta va bene per tutto questo, quindi ho creato qualcosa di nuovo con quello che c’è al bar: {name}.',
    creationNoMatch: 'Niente in carta corrisponde davvero, quindi ho creato qualcosa di nuovo con quello che c’è al bar: {name}.',
    mixedFromStock: 'L’ho creato con quello che c’è al bar.',
    namedLeftOut: '{name} contiene {list}, quindi l’ho escluso.',
    namedNotHere: '{name} non è in carta qui, quindi ecco la cosa più vicina.',
    noTaste: 'Qui non posso offrirti niente che sappia di {list}, quindi ecco la cosa più vicina.',
  },
  pt: {
    goWith: 'A minha sugestão é: {name}.',
    hasFlavours: 'Tem {list}.',
    and: 'e',
    flavourNouns: {
      Tropical: 'fruta tropical', Citrus: 'citrinos', Herbal: 'ervas', Spicy: 'especiarias', Floral: 'notas florais', Smoky: 'um toque fumado',
      Berry: 'frutos vermelhos', Creamy: 'uma textura cremosa', Bitter: 'um toque amargo', Fruity: 'fruta',
      Whiskey: 'whisky', Vodka: 'vodka', Tequila: 'tequila', Gin: 'gin', Rum: 'rum', Mezcal: 'mezcal',
    },
    comparatives: { stronger: 'mais forte', lighter: 'mais leve', sweeter: 'mais doce', lessSweet: 'menos doce' },
    refined: '{Comparative}, então: {name} é {comparative} do que {previous}.',
    cannot: {
      alcoholFree: 'Tem de continuar sem álcool, por isso não posso torná-lo {comparative}.',
      lowAlcohol: 'Pediu pouco álcool, por isso não posso torná-lo {comparative}.',
      nothing: 'Não há nada aqui {comparative} do que {previous} que ainda sirva para si, por isso não posso torná-lo {comparative}.',
    },
    cannotMark: 'por isso não posso torná-lo',
    stillClosest: '{name} continua a ser o mais próximo.',
    closest: 'O mais próximo que tenho: {name}.',
    noIce: '{name}, então, sem gelo: diga-o ao pedir.',
    creationOnly: 'Aqui está algo novo com o que o bar tem em stock: {name}.',
    creationNothingFits: 'Nada no menu serve para tudo isso, por isso criei algo novo com o que o bar tem em stock: {name}.',
    creationNoMatch: 'Nada no menu corresponde bem, por isso criei algo novo com o que o bar tem em stock: {name}.',
    mixedFromStock: 'Criei-o com o que o bar tem em stock.',
    namedLeftOut: '{name} contém {list}, por isso deixei-o de fora.',
    namedNotHere: '{name} não está no menu aqui, por isso aqui está o mais próximo.',
    noTaste: 'Não lhe posso oferecer nada aqui que saiba a {list}, por isso aqui está o mais próximo.',
  },
};

/** A reply sentence with its `{slots}` filled; `{Comparative}` is `{comparative}` capitalised. */
export function say(template: string, slots: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = slots[key] ?? slots[key.charAt(0).toLowerCase() + key.slice(1)];
    if (value === undefined) return whole;
    return key.charAt(0) === key.charAt(0).toUpperCase() ? value.charAt(0).toLocaleUpperCase() + value.slice(1) : value;
  });
}
