// Italian: how guests say what they cannot have (docs/decisions/189). Phrases in the notation of phrases.ts,
// without diacritics; an elided article is its own word ("l'alcol" reads "l alcol").
import type { LanguageTable } from './table';

export const ITALIAN: LanguageTable = {
  code: 'it',
  name: 'Italian',
  commonWords: [
    'io', 'mi', 'me', 'mio', 'mia', 'miei', 'tu', 'ti', 'te', 'lei', 'noi', 'voi', 'il', 'lo', 'la', 'i', 'gli', 'le', 'l', 'un', 'una', 'uno', 'di', 'del',
    'della', 'dei', 'delle', 'e', 'ed', 'o', 'ma', 'con', 'senza', 'per', 'da', 'in', 'su', 'qualcosa', 'qualche', 'niente', 'nulla', 'vorrei', 'voglio',
    'prendo', 'prenderei', 'favore', 'piacere', 'grazie', 'ciao', 'buonasera', 'salve', 'che', 'cosa', 'non', 'molto', 'troppo', 'poco', 'piu', 'meno',
    'sono', 'ho', 'hai', 'ha', 'abbiamo', 'sei', 'posso', 'puoi', 'potrei', 'consigli', 'consiglia', 'consigliami', 'dolce', 'fruttato', 'fruttata',
    'fresco', 'fresca', 'rinfrescante', 'cremoso', 'cremosa', 'forte', 'leggero', 'leggera', 'amaro', 'amara', 'piccante', 'secco', 'secca', 'bevanda',
    'bere', 'drink', 'stasera', 'oggi', 'anche', 'ancora', 'bene', 'buono', 'buona', 'altro', 'altra', 'ghiaccio', 'bicchiere', 'si', 'no', 'qui', 'tanto',
  ],
  clauseBreaks: ['ma', 'e'],
  allergens: {
    'tree nuts': [
      'mandorl*', 'nocciola', 'nocciole', 'pistacch*', 'anacard*', 'noci pecan|macadamia|brasiliane', 'noce pecan|macadamia', 'pecan', 'macadamia*',
      'amaretto', 'orzata', 'marzapane',
    ],
    peanuts: ['arachid*', 'nocciolin*', 'burro di arachidi'],
    nuts: ['noci', 'noce', 'frutta a guscio', 'frutta secca', 'frutti a guscio', 'frutta secca a guscio'],
    dairy: ['latte', 'latticin*', 'lattosio', 'caseina', 'siero di latte', 'panna', 'burro', 'derivati del latte'],
    egg: ['uovo', 'uova', 'albume', 'tuorlo'],
    gluten: ['glutine', 'gluten', 'frumento', 'grano', 'orzo', 'segale', 'celiaco', 'celiaca', 'celiachia'],
    soy: ['soia', 'soya'],
    sesame: ['sesamo'],
    shellfish: ['crostace*', 'mollusch*', 'frutti di mare', 'gamber*', 'ostric*', 'cozze', 'vongole'],
    fish: ['pesce', 'pesci', 'acciug*'],
    celery: ['sedano'],
    mustard: ['senape'],
    lupin: ['lupin*'],
    sulphites: ['solfit*', 'anidride solforosa'],
  },
  allergyCues: [
    'allergi*', 'allergic*', 'intolleran*', 'intoleran*', 'senza', 'niente', 'nessun*', 'non', 'no', 'zero', 'evito', 'evitare', 'privo|priva|privi di',
    'non posso mangiare|bere|prendere', 'non tollero', 'celiac*', 'reazione', 'sensibil*', 'anafila*',
  ],
  impliedAllergens: [
    { phrases: ['celiaco', 'celiaca', 'celiachia'], groups: ['gluten'] },
    { phrases: ['vegano', 'vegana', 'vegani', 'vegane'], groups: ['dairy', 'egg', 'fish', 'shellfish'] },
  ],
  alcoholFree: [
    // Pregnancy and breastfeeding.
    'incinta', 'gravidanza', 'gravida', 'in dolce attesa', 'dolce attesa', 'aspetto|aspettiamo un bambino|bimbo|bimba|figlio|figlia', 'allatto', 'allattamento',
    'allattando', 'sto allattando',
    // Driving.
    'guido', 'guido io', 'devo guidare', 'guidare', 'guidando', 'alla guida', 'guidatore', 'guidatrice', 'autista', 'al volante', 'prendo la macchina',
    // Sobriety, medication, recovery.
    'sobrio', 'sobria', 'astemio', 'astemia', 'non bevo', 'non bevo mai', 'non posso|devo|voglio bere', 'ho smesso di bere', 'non sto bevendo',
    'antibiotic*', 'farmac*', 'prendo medicine', 'alcolisti anonimi', 'ex alcolista', 'in recupero',
    // "No alcohol".
    'analcolic*', 'senza ~ alcol|alcool|alcolici|liquori', 'niente ~ alcol|alcool|alcolici', 'zero alcol|alcool', 'non alcolic*', 'nessun alcol',
    'privo|priva di alcol', 'mocktail*', 'virgin', 'niente di alcolico', '0 %', '0 0',
    // Under age.
    'minorenne', 'minorenni',
  ],
  lowAlcohol: [
    'poco alcol*', 'poco alcool', 'leggermente alcolic*', 'bassa gradazione', 'gradazione bassa', 'poca gradazione', 'basso contenuto alcolico', 'basso contenuto di alcol',
    'non troppo|molto forte|alcolico|alcolica', 'meno alcol', 'leggero|leggera di alcol', 'un po di alcol',
  ],
  statedAge: ['ho solo? #', 'ho # anni', '# anni', 'compio #'],
  ageBelow: ['sotto i #', 'meno di # anni', 'non ho ancora #', 'non ho #'],
  notAnAge: ['euro', 'dollari', 'persone', 'amici', 'amiche', 'minuti', 'min', 'ml', 'cl', '%', 'bicchieri', 'drink', 'cocktail'],
  nothingToHonour: [
    'no', 'niente', 'nulla', 'nessuna', 'nessuno', 'no grazie', 'nessuna allergia', 'non ho allergie', 'non sono allergico|allergica', 'con alcol|alcool',
    'l alcol va bene', 'alcol va bene', 'alcol ok', 'tutto bene', 'va bene',
  ],
  drinkClasses: { wine: ['vino|vini', 'prosecco', 'spumante', 'champagne', 'vermut|vermouth'], beer: ['birra|birre'], cider: ['sidro|sidri'] },
  replies: {
    allergenNames: {
      'tree nuts': 'frutta a guscio', peanuts: 'arachidi', nuts: 'frutta a guscio né arachidi', dairy: 'latticini', egg: 'uova', gluten: 'glutine', soy: 'soia',
      sesame: 'sesamo', shellfish: 'frutti di mare', fish: 'pesce', celery: 'sedano', mustard: 'senape', lupin: 'lupini', sulphites: 'solfiti',
    },
    without: 'Senza {list}.',
    or: 'né',
    alcoholFree: 'Senza alcol.',
    lowAlcohol: 'Poco alcolico.',
    allergyConfirm: 'In caso di allergia, confermalo con il personale del bar quando ordini.',
    classNames: { wine: 'il vino', beer: 'la birra', cider: 'il sidro' },
    classContains: '{Class} contiene {allergen}, quindi ho scelto altro.',
  },
};
