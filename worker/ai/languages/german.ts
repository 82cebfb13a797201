// German: how guests say what they cannot have (docs/decisions/189). Phrases in the notation of phrases.ts,
// without diacritics (ü reads u, ß reads ss); umlauts written out ("Nuesse") are listed beside. Compounds
// ("Nussallergie", "glutenfrei", "Laktoseintoleranz") are read by stems and infixes.
import type { LanguageTable } from './table';

export const GERMAN: LanguageTable = {
  code: 'de',
  name: 'German',
  commonWords: [
    'ich', 'mich', 'mir', 'mein', 'meine', 'du', 'dich', 'dir', 'sie', 'wir', 'uns', 'ihr', 'er', 'es', 'der', 'die', 'das', 'den', 'dem', 'des', 'ein',
    'eine', 'einen', 'einem', 'einer', 'und', 'oder', 'aber', 'mit', 'ohne', 'fur', 'fuer', 'von', 'zu', 'auf', 'im', 'am', 'bei', 'nach', 'nicht', 'kein',
    'keine', 'keinen', 'etwas', 'was', 'wie', 'bitte', 'danke', 'gerne', 'gern', 'bin', 'ist', 'sind', 'habe', 'hast', 'hat', 'haben', 'mochte', 'moechte',
    'hatte', 'haette', 'will', 'kann', 'konnen', 'koennen', 'darf', 'trinken', 'trinke', 'getrank', 'getraenk', 'getranke', 'suss', 'suess', 'susses',
    'fruchtig', 'fruchtiges', 'fruchtigen', 'frisch', 'frisches', 'erfrischend', 'stark', 'starkes', 'leicht', 'leichtes', 'herb', 'bitter', 'cremig',
    'heute', 'abend', 'auch', 'noch', 'sehr', 'zu', 'ja', 'nein', 'hallo', 'guten', 'vielen', 'dank', 'empfehlen', 'empfiehlst', 'empfehlung', 'gibt',
    'so', 'nur', 'mal', 'doch', 'schon', 'viel', 'wenig', 'lecker', 'eis', 'glas', 'sauer', 'scharf', 'trocken',
  ],
  clauseBreaks: ['aber', 'und'],
  allergens: {
    'tree nuts': [
      'mandel*', 'haselnuss*', 'haselnuess*', 'walnuss*', 'walnuess*', 'pistazie*', 'cashew*', 'pekannuss*', 'pecannuss*', 'macadamia*', 'paranuss*',
      'baumnuss*', 'baumnuess*', 'schalenfrucht*', 'schalenfruecht*', 'amaretto', 'orgeat', 'marzipan*',
    ],
    peanuts: ['erdnuss*', 'erdnuess*'],
    nuts: ['nuss*', 'nuess*', 'schalenobst'],
    dairy: ['*milch*', 'laktose*', 'lactose*', 'molke*', 'kasein*', 'sahne*', 'butter', 'milchprodukt*'],
    egg: ['ei', 'eier*', 'eiweiss*', 'eigelb', 'eiklar', 'huhnerei*', 'huehnerei*', 'eiallergie'],
    gluten: ['gluten*', 'weizen*', 'gerste*', 'roggen*', 'dinkel*', 'zoliakie', 'zoeliakie', 'zoliakiekranke*'],
    soy: ['soja*'],
    sesame: ['sesam*'],
    shellfish: ['schalentier*', 'krebstier*', 'meeresfrucht*', 'meeresfruecht*', 'garnele*', 'krabbe*', 'muschel*', 'weichtier*', 'auster*', 'shrimps'],
    fish: ['fisch*', 'sardelle*'],
    celery: ['sellerie*'],
    mustard: ['senf*'],
    lupin: ['lupine*'],
    sulphites: ['sulfit*', 'schwefel*'],
  },
  allergyCues: [
    '*allergi*', '*unvertraglich*', '*unvertraeglich*', '*intoleran*', 'ohne', 'kein*', 'nicht', '*frei', 'vertrage', 'verzicht*', 'vermeide*',
    'zoliakie', 'zoeliakie', 'reagiere', 'reaktion', 'anaphyla*', 'empfindlich*', 'darf kein*',
  ],
  impliedAllergens: [
    { phrases: ['zoliakie', 'zoeliakie', 'zoliakiekranke*'], groups: ['gluten'] },
    { phrases: ['vegan', 'veganer', 'veganerin', 'vegane'], groups: ['dairy', 'egg', 'fish', 'shellfish'] },
  ],
  alcoholFree: [
    // Pregnancy and breastfeeding.
    'schwanger*', 'erwarte|erwarten ein baby|kind', 'in anderen umstanden|umstaenden', 'guter hoffnung', 'ich stille', 'stillzeit', 'stillende', 'am stillen',
    // Driving.
    'ich fahre', 'fahre ich', 'muss ~ fahren', 'werde ~ fahren', 'noch fahren', 'autofahrer*', 'fahrer', 'fahrerin', 'am steuer', 'mit dem auto|wagen',
    'auto fahren', 'autofahren',
    // Sobriety, medication, recovery.
    'nuchtern', 'nuechtern', 'abstinent*', 'ich trinke nicht|nie', 'trinke nicht|nie', 'trinke heute nicht|nichts', 'trinke nichts', 'trinke kein* alkohol', 'darf ~ nicht trinken',
    'darf kein* alkohol', 'ich bin trocken', 'antibiotika', 'antibiotikum', 'medikament*', 'tabletten', 'trockener alkoholiker', 'ex alkoholiker',
    'anonyme alkoholiker', 'entzug',
    // "No alcohol".
    'alkoholfrei*', 'ohne ~ alkohol|alk|schnaps|sprit', 'kein* ~ alkohol', 'null alkohol', 'null prozent', '0 prozent', 'nicht alkoholisch*',
    'nichtalkoholisch*', 'antialkoholisch*', 'nichts alkoholisches', 'nichts mit alkohol', 'nix mit alkohol', 'mocktail*', 'virgin', '0 %', '0 0',
    // Under age.
    'minderjahrig*', 'minderjaehrig*', 'zu jung', 'noch zu jung',
  ],
  lowAlcohol: [
    'wenig alkohol', 'mit wenig alkohol', 'leicht|schwach alkoholisch*', 'alkoholarm*', 'nicht zu|so|sehr|allzu stark', 'weniger alkohol', 'kaum alkohol',
    'nicht so viel alkohol', 'nicht zu viel alkohol', 'leichter drink',
  ],
  statedAge: ['ich bin erst|nur? #', 'bin erst #', '# jahre|jahr|jahrig|jaehrig', 'werde #'],
  ageBelow: ['unter #', 'noch nicht #'],
  notAnAge: ['euro', 'eur', 'dollar', 'leute', 'personen', 'freunde', 'minuten', 'min', 'ml', 'cl', '%', 'drinks', 'getranke', 'getraenke', 'glaser', 'glaeser'],
  nothingToHonour: [
    'nein', 'nichts', 'keine', 'nein danke', 'keine allergien|allergie', 'ich habe keine allergien|allergie', 'nicht allergisch', 'mit alkohol',
    'alkohol ist ok|okay|gut', 'alkohol ist in ordnung', 'alkohol ok|okay|gut', 'alles gut', 'alles ok|okay',
  ],
  drinkClasses: { wine: ['wein|weine|weins', 'rotwein|weisswein|rosewein|schaumwein|sekt', 'prosecco', 'champagner', 'wermut'], beer: ['bier|biere|biers', 'pils', 'weizen*'], cider: ['cider', 'apfelwein'] },
  replies: {
    allergenNames: {
      'tree nuts': 'Schalenfrüchte', peanuts: 'Erdnüsse', nuts: 'Nüsse', dairy: 'Milchprodukte', egg: 'Ei', gluten: 'Gluten', soy: 'Soja', sesame: 'Sesam',
      shellfish: 'Meeresfrüchte', fish: 'Fisch', celery: 'Sellerie', mustard: 'Senf', lupin: 'Lupinen', sulphites: 'Sulfite',
    },
    without: 'Ohne {list}.',
    or: 'oder',
    alcoholFree: 'Alkoholfrei.',
    lowAlcohol: 'Mit wenig Alkohol.',
    allergyConfirm: 'Bei einer Allergie bitte beim Bestellen mit dem Barpersonal abklären.',
    classNames: { wine: 'Wein', beer: 'Bier', cider: 'Cider' },
    classContains: '{Class} enthält {allergen}, deshalb habe ich etwas anderes gewählt.',
  },
};
