// Spanish (Spain and the Americas): how guests say what they cannot have (docs/decisions/189). Phrases in
// the notation of phrases.ts, written without diacritics: the normaliser strips them from the guest's words.
import type { LanguageTable } from './table';

export const SPANISH: LanguageTable = {
  code: 'es',
  name: 'Spanish',
  commonWords: [
    'yo', 'me', 'mi', 'mis', 'tu', 'te', 'usted', 'nos', 'nosotros', 'el', 'la', 'los', 'las', 'lo', 'un', 'una', 'unos', 'unas', 'de', 'del', 'al',
    'y', 'o', 'pero', 'con', 'sin', 'para', 'por', 'favor', 'porfa', 'porfavor', 'que', 'como', 'muy', 'mas', 'menos', 'poco', 'poquito', 'algo',
    'nada', 'alguna', 'alguno', 'ninguna', 'ninguno', 'es', 'esta', 'este', 'esto', 'soy', 'estoy', 'somos', 'estamos', 'tengo', 'tienes', 'tiene',
    'quiero', 'quisiera', 'queria', 'prefiero', 'puedes', 'puede', 'podria', 'dame', 'ponme', 'recomiendas', 'recomienda', 'recomendacion', 'hola',
    'gracias', 'buenas', 'noches', 'hoy', 'aqui', 'bebida', 'trago', 'copa', 'coctel', 'cocteles', 'dulce', 'afrutado', 'afrutada', 'fresco', 'fresca',
    'refrescante', 'cremoso', 'cremosa', 'fuerte', 'suave', 'ligero', 'ligera', 'amargo', 'amarga', 'picante', 'seco', 'seca', 'rico', 'rica', 'bien',
    'tambien', 'otro', 'otra', 'cual', 'donde', 'cuando', 'hay', 'sabor', 'frutas', 'fruta', 'hielo', 'vaso', 'mucho', 'mucha', 'tomar',
  ],
  clauseBreaks: ['pero', 'y'],
  allergens: {
    'tree nuts': [
      'almendra*', 'avellana*', 'pistacho*', 'anacardo*', 'maranon*', 'macadamia*', 'pecana*', 'nuez de macadamia|brasil|pecan', 'nueces de macadamia|brasil|pecan',
      'castana* de caju|caju', 'frutos de cascara', 'fruto de cascara', 'amaretto', 'orgeat', 'horchata de almendra*', 'mazapan',
    ],
    peanuts: ['cacahuete*', 'cacahuate*', 'cacahuet*', 'mani', 'manies', 'manises', 'crema de cacahuete'],
    nuts: ['frutos secos', 'fruto seco', 'nuez', 'nueces'],
    dairy: ['lacteo*', 'lactea*', 'leche', 'lactosa', 'caseina', 'suero de leche', 'nata', 'mantequilla', 'productos lacteos'],
    egg: ['huevo', 'huevos', 'clara de huevo', 'claras'],
    gluten: ['gluten', 'trigo', 'cebada', 'centeno', 'celiaco', 'celiaca', 'celiacos', 'celiaquia'],
    soy: ['soja', 'soya'],
    sesame: ['sesamo', 'ajonjoli'],
    shellfish: ['marisco*', 'crustaceo*', 'molusco*', 'gamba*', 'camaron*', 'langostino*', 'ostra*', 'mejillon*'],
    fish: ['pescado*', 'pez', 'peces', 'anchoa*'],
    celery: ['apio'],
    mustard: ['mostaza'],
    lupin: ['altramuz*', 'altramuces', 'lupino*', 'chocho*'],
    sulphites: ['sulfito*', 'sulfitos', 'dioxido de azufre'],
  },
  allergyCues: [
    'alergi*', 'alergic*', 'alergia*', 'intoleran*', 'sin', 'no', 'nada de', 'ni', 'cero', 'libre de', 'libres de', 'evito', 'evitar', 'evita',
    'no puedo tomar|comer|beber', 'no tomo|como', 'me sienta|sientan mal', 'me hace|hacen dano|mal', 'reaccion*', 'celiac*', 'sensib*', 'anafila*',
  ],
  impliedAllergens: [
    { phrases: ['celiaco', 'celiaca', 'celiacos', 'celiaquia'], groups: ['gluten'] },
    { phrases: ['vegano', 'vegana', 'veganos', 'veganas'], groups: ['dairy', 'egg', 'fish', 'shellfish'] },
  ],
  alcoholFree: [
    // Pregnancy and breastfeeding.
    'embarazad*', 'embarazo', 'estoy|esta en estado', 'buena esperanza', 'encinta', 'prenada', 'esperando un bebe|nino|hijo', 'esperamos un bebe', 'dando el? pecho', 'amamantando',
    'amamanto', 'lactancia', 'lactando',
    // Driving.
    'conduzco', 'conducir', 'conduciendo', 'conductor*', 'conductora*', 'manejo', 'manejar', 'manejando', 'al volante', 'chofer', 'llevo|traigo el coche|carro|auto',
    // Sobriety, medication, recovery.
    'sobrio', 'sobria', 'abstemio*', 'abstemia*', 'no bebo', 'nunca bebo', 'ya no bebo', 'no puedo|debo|quiero|voy a beber', 'deje de beber', 'no estoy bebiendo',
    'no tomo alcohol', 'antibiotico*', 'medicacion', 'medicamento*', 'en recuperacion', 'alcoholicos anonimos', 'rehabilitacion',
    // "No alcohol".
    'sin ~ alcohol|alcol|licor|alcoholes', 'nada de alcohol', 'cero alcohol', 'libre de alcohol', 'no alcohol', 'no alcoholico*', 'no alcoholica*',
    'nada alcoholico', 'nada con alcohol', 'que no lleve|tenga alcohol', 'mocktail*', 'coctel* virgen', 'virgen', 'virgin', 'sin graduacion', 'cero cero', '0 0', '0 %',
    // Under age.
    'menor de edad', 'menores de edad', 'soy menor', 'somos menores',
  ],
  lowAlcohol: [
    'poco alcohol', 'poquito alcohol', 'bajo|baja en alcohol', 'baja graduacion', 'bajo contenido alcoholico', 'bajo contenido de alcohol', 'suave de alcohol',
    'no muy|tan|demasiado fuerte', 'no muy|tan cargado|cargada', 'ligero|ligera de alcohol', 'menos alcohol', 'flojito', 'flojita', 'con poco alcohol',
  ],
  statedAge: ['tengo solo? #', '# anos|anitos', 'cumplo #', 'acabo de cumplir #'],
  ageBelow: ['menor de #', 'menos de # anos', 'no tengo #', 'aun no tengo #', 'todavia no tengo #'],
  notAnAge: ['euros', 'dolares', 'pesos', 'personas', 'amigos', 'amigas', 'minutos', 'min', 'ml', 'cl', '%', 'bebidas', 'copas', 'tragos'],
  nothingToHonour: [
    'no', 'nada', 'ninguna', 'ninguno', 'ni una', 'no gracias', 'no tengo alergias|alergia', 'sin alergias', 'no soy alergico|alergica', 'con alcohol',
    'el alcohol esta bien', 'alcohol esta bien', 'alcohol si', 'todo bien', 'estoy bien',
  ],
  drinkClasses: { wine: ['vino|vinos', 'cava', 'prosecco', 'champan', 'champagne', 'vermut'], beer: ['cerveza|cervezas', 'birra'], cider: ['sidra|sidras'] },
  replies: {
    allergenNames: {
      'tree nuts': 'frutos de cáscara', peanuts: 'cacahuetes', nuts: 'frutos secos', dairy: 'lácteos', egg: 'huevo', gluten: 'gluten', soy: 'soja',
      sesame: 'sésamo', shellfish: 'marisco', fish: 'pescado', celery: 'apio', mustard: 'mostaza', lupin: 'altramuces', sulphites: 'sulfitos',
    },
    without: 'Sin {list}.',
    or: 'ni',
    alcoholFree: 'Sin alcohol.',
    lowAlcohol: 'Con poco alcohol.',
    allergyConfirm: 'Si tienes alguna alergia, confírmalo con el personal de la barra al pedir.',
    classNames: { wine: 'el vino', beer: 'la cerveza', cider: 'la sidra' },
    classContains: '{Class} contiene {allergen}, así que he buscado otra cosa.',
  },
};
