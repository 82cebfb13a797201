// How a guest's words become constraints (docs/decisions/100): many phrasings of the same need, and
// ordinary requests that must not be read as one.
import { describe, expect, it } from 'vitest';
import { NO_CONSTRAINTS, readConstraints, violations } from '../../worker/ai/constraints';

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
