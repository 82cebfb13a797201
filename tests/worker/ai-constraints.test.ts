// How a guest's words become constraints (docs/decisions/189): many phrasings of the same need, in
// six languages, ordinary requests that must not be read as one, and languages the reader cannot read.
import { describe, expect, it } from 'vitest';
import {
  ALLERGY_CONFIRM_LINE, allergyConfirmLine, honouredSentences, mergeConstraints, NO_CONSTRAINTS, readConstraints, replyOpening, UNREAD_HOLD, UNREAD_QUESTION,
  violations,
} from '../../worker/ai/constraints';
import { LANGUAGE_CODES } from '../../worker/ai/languages/table';
import { tableOf } from '../../worker/ai/languages/tables';
import { LIGHT_PHRASINGS, type Need, NEED_EXPECTS, PHRASINGS } from './ai-eval-languages';

describe('readConstraints', () => {
  const alcoholFree = [
    "I'm pregnant", "we're expecting, so nothing strong", 'breastfeeding at the moment', "I'm driving", "I'm the designated driver tonight",
    'I have to drive home', "I'm sober", "I don't drink", 'I do not drink alcohol', "I’m not drinking tonight", 'zero-proof please', '0% please',
    'a mocktail', 'a virgin one', 'non-alcoholic', 'alcohol free', 'booze-free', 'no alcohol', 'nothing alcoholic', 'no alcoholic drinks',
    'without alcohol', "I'm on antibiotics", "I'm a recovering alcoholic", "I'm 17", 'I am 19 years old', "I'm under 21", 'underage',
  ];
  for (const text of alcoholFree) it(`"${text}" → alcohol-free`, () => expect(readConstraints(text).alcoholFree).toBe(true));

  const notAlcoholFree = ["I'm 35 and thirsty", 'a dry martini', 'something light and refreshing', 'two drinks for 4 people', 'I love a stiff drink', 'not too sweet'];
  for (const text of notAlcoholFree) it(`"${text}" → no alcohol constraint`, () => expect(readConstraints(text).alcoholFree).toBe(false));

  const allergies: [string, string[]][] = [
    ['nut allergy', ['nuts']], ["I'm allergic to tree nuts", ['tree nuts']], ['peanut allergy', ['peanuts']], ['no almonds please', ['tree nuts']],
    ['dairy free', ['dairy']], ['lactose intolerant', ['dairy']], ["I can't have milk", ['dairy']], ['allergic to eggs', ['egg']],
    ['gluten-free please', ['gluten']], ["I'm coeliac", ['gluten']], ['celiac here', ['gluten']], ['no wheat', ['gluten']],
    ['soy allergy', ['soy']], ['sesame allergy', ['sesame']], ['shellfish allergy', ['shellfish']], ['allergic to fish', ['fish']],
    ['celery allergy', ['celery']], ['sulphite sensitivity', ['sulphites']], ['no sulfites', ['sulphites']], ['mustard allergy', ['mustard']],
    ['I am vegan', ['dairy', 'egg', 'fish', 'shellfish']], ['allergic to almonds and milk', ['tree nuts', 'dairy']],
  ];
  for (const [text, groups] of allergies) it(`"${text}" → ${groups.join(', ')}`, () => expect(readConstraints(text).allergies).toEqual(groups));

  const noAllergy = ['I love nuts', 'something with egg white foam', 'a creamy milk punch', 'fish tacos go well with this'];
  for (const text of noAllergy) it(`"${text}" → no allergy`, () => expect(readConstraints(text).allergies).toEqual([]));

  it('"light on alcohol" and "low ABV" ask for a light drink', () => {
    expect(readConstraints('something light on alcohol').lowAlcohol).toBe(true);
    expect(readConstraints('low abv please').lowAlcohol).toBe(true);
    expect(readConstraints('something light').lowAlcohol).toBe(false);
  });

  it('the chat context base "None" is alcohol-free', () => {
    expect(readConstraints('', { zeroProofPicked: true }).alcoholFree).toBe(true);
  });
});

describe('violations', () => {
  const glass = { allergens: ['tree nuts', 'sulphites'], containsAlcohol: true, light: false, unverified: false };
  it('names what a drink breaks; a generic nut allergy catches tree nuts', () => {
    expect(violations(glass, { ...NO_CONSTRAINTS, allergies: ['nuts'], alcoholFree: true, lowAlcohol: false })).toEqual(['tree nuts', 'alcohol']);
    expect(violations(glass, { ...NO_CONSTRAINTS, allergies: ['dairy'], alcoholFree: false, lowAlcohol: false })).toEqual([]);
    expect(violations(glass, { ...NO_CONSTRAINTS, allergies: [], alcoholFree: false, lowAlcohol: true })).toEqual(['more than a light pour of alcohol']);
  });
  it('a drink whose recipe cannot be checked is refused to an allergic or alcohol-free guest', () => {
    const unknown = { allergens: [], containsAlcohol: false, light: true, unverified: true };
    expect(violations(unknown, { ...NO_CONSTRAINTS, allergies: ['egg'], alcoholFree: false, lowAlcohol: false })).toEqual(['an ingredient I cannot check']);
    expect(violations(unknown, { ...NO_CONSTRAINTS, allergies: [], alcoholFree: false, lowAlcohol: false })).toEqual([]);
  });
});

describe('readConstraints in the guest\'s own language (docs/decisions/189)', () => {
  const covers = (allergies: string[], stored: string) => ({
    'tree nuts': allergies.includes('nuts') || allergies.includes('tree nuts'),
    peanuts: allergies.includes('nuts') || allergies.includes('peanuts'),
    milk: allergies.includes('dairy'),
    gluten: allergies.includes('gluten'),
  })[stored];

  for (const code of LANGUAGE_CODES) {
    for (const [need, texts] of Object.entries(PHRASINGS[code]) as [Need, string[]][]) {
      const expected = NEED_EXPECTS[need];
      it(`${tableOf(code).name}: every phrasing of ${need} is read, in ${tableOf(code).name}`, () => {
        for (const text of texts) {
          const c = readConstraints(text);
          if (expected.alcoholFree) expect(c.alcoholFree, text).toBe(true);
          for (const stored of expected.noAllergen ?? []) expect(covers(c.allergies, stored), `${text} → ${c.allergies.join(', ')}`).toBe(true);
          expect(c.unread, text).toBe(false);
          expect(c.language, text).toBe(code);
        }
      });
    }
    it(`${tableOf(code).name}: "light on alcohol" is read`, () => {
      for (const text of LIGHT_PHRASINGS[code]) expect(readConstraints(text), text).toMatchObject({ lowAlcohol: true, alcoholFree: false, language: code });
    });
  }

  const nothing: string[] = [
    'algo dulce y fuerte', 'Quiero un mojito', 'tengo 2 amigos conmigo', '¿Qué me recomiendas sobre el menú?', 'sin hielo por favor', 'tengo 30 años',
    'quelque chose de fort', "J'ai 30 ans", 'un verre de vin rouge', 'je voudrais un mojito', 'pas trop sucré',
    'etwas Starkes bitte', 'Ich bin 35', 'Genuss pur, etwas Süßes', 'ich hätte gerne einen Gin Tonic', 'nicht zu süß', 'stilles Wasser',
    'qualcosa di forte', 'ho 30 anni', 'un spritz per favore', 'non troppo dolce',
    'algo forte', 'tenho 30 anos', 'Tenho 2 amigos', 'Sou do Brasil, algo doce', 'não muito doce',
  ];
  for (const text of nothing) {
    it(`"${text}" asks for nothing to be held back`, () => {
      expect(readConstraints(text)).toMatchObject({ allergies: [], alcoholFree: false, lowAlcohol: false, unread: false });
    });
  }

  const spellings: [string, string[], object][] = [
    ['es', ['Soy alérgico a los frutos secos', 'soy alergico a los frutos secos', 'soy alerjico a los frutos secos'], { allergies: ['nuts'] }],
    ['fr', ['Je suis allergique aux cacahuètes', 'je suis allergique aux cacahuetes', 'je suis alergique aux cacahuettes'], { allergies: ['peanuts'] }],
    ['de', ['Ich bin allergisch gegen Nüsse', 'ich bin allergisch gegen Nuesse', 'ich bin alergisch gegen Nüsse'], { allergies: ['nuts'] }],
    ['it', ['mia moglie è incinta', 'mia moglie e incinta', 'mia moglie è incnta'], { alcoholFree: true }],
    ['pt', ['Estou grávida', 'estou gravida', 'estou grávda'], { alcoholFree: true }],
    ['en', ["I'm pregnant", 'im pregnant', "I'm pregant"], { alcoholFree: true }],
  ];
  for (const [code, texts, expected] of spellings) {
    it(`${code}: with diacritics, without them, and misspelt one letter off, the words read alike`, () => {
      for (const text of texts) expect(readConstraints(text), text).toMatchObject({ ...expected, unread: false });
    });
  }

  it('a word the sentence\'s own language uses for something else is no allergen: Spanish "soy alérgico" names no soy', () => {
    expect(readConstraints('Soy alérgico a los frutos secos').allergies).toEqual(['nuts']);
    expect(readConstraints("I'm allergic to soy").allergies).toEqual(['soy']);
    expect(readConstraints('Soy alérgica a la soja').allergies).toEqual(['soy']);
  });

  it('German compounds name one group each: "Erdnussallergie" is peanuts, not also nuts', () => {
    expect(readConstraints('Ich habe eine Erdnussallergie').allergies).toEqual(['peanuts']);
    expect(readConstraints('Haselnussallergie').allergies).toEqual(['tree nuts']);
    expect(readConstraints('glutenfrei und laktosefrei bitte').allergies).toEqual(['dairy', 'gluten']);
  });

  it('emoji for a constraint are read', () => {
    expect(readConstraints('🤰 something fruity').alcoholFree).toBe(true);
    expect(readConstraints('🚫🥜 please').allergies).toEqual(['peanuts']);
  });
});

describe('a language the reader cannot read (docs/decisions/189)', () => {
  const unreadable = [
    'Ik ben zwanger, iets fruitigs alsjeblieft', 'Geen alcohol graag', 'Jestem w ciąży, coś owocowego proszę', 'Nie piję alkoholu',
    'Hamileyim, meyveli bir şey lütfen', '妊娠しています。フルーティーなものをください', 'ナッツアレルギーです', '我怀孕了', 'Я беременна',
    'Jag är gravid, något fruktigt tack', 'Jeg er gravid, noget frugtigt tak', 'Olen raskaana', 'Jsem těhotná', 'Terhes vagyok, valami gyümölcsös',
    'Sunt însărcinată', 'Estic embarassada, alguna cosa afruitada si us plau', 'Saya hamil, sesuatu yang manis tolong', 'Buntis ako',
    'Mimba, kitu tamu tafadhali', 'Something fruity and sweet with rum please, ik ben zwanger', "I'm zwanger", 'Mojito please 妊娠中',
  ];
  for (const text of unreadable) {
    it(`"${text}" is not guessed at: held to no alcohol and no allergens until the guest answers`, () => {
      expect(readConstraints(text)).toMatchObject({ unread: true, alcoholFree: true });
    });
  }

  const readable = [
    'Negroni', 'mojito', 'Mojito 🍹🍹', '🍸', '👍', 'hi', 'yes', 'ok', 'surprise me', 'gin?', 'Aperol Spritz please', 'Piña Colada', 'Caipirinha por favor',
    'Un mojito please', 'Gin tonic sin hielo, please', 'Espresso Martini, shaken hard', 'lavender honey syrup', 'Oaxaca Old Fashioned', 'Naked and Famous',
    'Something smoky 🔥', 'I want a Dark n Stormy', 'Thai basil smash', 'Żubrówka and apple juice', 'Bourbon stirred boozy', 'Mezcal paloma spicy',
    'Hugo Spritz', 'Crème de mûre fizz', 'Tom Collins, extra lime', 'Suggest a drink: gin, citrus and herbal, dry, with lime', 'idk lol tbh',
    'Cheers mate!', 'A Sazerac, neat', 'Something with elderflower and prosecco', 'Ben wants a mojito',
  ];
  for (const text of readable) it(`"${text}" is read as it is (no unknown language)`, () => expect(readConstraints(text).unread).toBe(false));

  it('a later message in a language the reader knows answers the question: a constraint, or "no"', () => {
    expect(readConstraints('Ik ben zwanger\nNegroni')).toMatchObject({ unread: true, alcoholFree: true });
    expect(readConstraints('Ik ben zwanger\nsomething fruity')).toMatchObject({ unread: true, alcoholFree: true });
    expect(readConstraints('Ik ben zwanger\nyes, alcohol-free please')).toMatchObject({ unread: false, alcoholFree: true });
    expect(readConstraints('Ik ben zwanger\nNo allergies, alcohol is fine')).toMatchObject({ unread: false, alcoholFree: false, allergies: [] });
    expect(readConstraints('Ik ben zwanger\nsin alcohol')).toMatchObject({ unread: false, alcoholFree: true, language: 'es' });
    expect(readConstraints('Ik ben allergisch voor noten\nI am allergic to nuts')).toMatchObject({ unread: false, allergies: ['nuts'] });
  });

  it('held back, any stored allergen and any alcohol breaks it', () => {
    const c = readConstraints('Ik ben zwanger');
    expect(violations({ allergens: ['sulphites'], containsAlcohol: false, light: true, unverified: false }, c)).toEqual(['sulphites']);
    expect(violations({ allergens: [], containsAlcohol: true, light: true, unverified: false }, c)).toEqual(['alcohol']);
    expect(violations({ allergens: [], containsAlcohol: false, light: true, unverified: false }, c)).toEqual([]);
  });
});

describe('what the reply says back', () => {
  it('says what was honoured in the guest\'s language, with the line to confirm an allergy with staff', () => {
    const es = readConstraints('Soy alérgico a los frutos secos y no bebo alcohol');
    expect(honouredSentences(es)).toEqual(['Sin frutos secos.', 'Sin alcohol.']);
    expect(allergyConfirmLine(es)).toBe('Si tienes alguna alergia, confírmalo con el personal de la barra al pedir.');
    expect(honouredSentences(readConstraints('ohne Nüsse und Milch, alkoholfrei'))).toEqual(['Ohne Nüsse oder Milchprodukte.', 'Alkoholfrei.']);
    expect(honouredSentences(readConstraints('peu alcoolisé svp'))).toEqual(['Peu alcoolisé.']);
    expect(honouredSentences(readConstraints('I have a nut allergy'))).toEqual(['No nuts in this one.']);
    expect(allergyConfirmLine(readConstraints("I'm pregnant"))).toBeNull();
  });

  it('asks, in English and plain words, when the words could not be read', () => {
    const c = readConstraints('Ik ben zwanger');
    expect(replyOpening(c)).toEqual([UNREAD_QUESTION, UNREAD_HOLD]);
    expect(honouredSentences(c)).toEqual([]);
    expect(UNREAD_QUESTION).toMatch(/Do you have any allergies, or would you like your drink alcohol-free\?/);
    expect(allergyConfirmLine(c)).toBe(ALLERGY_CONFIRM_LINE);
  });
});

describe('mergeConstraints: another reader can only add', () => {
  it('unions allergies and alcohol-free; never lifts what the local reader found', () => {
    const local = readConstraints("I'm pregnant, nut allergy");
    expect(mergeConstraints(local, NO_CONSTRAINTS)).toEqual(local);
    expect(mergeConstraints(NO_CONSTRAINTS, { ...NO_CONSTRAINTS, allergies: ['dairy'], alcoholFree: true }))
      .toMatchObject({ allergies: ['dairy'], alcoholFree: true, lowAlcohol: false });
    expect(mergeConstraints(readConstraints('Ik ben zwanger'), NO_CONSTRAINTS).unread).toBe(true);
    expect(mergeConstraints(readConstraints('low abv please'), { ...NO_CONSTRAINTS, alcoholFree: true })).toMatchObject({ alcoholFree: true, lowAlcohol: false });
  });
});
