// What a guest says about their body, read from their own words, and the hard filter it becomes
// (docs/decisions/100-guest-constraints-hard-filter.md). Both back ends run every candidate through
// `violations` before it can reach the guest: a stated constraint never only ranks.
import { AGE_THRESHOLD } from '../../shared/constants';

/** One allergen group: how guests name it, how stored allergens name it, and what the reply calls it. */
type AllergenGroup = { label: string; spoken: RegExp; stored: RegExp };

const TREE_NUTS_STORED = /tree ?nut|almond|hazelnut|walnut|pecan|cashew|pistachio|macadamia|brazil nut/;
const PEANUTS_STORED = /peanut|groundnut/;

// Order matters: the first group whose spoken pattern matches a phrase wins it, so 'tree nut' is
// read before the bare 'nut'.
const ALLERGEN_GROUPS: readonly AllergenGroup[] = [
  { label: 'tree nuts', spoken: /\btree[- ]?nuts?\b|\balmonds?\b|\bhazelnuts?\b|\bwalnuts?\b|\bpecans?\b|\bcashews?\b|\bpistachios?\b|\bmacadamias?\b|\bamaretto\b|\borgeat\b|\bmarzipan\b/, stored: TREE_NUTS_STORED },
  { label: 'peanuts', spoken: /\bpea ?nuts?\b|\bgroundnuts?\b/, stored: PEANUTS_STORED },
  { label: 'nuts', spoken: /\bnuts?\b|\bnutty\b/, stored: new RegExp(`${TREE_NUTS_STORED.source}|${PEANUTS_STORED.source}|^nuts?$`) },
  { label: 'dairy', spoken: /\bdairy\b|\bmilk\b|\blactose\b|\bcasein\b|\bwhey\b/, stored: /milk|dairy|lactose|casein|whey|cream|butter/ },
  { label: 'egg', spoken: /\beggs?\b/, stored: /egg/ },
  { label: 'gluten', spoken: /\bgluten\b|\bwheat\b|\bco?eliac\b|\bbarley\b/, stored: /gluten|wheat|barley|spelt/ },
  { label: 'soy', spoken: /\bsoya?\b|\bsoybeans?\b/, stored: /soy/ },
  { label: 'sesame', spoken: /\bsesame\b/, stored: /sesame/ },
  { label: 'shellfish', spoken: /\bshellfish\b|\bcrustaceans?\b|\bshrimps?\b|\bprawns?\b|\bmolluscs?\b|\boysters?\b/, stored: /shellfish|crustacean|mollusc|shrimp|prawn|crab|lobster|oyster|clam|mussel/ },
  { label: 'fish', spoken: /\bfish\b|\banchov/, stored: /(^|[^l])fish|anchov/ },
  { label: 'celery', spoken: /\bcelery\b|\bceleriac\b/, stored: /celery|celeriac/ },
  { label: 'mustard', spoken: /\bmustard\b/, stored: /mustard/ },
  { label: 'lupin', spoken: /\blupin/, stored: /lupin/ },
  { label: 'sulphites', spoken: /\bsulph|\bsulfi|\bsulfur|\bsulphur/, stored: /sulph|sulfi|sulfur|sulphur/ },
];

/** Words that turn a mention of an allergen into a constraint ("allergic to", "no", "free", ...). */
const ALLERGY_CUE = /allerg|intoleran|sensitiv|can'?t (have|eat|drink|do|take)|cannot (have|eat|drink|take)|can not|\bno\b|\bnot\b|\bnone\b|without|\bfree\b|avoid|\bskip\b|hold the|leave out|don'?t (eat|have|do|want)|co?eliac|anaphyla|epipen|react(ion)? to/;
/** Phrases that imply an allergen group on their own. */
const IMPLIED_ALLERGENS: [RegExp, string[]][] = [
  [/\bco?eliac\b/, ['gluten']],
  [/\bvegan\b/, ['dairy', 'egg', 'fish', 'shellfish']],
];

const ALCOHOL_FREE = new RegExp([
  String.raw`\bpregnan`, String.raw`\bexpecting\b`, String.raw`\bbreast ?feeding\b`, String.raw`\bnursing\b`,
  String.raw`\bdriv(e|es|ing|er)\b`, String.raw`\bdesignated\b`, String.raw`\bsober\b`, String.raw`\bsobriety\b`, String.raw`\bteetotal`,
  String.raw`\b(don'?t|do not|doesn'?t|can'?t|cannot|won'?t|not|never) (drink|drinking)\b`, String.raw`\bno drinking\b`,
  String.raw`\bzero[- ]?(proof|abv|alcohol|%)`, String.raw`\b0 ?%`, String.raw`\bmocktails?\b`, String.raw`\bvirgin\b`, String.raw`\bsoft drinks?\b`,
  String.raw`\bnon[- ]?alcoholic\b`, String.raw`\bnon[- ]?alc\b`, String.raw`\b(alcohol|booze|liquor)[- ]?free\b`,
  String.raw`\b(no|without|zero|nothing with|not any|free of|skip the|hold the) (alcohol|booze|liquor|spirits?)\b`,
  String.raw`\bnothing (alcoholic|boozy|strong)\b`, String.raw`\bnot? (alcoholic|boozy)\b`,
  String.raw`\bunder ?age\b`, String.raw`\btoo young\b`, String.raw`\bon (antibiotics|medication|meds)\b`, String.raw`\bin recovery\b`, String.raw`\brecovering\b`,
].join('|'));

const LOW_ALCOHOL = /\blight on (the )?(alcohol|booze)|\blow[- ]?(abv|alcohol|proof|booze)\b|\bnot (too |very )?(strong|boozy)\b|\beasy on the (alcohol|booze)\b|\bless (alcohol|boozy)\b|\blower[- ]?(abv|alcohol)\b|\bsessionable\b|\bhalf[- ]?strength\b|\bweak(er)? (drink|one)\b/;

/** "I'm 17", "I am 19 years old", "aged 20", "I'm under 21": an age below the age gate's threshold. */
function statedAgeBelowThreshold(text: string): boolean {
  if (new RegExp(String.raw`\bunder (${AGE_THRESHOLD}|the (legal|drinking) age)\b`).test(text)) return true;
  const ages = [
    ...text.matchAll(/\b(?:i'?m|im|i am|age|aged|turning|just turned)\s+(?:only\s+|just\s+)?(\d{1,2})\b(?!\s*(?:ml|oz|%|people|of us|friends|minutes|min|dollars|\$))/g),
    ...text.matchAll(/\b(\d{1,2})\s*(?:years?[- ]old|yrs?[- ]old|y\/o|yo)\b/g),
  ].map((m) => Number(m[1]));
  return ages.some((age) => age >= 5 && age < AGE_THRESHOLD);
}

export type GuestConstraints = {
  /** Allergen groups the glass must be free of, as the reply names them ('nuts', 'dairy', ...). */
  allergies: string[];
  alcoholFree: boolean;
  /** "Light on alcohol": an alcohol-free drink or a light one; never a bold one, a neat pour or a shot. */
  lowAlcohol: boolean;
};

export const NO_CONSTRAINTS: GuestConstraints = { allergies: [], alcoholFree: false, lowAlcohol: false };

/** A suggestion request's constraints: all the guest's words, and the chat context's base 'None'. */
export const requestConstraints = (request: { text: string; constraintText?: string; context: { baseSpirit?: string | null } | null }) =>
  readConstraints(request.constraintText ?? request.text, { zeroProofPicked: request.context?.baseSpirit?.trim().toLowerCase() === 'none' });

const add = (list: string[], value: string) => { if (!list.includes(value)) list.push(value); };

/** The constraints in a guest's words (vibe request, chat messages, recommend-new request). */
export function readConstraints(rawText: string, options: { zeroProofPicked?: boolean } = {}): GuestConstraints {
  const text = rawText.toLowerCase().replace(/[’‘]/g, "'");
  const allergies: string[] = [];
  for (const sentence of text.split(/[.!?;\n]+|,\s*(?=but\b|and\b)/)) {
    if (!ALLERGY_CUE.test(sentence)) continue;
    let rest = sentence;
    for (const group of ALLERGEN_GROUPS) {
      const pattern = new RegExp(group.spoken.source, 'g');
      if (!pattern.test(rest)) continue;
      add(allergies, group.label);
      // A phrase names one group: 'tree nut' is not read again as a bare 'nut'.
      rest = rest.replace(new RegExp(group.spoken.source, 'g'), ' ');
    }
  }
  for (const [pattern, groups] of IMPLIED_ALLERGENS) if (pattern.test(text)) groups.forEach((g) => add(allergies, g));
  const alcoholFree = Boolean(options.zeroProofPicked) || ALCOHOL_FREE.test(text) || statedAgeBelowThreshold(text);
  return { allergies, alcoholFree, lowAlcohol: !alcoholFree && LOW_ALCOHOL.test(text) };
}

/** Does a stored allergen (an ingredient's or a drink's) belong to a group the guest named? */
export function allergenInGroup(stored: string, groupLabel: string): boolean {
  const group = ALLERGEN_GROUPS.find((g) => g.label === groupLabel);
  return Boolean(group && group.stored.test(stored.toLowerCase()));
}

/** What a candidate holds, from stored data only: a menu drink's derived facts or a creation's ingredients. */
export type GlassFacts = {
  allergens: readonly string[];
  containsAlcohol: boolean;
  light: boolean;
  /** A recipe line names no known ingredient: what it holds cannot be vouched for. */
  unverified: boolean;
};

/** The constraints a candidate breaks, as short phrases ('tree nuts', 'alcohol'); empty when it is allowed. */
export function violations(facts: GlassFacts, c: GuestConstraints): string[] {
  const broken: string[] = [];
  for (const group of c.allergies) {
    const hit = facts.allergens.find((a) => allergenInGroup(a, group));
    if (hit) add(broken, hit);
  }
  if (c.alcoholFree && facts.containsAlcohol) broken.push('alcohol');
  if ((c.allergies.length > 0 || c.alcoholFree) && facts.unverified) broken.push('an ingredient I cannot check');
  if (c.lowAlcohol && facts.containsAlcohol && !facts.light) broken.push('more than a light pour of alcohol');
  return broken;
}

export const hasConstraints = (c: GuestConstraints) => c.allergies.length > 0 || c.alcoholFree || c.lowAlcohol;

const joinOr = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`);

/** The reply's sentences saying what was honoured, and the allergy line asking to confirm with the bar. */
export function honouredSentences(c: GuestConstraints): string[] {
  const sentences: string[] = [];
  if (c.allergies.length > 0) sentences.push(`No ${joinOr(c.allergies)} in this one.`);
  if (c.alcoholFree) sentences.push("It's alcohol-free.");
  if (c.lowAlcohol) sentences.push("It's light on alcohol.");
  return sentences;
}

export const ALLERGY_CONFIRM_LINE = 'With an allergy, please confirm with the bar staff when you order.';

/** Why nothing could be offered, naming the constraints (the 422 no_suggestion message). */
export function nothingFitsMessage(c: GuestConstraints): string {
  const needs = [
    ...(c.allergies.length > 0 ? [`without ${joinOr(c.allergies)}`] : []),
    ...(c.alcoholFree ? ['alcohol-free'] : []),
    ...(c.lowAlcohol ? ['light on alcohol'] : []),
  ];
  return needs.length > 0
    ? `Nothing on the menu or in stock is ${needs.join(' and ')} right now; please ask the bar staff`
    : 'Nothing on the menu or in stock fits this request';
}
