// Portuguese (Portugal and Brazil): how guests say what they cannot have (docs/decisions/189). Phrases in
// the notation of phrases.ts, without diacritics ("não" reads "nao", "álcool" reads "alcool").
import type { LanguageTable } from './table';

export const PORTUGUESE: LanguageTable = {
  code: 'pt',
  name: 'Portuguese',
  commonWords: [
    'eu', 'me', 'meu', 'minha', 'voce', 'vc', 'tu', 'nos', 'o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas', 'de', 'do', 'da', 'dos', 'das', 'no', 'na',
    'em', 'e', 'ou', 'mas', 'com', 'sem', 'para', 'pra', 'por', 'favor', 'que', 'como', 'muito', 'muita', 'mais', 'menos', 'pouco', 'algo', 'alguma',
    'algum', 'coisa', 'nada', 'nenhuma', 'nenhum', 'nao', 'nem', 'sim', 'estou', 'sou', 'tenho', 'tem', 'quero', 'queria', 'gostaria', 'prefiro', 'pode',
    'podes', 'posso', 'recomenda', 'recomendas', 'sugere', 'obrigado', 'obrigada', 'ola', 'oi', 'boa', 'noite', 'hoje', 'aqui', 'bebida', 'drink',
    'doce', 'frutado', 'frutada', 'fresco', 'fresca', 'refrescante', 'cremoso', 'cremosa', 'forte', 'leve', 'suave', 'amargo', 'amarga', 'picante',
    'seco', 'seca', 'bom', 'boa', 'tambem', 'outro', 'outra', 'gelo', 'copo', 'gosto', 'fruta', 'frutas', 'isso', 'esse', 'essa',
  ],
  clauseBreaks: ['mas', 'e'],
  allergens: {
    'tree nuts': [
      'amendoa*', 'avela*', 'pistache*', 'pistacio*', 'castanha* de caju|caju|para|brasil', 'caju', 'noz peca|pecan|macadamia', 'nozes peca|pecan|macadamia',
      'macadamia*', 'amaretto', 'orgeat', 'orchata', 'marzipa*', 'macapao',
    ],
    peanuts: ['amendoi*', 'manteiga de amendoim'],
    nuts: ['nozes', 'noz', 'frutos secos', 'fruto seco', 'castanha*', 'oleaginosa*', 'frutos de casca rija', 'frutos de casca'],
    dairy: ['leite', 'laticinio*', 'lacticinio*', 'lactose', 'lacteo*', 'caseina', 'soro de leite', 'nata', 'natas', 'derivados do leite'],
    egg: ['ovo', 'ovos', 'clara de ovo', 'claras'],
    gluten: ['gluten', 'trigo', 'cevada', 'centeio', 'celiaco', 'celiaca', 'celiacos', 'doenca celiaca'],
    soy: ['soja'],
    sesame: ['sesamo', 'gergelim'],
    shellfish: ['marisco*', 'crustaceo*', 'molusco*', 'camarao', 'camaroes', 'frutos do mar', 'ostra*', 'mexilho*'],
    fish: ['peixe*', 'anchova*', 'biqueirao'],
    celery: ['aipo', 'salsao'],
    mustard: ['mostarda'],
    lupin: ['tremoco*', 'tremoc*'],
    sulphites: ['sulfito*', 'dioxido de enxofre'],
  },
  allergyCues: [
    'alergi*', 'alergic*', 'intoleran*', 'sem', 'nao', 'nada de', 'nenhum', 'nenhuma', 'zero', 'evito', 'evitar', 'livre|isento|isenta de',
    'nao posso comer|beber|tomar', 'nao como|tomo', 'me faz|fazem mal', 'celiac*', 'reacao', 'sensivel', 'sensibilidade', 'anafila*',
  ],
  impliedAllergens: [
    { phrases: ['celiaco', 'celiaca', 'celiacos', 'doenca celiaca'], groups: ['gluten'] },
    { phrases: ['vegano', 'vegana', 'veganos', 'veganas'], groups: ['dairy', 'egg', 'fish', 'shellfish'] },
  ],
  alcoholFree: [
    // Pregnancy and breastfeeding.
    'gravida*', 'gestante', 'gravidez', 'esperando um|uma bebe|filho|filha|nenem', 'a espera de um bebe', 'amamentando', 'amamento', 'amamentacao',
    'a amamentar', 'lactante',
    // Driving.
    'dirigir', 'dirigindo', 'dirijo', 'vou dirigir', 'conduzir', 'conduzo', 'a conduzir', 'motorista', 'condutor*', 'condutora*', 'ao volante',
    'estou|vim|vou de carro', 'estou com o carro',
    // Sobriety, medication, recovery.
    'sobrio', 'sobria', 'abstemio*', 'abstemia*', 'nao bebo', 'eu nao bebo', 'nunca bebo', 'ja nao bebo', 'nao posso|devo|vou|quero beber', 'parei de beber',
    'nao estou bebendo', 'nao estou a beber', 'nao tomo alcool', 'antibiotico*', 'remedio*', 'medicamento*', 'medicacao', 'alcoolicos anonimos',
    'em recuperacao', 'ex alcoolatra',
    // "No alcohol".
    'sem ~ alcool|alcol|alcohol|licor', 'nada de alcool', 'zero alcool', 'nao alcoolic*', 'livre de alcool', 'sem bebida alcoolica', 'nada alcoolico',
    'nada com alcool', 'mocktail*', 'drink sem alcool', 'virgem', 'virgin', '0 %', '0 0',
    // Under age.
    'menor de idade', 'menores de idade', 'sou menor', 'somos menores',
  ],
  lowAlcohol: [
    'pouco alcool', 'com pouco alcool', 'baixo teor alcoolico', 'baixo teor de alcool', 'teor alcoolico baixo', 'fraquinho', 'fraquinha', 'nao muito|tao|demasiado forte',
    'nao muito alcoolico|alcoolica', 'menos alcool', 'levemente alcoolico|alcoolica', 'leve no|de alcool', 'suave no|de alcool',
  ],
  statedAge: ['tenho so|apenas? #', 'tenho # anos', '# anos|aninhos', 'fiz #', 'faco #'],
  ageBelow: ['menor de #', 'menos de # anos', 'nao tenho #', 'ainda nao tenho #'],
  notAnAge: ['euros', 'reais', 'dolares', 'pessoas', 'amigos', 'amigas', 'minutos', 'min', 'ml', 'cl', '%', 'bebidas', 'copos', 'drinks'],
  nothingToHonour: [
    'nao', 'nada', 'nenhuma', 'nenhum', 'nao obrigado|obrigada', 'sem alergias', 'nao tenho alergias|alergia', 'nao sou alergico|alergica', 'com alcool',
    'alcool esta bem|ok', 'alcool pode', 'pode ter alcool', 'tudo bem', 'esta tudo bem',
  ],
  drinkClasses: { wine: ['vinho|vinhos', 'espumante', 'prosecco', 'champanhe', 'vermute'], beer: ['cerveja|cervejas', 'chope'], cider: ['sidra|sidras'] },
  replies: {
    allergenNames: {
      'tree nuts': 'frutos de casca rija', peanuts: 'amendoim', nuts: 'frutos secos', dairy: 'laticínios', egg: 'ovo', gluten: 'glúten', soy: 'soja',
      sesame: 'sésamo', shellfish: 'marisco', fish: 'peixe', celery: 'aipo', mustard: 'mostarda', lupin: 'tremoço', sulphites: 'sulfitos',
    },
    without: 'Sem {list}.',
    or: 'nem',
    alcoholFree: 'Sem álcool.',
    lowAlcohol: 'Com pouco álcool.',
    allergyConfirm: 'Se tiver alguma alergia, confirme com os funcionários do bar ao fazer o pedido.',
    classNames: { wine: 'o vinho', beer: 'a cerveja', cider: 'a sidra' },
    classContains: '{Class} contém {allergen}, por isso escolhi outra coisa.',
  },
};
