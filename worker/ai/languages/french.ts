// French: how guests say what they cannot have (docs/decisions/189). Phrases in the notation of phrases.ts,
// without diacritics; an elided article is its own word ("d'alcool" reads "d alcool").
import type { LanguageTable } from './table';

export const FRENCH: LanguageTable = {
  code: 'fr',
  name: 'French',
  commonWords: [
    'je', 'j', 'moi', 'mon', 'ma', 'mes', 'tu', 'toi', 'vous', 'votre', 'nous', 'il', 'elle', 'on', 'le', 'la', 'les', 'l', 'un', 'une', 'des', 'du', 'de',
    'd', 'et', 'ou', 'mais', 'avec', 'sans', 'pour', 'par', 'pas', 'ne', 'n', 'plus', 'tres', 'trop', 'peu', 'quelque', 'chose', 'rien', 'suis',
    'est', 'c', 'ce', 'cette', 'ces', 'qu', 'que', 'qui', 'quoi', 'quel', 'quelle', 'ai', 'as', 'avez', 'avons', 'veux', 'voudrais', 'aimerais', 'aime',
    'prendre', 'prends', 'prendrais', 'conseiller', 'conseillez', 'recommandez', 'propose', 'proposez', 's', 'il', 'vous', 'plait', 'svp', 'stp', 'merci',
    'bonjour', 'bonsoir', 'salut', 'soir', 'boisson', 'boissons', 'verre', 'sucre', 'sucree', 'fruite', 'fruitee', 'frais', 'fraiche',
    'rafraichissant', 'cremeux', 'cremeuse', 'fort', 'forte', 'doux', 'douce', 'leger', 'legere', 'amer', 'amere', 'epice', 'epicee', 'sec', 'seche',
    'bien', 'bon', 'bonne', 'aussi', 'encore', 'autre', 'glacon', 'glacons', 'gout', 'fruits', 'oui', 'non', 'ici', 'y', 'a', 'en', 'au', 'aux',
  ],
  clauseBreaks: ['mais', 'et'],
  allergens: {
    'tree nuts': [
      'amande*', 'noisette*', 'pistache*', 'noix de cajou|pecan|macadamia|bresil', 'cajou', 'pecan*', 'macadamia*', 'amaretto', 'orgeat', 'massepain',
      'pate d amande*',
    ],
    peanuts: ['arachide*', 'cacahuete*', 'cacahouete*', 'beurre de cacahuete'],
    nuts: ['noix', 'fruits a coque|coques', 'fruit a coque', 'fruits secs', 'oleagineux'],
    dairy: ['lait', 'laitier*', 'laitiere*', 'lactose', 'caseine', 'petit lait', 'beurre', 'produits laitiers'],
    egg: ['oeuf', 'oeufs', 'blanc d oeuf', 'blancs d oeufs'],
    gluten: ['gluten', 'ble', 'orge', 'seigle', 'coeliaque', 'celiaque', 'maladie coeliaque'],
    soy: ['soja'],
    sesame: ['sesame'],
    shellfish: ['fruits de mer', 'crustace*', 'mollusque*', 'crevette*', 'huitre*', 'coquillage*', 'moule*'],
    fish: ['poisson*', 'anchois'],
    celery: ['celeri'],
    mustard: ['moutarde'],
    lupin: ['lupin*'],
    sulphites: ['sulfite*', 'anhydride sulfureux'],
  },
  allergyCues: [
    'allergi*', 'allergique*', '*intoleran*', 'sans', 'pas de|d', 'aucun', 'aucune', 'ni', 'zero', 'non', 'exempt de|d', 'je ne peux pas manger|boire|prendre|avoir',
    'je peux pas manger|boire|prendre|avoir', 'ne supporte pas', 'supporte pas', 'evite', 'eviter', 'coeliaque', 'celiaque', 'reaction', 'sensible', 'anaphyla*',
  ],
  impliedAllergens: [
    { phrases: ['coeliaque', 'celiaque'], groups: ['gluten'] },
    { phrases: ['vegan', 'vegane', 'vegetalien', 'vegetalienne'], groups: ['dairy', 'egg', 'fish', 'shellfish'] },
  ],
  alcoholFree: [
    // Pregnancy and breastfeeding.
    'enceinte*', 'grossesse', 'j attends un bebe|enfant', 'attends un bebe|enfant', 'nous attendons un bebe|enfant', 'allaite', 'allaitement', 'allaitante', 'j allaite',
    // Driving.
    'je conduis', 'conduis', 'conduire', 'conducteur*', 'conductrice*', 'je prends le volant', 'au volant', 'capitaine de soiree', 'je suis en voiture', 'je prends la voiture', 'prendre la route',
    // Sobriety, medication, recovery.
    'suis sobre', 'reste sobre', 'rester sobre', 'abstinent*', 'abstinence', 'je ne bois pas|plus|jamais', 'je bois pas|plus|jamais', 'ne bois pas|plus|jamais',
    'je ne peux pas boire', 'je peux pas boire', 'je ne dois pas boire', 'ne pas boire', 'j ai arrete de boire', 'antibiotique*', 'sous traitement',
    'medicament*', 'ancien alcoolique', 'alcooliques anonymes', 'en sevrage',
    // "No alcohol".
    'sans ~ alcool|alcol|alcools|spiritueux', 'pas d|de alcool|alcol', 'pas de spiritueux', 'zero alcool', 'aucun alcool', 'rien d alcoolise', 'rien ~ alcoolise*',
    'non alcoolise*', 'sans alcoolise', 'mocktail*', 'virgin', 'boisson sans alcool', 'cocktail sans alcool', '0 %', '0 0',
    // Under age.
    'mineur', 'mineure', 'mineurs', 'mineures',
  ],
  lowAlcohol: [
    'peu d alcool', 'peu alcoolise*', 'faiblement|legerement alcoolise*', 'leger|legere|faible en alcool', 'pas trop|tres fort|forte|alcoolise|alcoolisee|charge|chargee',
    'moins d alcool', 'moins alcoolise*', 'pas trop d alcool', 'un peu d alcool', 'doux en alcool',
  ],
  statedAge: ['j ai #', 'j ai # ans', '# ans', 'je viens d avoir #'],
  ageBelow: ['moins de #', 'je n ai pas #', 'j ai pas #', 'pas encore #'],
  notAnAge: ['euros', 'dollars', 'personnes', 'amis', 'amies', 'minutes', 'min', 'ml', 'cl', '%', 'verres', 'boissons', 'cocktails'],
  nothingToHonour: [
    'non', 'rien', 'aucune', 'aucun', 'non merci', 'pas d allergie|allergies', 'aucune allergie', 'je n ai pas d allergie|allergies', 'pas allergique',
    'je ne suis pas allergique', 'avec alcool', 'avec de l alcool', 'l alcool c est bien|ok', 'alcool ok', 'tout va bien', 'ca va',
  ],
  drinkClasses: { wine: ['vin|vins', 'champagne', 'prosecco', 'vermouth'], beer: ['biere|bieres'], cider: ['cidre|cidres'] },
  replies: {
    allergenNames: {
      'tree nuts': 'fruits à coque', peanuts: 'arachides', nuts: 'fruits à coque ni arachides', dairy: 'produits laitiers', egg: 'œufs', gluten: 'gluten', soy: 'soja',
      sesame: 'sésame', shellfish: 'fruits de mer', fish: 'poisson', celery: 'céleri', mustard: 'moutarde', lupin: 'lupin', sulphites: 'sulfites',
    },
    without: 'Sans {list}.',
    or: 'ni',
    alcoholFree: 'Sans alcool.',
    lowAlcohol: 'Peu alcoolisé.',
    allergyConfirm: "En cas d'allergie, merci de le confirmer au personnel du bar en commandant.",
    classNames: { wine: 'le vin', beer: 'la bière', cider: 'le cidre' },
    classContains: '{Class} contient un allergène : {allergen}. J’ai donc choisi autre chose.',
  },
};
