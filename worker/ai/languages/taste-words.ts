// How guests say what they like and how to change the last suggestion, in the languages other than English the
// reader reads (docs/decisions/254). Patterns match the normaliser's plain text (lower case, no diacritics,
// ß → ss): English is read by the local engine's own word hints (local-engine.ts WORD_HINTS) and refinement.ts.
import type { LanguageCode } from './table';

/** A taste the engine ranks by: a vibe tag, a spirit, or a sweetness or strength. */
export type TasteKey =
  | 'Fruity' | 'Tropical' | 'Citrus' | 'Berry' | 'Herbal' | 'Spicy' | 'Creamy' | 'Bitter' | 'Smoky' | 'Floral' | 'Refreshing'
  | 'Sweet' | 'Dry' | 'Light' | 'Bold' | 'Whiskey' | 'Vodka' | 'Tequila' | 'Gin' | 'Rum';

/** What a follow-up asks of the last suggestion: a step on a scale, or the same drink without ice. */
export type RefinementKey = 'stronger' | 'lighter' | 'sweeter' | 'lessSweet' | 'noIce';

type Words = { tastes: Partial<Record<TasteKey, RegExp>>; refinements: Record<RefinementKey, RegExp> };

export const TASTE_WORDS: Record<Exclude<LanguageCode, 'en'>, Words> = {
  es: {
    tastes: {
      Fruity: /\b(afrutad|frut)/, Tropical: /\b(tropical|pina|coco|maracuya|mango)/, Citrus: /\b(citric|limon|lima|naranja|pomelo|acido)/,
      Berry: /\b(frutos rojos|fresa|frambues|mora)/, Herbal: /\b(hierba|menta|albahaca|herbal)/, Spicy: /\b(picante|especiad|jengibre)/,
      Creamy: /\b(cremos|cafe|chocolate|postre)/, Bitter: /\bamarg/, Smoky: /\bahumad/, Floral: /\bflor/, Refreshing: /\b(refrescante|fresco|fresca)\b/,
      Sweet: /(?<!\b(menos|no tan|no muy|demasiado) )\bdulce/, Dry: /\b(seco|seca|menos dulce|no tan dulce)\b/,
      Light: /\b(suave|ligero|ligera)\b/, Bold: /\b(fuerte|cargad)/,
      Whiskey: /\bwhisk/, Vodka: /\bvodka/, Tequila: /\btequila/, Gin: /\b(ginebra|gin)\b/, Rum: /\bron\b/,
    },
    refinements: {
      sweeter: /\b(mas dulce|algo dulce)/, lessSweet: /\b(menos dulce|no tan dulce|mas seco)/, stronger: /\b(mas fuerte|mas cargad|con mas alcohol)/,
      lighter: /\b(mas suave|menos fuerte|mas liger|no tan fuerte)/, noIce: /\bsin hielo\b/,
    },
  },
  fr: {
    tastes: {
      Fruity: /\bfruit/, Tropical: /\b(tropical|ananas|coco|passion|mangue)/, Citrus: /\b(agrume|citron|orange|pamplemousse|acidul)/,
      Berry: /\b(fruits rouges|fraise|framboise|mure)/, Herbal: /\b(herbe|menthe|basilic)/, Spicy: /\b(epice|piquant|gingembre)/,
      Creamy: /\b(cremeu|cafe|chocolat|dessert)/, Bitter: /\bamer/, Smoky: /\bfume/, Floral: /\bflora|\bfleur/, Refreshing: /\b(rafraichi|frais|fraiche)\b/,
      Sweet: /(?<!\b(moins|pas trop|trop) )\bsucre|(?<!\b(moins|pas trop|trop) )\bdoux\b/, Dry: /\b(sec|seche|moins sucre|pas trop sucre)\b/,
      Light: /\bleger/, Bold: /(?<!\bmoins )\bfort\b|\bcorse/,
      Whiskey: /\bwhisk/, Vodka: /\bvodka/, Tequila: /\btequila/, Gin: /\bgin\b/, Rum: /\brhum\b/,
    },
    refinements: {
      sweeter: /\b(plus sucre|plus doux)/, lessSweet: /\b(moins sucre|pas trop sucre|plus sec)/, stronger: /\b(plus fort|plus corse|plus d alcool)/,
      lighter: /\b(moins fort|plus leger|moins d alcool|pas trop fort)/, noIce: /\bsans (glace|glacons?)\b/,
    },
  },
  de: {
    tastes: {
      Fruity: /\bfrucht/, Tropical: /\b(tropisch|ananas|kokos|maracuja|mango)/, Citrus: /\b(zitrus|zitrone|limette|orange|grapefruit|sauer)/,
      Berry: /\b(beere|erdbeer|himbeer)/, Herbal: /\b(krauter|kraeuter|minze|basilikum)/, Spicy: /\b(wurzig|scharf|ingwer)/,
      Creamy: /\b(cremig|kaffee|schokolade|dessert)/, Bitter: /\bbitter/, Smoky: /\brauchig/, Floral: /\bblum|\bbluten|\bfloral/, Refreshing: /\b(erfrischend|frisch)/,
      Sweet: /(?<!\b(weniger|nicht so|zu) )\bsuss/, Dry: /\b(trocken|weniger suss|nicht so suss)/,
      Light: /\bleicht/, Bold: /(?<!\b(weniger|nicht so) )\bstark/,
      Whiskey: /\bwhisk/, Vodka: /\b(wodka|vodka)/, Tequila: /\btequila/, Gin: /\bgin\b/, Rum: /\brum\b/,
    },
    refinements: {
      sweeter: /\b(susser|mehr suss)/, lessSweet: /\b(weniger suss|nicht so suss|trockener)/, stronger: /\b(starker|mehr alkohol)/,
      lighter: /\b(leichter|schwacher|weniger stark|weniger alkohol|nicht so stark)/, noIce: /\bohne eis\b/,
    },
  },
  it: {
    tastes: {
      Fruity: /\bfrutt/, Tropical: /\b(tropical|ananas|cocco|passion|mango)/, Citrus: /\b(agrum|limone|lime|arancia|pompelmo|aspro)/,
      Berry: /\b(frutti di bosco|fragol|lampon|mora)/, Herbal: /\b(erbe|menta|basilico)/, Spicy: /\b(speziat|piccante|zenzero)/,
      Creamy: /\b(cremos|caffe|cioccolat|dessert)/, Bitter: /\bamar/, Smoky: /\baffumicat/, Floral: /\bfloreal|\bfiori/, Refreshing: /\b(rinfrescante|fresco|fresca)\b/,
      Sweet: /(?<!\b(meno|non troppo|troppo) )\bdolce/, Dry: /\b(secco|secca|meno dolce|non troppo dolce)\b/,
      Light: /\blegger/, Bold: /(?<!\bmeno )\bforte/,
      Whiskey: /\bwhisk/, Vodka: /\bvodka/, Tequila: /\btequila/, Gin: /\bgin\b/, Rum: /\brum\b/,
    },
    refinements: {
      sweeter: /\bpiu dolce/, lessSweet: /\b(meno dolce|piu secco|non cosi dolce)/, stronger: /\b(piu forte|piu alcol)/,
      lighter: /\b(piu leggero|meno forte|meno alcol)/, noIce: /\bsenza ghiaccio\b/,
    },
  },
  pt: {
    tastes: {
      Fruity: /\bfrut/, Tropical: /\b(tropical|ananas|abacaxi|coco|maracuja|manga)/, Citrus: /\b(citric|limao|lima|laranja|toranja|acido)/,
      Berry: /\b(frutos vermelhos|morango|framboesa|amora)/, Herbal: /\b(erva|hortela|manjericao)/, Spicy: /\b(picante|especiad|gengibre)/,
      Creamy: /\b(cremos|cafe|chocolate|sobremesa)/, Bitter: /\bamarg/, Smoky: /\bfumad/, Floral: /\bflora|\bflor/, Refreshing: /\b(refrescante|fresco|fresca)\b/,
      Sweet: /(?<!\b(menos|nao tao|demasiado) )\bdoce/, Dry: /\b(seco|seca|menos doce|nao tao doce)\b/,
      Light: /\bleve/, Bold: /(?<!\bmenos )\bforte/,
      Whiskey: /\bwhisk/, Vodka: /\bvodka/, Tequila: /\btequila/, Gin: /\bgin\b/, Rum: /\brum\b/,
    },
    refinements: {
      sweeter: /\bmais doce/, lessSweet: /\b(menos doce|mais seco|nao tao doce)/, stronger: /\bmais forte/,
      lighter: /\b(mais leve|menos forte|menos alcool)/, noIce: /\bsem gelo\b/,
    },
  },
};
