import type { NounGender } from './lexicon-entry.js';
import type { PatientGender } from '../../../language/speech-settings.js';

type Language = 'en' | 'fr' | 'es';

const L = String.raw`[\p{L}\p{M}\p{N}]`;
const B = String.raw`(?<!${L})`;
const E = String.raw`(?!${L})`;
const AP = `['’]`;

// ---------------------------------------------------------------- negations

const NEGATIONS: Record<Language, RegExp> = {
  en: new RegExp(
    String.raw`${B}(?:not|no|never|none|nothing|neither|nor|without)${E}|n['’]t${E}`,
    'giu',
  ),
  fr: new RegExp(
    String.raw`${B}(?:n${AP}|(?:ne|pas|jamais|sans|aucun|aucune|rien|ni|non)${E})`,
    'giu',
  ),
  es: new RegExp(
    String.raw`${B}(?:no|nunca|jamás|sin|ningún|ninguno|ninguna|nada|tampoco|ni)${E}`,
    'giu',
  ),
};

/** How many negation words the text has (they must all survive a rewriting). */
export function negationCount(text: string, language: Language): number {
  return text.match(NEGATIONS[language])?.length ?? 0;
}

// ---------------------------------------------------------------- gender

/** Listener-directed predicates after which an adjective describes the patient. */
const LISTENER: Record<Language, string> = {
  en: String.raw`(?!)`,
  fr: String.raw`(?:${B}vous\s+(?:ne\s+|n${AP}\s*)?(?:vous\s+)?(?:êtes|sentez|semblez|paraissez|avez\s+l${AP}air|avez\s+été|serez|étiez|restez)|${B}tu\s+(?:ne\s+|n${AP}\s*)?(?:te\s+)?(?:es|sens|sembles|parais|as\s+l${AP}air|as\s+été|seras|étais|restes)|${B}(?:êtes|sentez|semblez)-vous|${B}(?:es|sens)-tu)`,
  es: String.raw`(?:${B}usted\s+(?:no\s+)?(?:está|se\s+siente|parece|ha\s+estado|estará|estaba|sigue)|${B}(?:no\s+)?(?:estás|te\s+sientes|pareces|has\s+estado|sigues)|(?:^|[.!?¿¡]\s*)(?:no\s+)?(?:está|se\s+siente|sigue)(?:\s+usted)?)`,
};
const ADVERBS: Record<Language, string> = {
  en: '',
  fr: String.raw`(?:\s+(?:pas|plus|jamais|très|un\s+peu|trop|encore|toujours|bien|si|assez|souvent|déjà|moins|aussi|vraiment))*`,
  es: String.raw`(?:\s+(?:muy|un\s+poco|más|menos|bastante|demasiado|todavía|aún|tan|algo|ya|siempre|nunca))*`,
};
const FEMININE_CONTEXT: Record<Language, RegExp> = {
  en: /(?!)/,
  fr: new RegExp(
    String.raw`(?:${B}(?:une|la|cette|ma|ta|sa|votre|notre)\s+${L}+(?:-${L}+)?\s+|${B}(?:elle|la\s+patiente|la\s+malade)\s+(?:est|semble|paraît|reste)${ADVERBS.fr}\s+)$`,
    'iu',
  ),
  es: new RegExp(
    String.raw`(?:${B}(?:una|la|esta|esa|su)\s+${L}+\s+|${B}(?:ella|la\s+paciente|la\s+enferma)\s+(?:está|parece|sigue)${ADVERBS.es}\s+)$`,
    'iu',
  ),
};
const LISTENER_TAIL: Record<Language, RegExp> = {
  en: /(?!)/,
  fr: new RegExp(`${LISTENER.fr}${ADVERBS.fr}\\s+$`, 'iu'),
  es: new RegExp(`${LISTENER.es}${ADVERBS.es}\\s+$`, 'iu'),
};

/**
 * The gender an epicene term's plain wording takes, from what comes before it: the listener's
 * after `vous êtes`/`usted está`…, feminine after a feminine determiner + noun or `elle est`,
 * else masculine (the default form).
 */
export function resolveGender(
  before: string,
  language: Language,
  listener: PatientGender,
): 'm' | 'f' {
  if (language === 'en') return 'm';
  const tail = before.slice(-80);
  if (LISTENER_TAIL[language].test(tail)) return listener === 'female' ? 'f' : 'm';
  return FEMININE_CONTEXT[language].test(tail) ? 'f' : 'm';
}

/** Adjectives and participles that agree with the patient (masculine, feminine), singular only. */
const AGREEMENT: Record<Language, readonly (readonly [string, string])[]> = {
  en: [],
  fr: [
    ['fatigué', 'fatiguée'],
    ['essoufflé', 'essoufflée'],
    ['inquiet', 'inquiète'],
    ['vacciné', 'vaccinée'],
    ['opéré', 'opérée'],
    ['allongé', 'allongée'],
    ['assis', 'assise'],
    ['déshydraté', 'déshydratée'],
    ['constipé', 'constipée'],
    ['étourdi', 'étourdie'],
    ['nauséeux', 'nauséeuse'],
    ['enrhumé', 'enrhumée'],
    ['fiévreux', 'fiévreuse'],
    ['rassuré', 'rassurée'],
    ['prêt', 'prête'],
    ['guéri', 'guérie'],
    ['soulagé', 'soulagée'],
    ['stressé', 'stressée'],
    ['angoissé', 'angoissée'],
    ['épuisé', 'épuisée'],
    ['enflé', 'enflée'],
    ['gêné', 'gênée'],
    ['hospitalisé', 'hospitalisée'],
    ['sûr', 'sûre'],
    ['confus', 'confuse'],
    ['déprimé', 'déprimée'],
    ['faible', 'faible'],
    ['triste', 'triste'],
    ['anxieux', 'anxieuse'],
    ['endormi', 'endormie'],
    ['réveillé', 'réveillée'],
    ['blessé', 'blessée'],
    ['malade', 'malade'],
    ['amaigri', 'amaigrie'],
    ['ballonné', 'ballonnée'],
    ['perdu', 'perdue'],
    ['soigné', 'soignée'],
  ],
  es: [
    ['cansado', 'cansada'],
    ['mareado', 'mareada'],
    ['preocupado', 'preocupada'],
    ['operado', 'operada'],
    ['vacunado', 'vacunada'],
    ['hinchado', 'hinchada'],
    ['deshidratado', 'deshidratada'],
    ['estreñido', 'estreñida'],
    ['sentado', 'sentada'],
    ['acostado', 'acostada'],
    ['tranquilo', 'tranquila'],
    ['seguro', 'segura'],
    ['agotado', 'agotada'],
    ['asustado', 'asustada'],
    ['nervioso', 'nerviosa'],
    ['confundido', 'confundida'],
    ['deprimido', 'deprimida'],
    ['ingresado', 'ingresada'],
    ['hospitalizado', 'hospitalizada'],
    ['curado', 'curada'],
    ['aliviado', 'aliviada'],
    ['listo', 'lista'],
    ['enfermo', 'enferma'],
    ['dolorido', 'dolorida'],
    ['resfriado', 'resfriada'],
    ['congestionado', 'congestionada'],
    ['débil', 'débil'],
    ['ansioso', 'ansiosa'],
    ['triste', 'triste'],
    ['dormido', 'dormida'],
    ['despierto', 'despierta'],
    ['herido', 'herida'],
    ['hinchado', 'hinchada'],
    ['inflamado', 'inflamada'],
    ['ahogado', 'ahogada'],
  ],
};

const AGREEMENT_FORMS: Record<Language, Map<string, readonly [string, string]>> = {
  en: new Map(),
  fr: formsOf(AGREEMENT.fr),
  es: formsOf(AGREEMENT.es),
};

function formsOf(
  pairs: readonly (readonly [string, string])[],
): Map<string, readonly [string, string]> {
  const forms = new Map<string, readonly [string, string]>();
  for (const pair of pairs) for (const form of pair) forms.set(form, pair);
  return forms;
}

const AGREEMENT_PATTERN: Record<Language, RegExp | undefined> = {
  en: undefined,
  fr: agreementPattern('fr'),
  es: agreementPattern('es'),
};

function agreementPattern(language: 'fr' | 'es'): RegExp {
  const words = [...AGREEMENT_FORMS[language].keys()].sort((a, b) => b.length - a.length);
  return new RegExp(
    `(${LISTENER[language]}${ADVERBS[language]}\\s+)(${words.join('|')})${E}`,
    'giu',
  );
}

/** Makes the adjectives of a small set that describe the listener agree with the patient's gender. */
export function agreeWithListener(text: string, language: Language, gender: PatientGender): string {
  const pattern = AGREEMENT_PATTERN[language];
  if (!pattern) return text;
  return text.replace(pattern, (_all, before: string, word: string) => {
    const pair = AGREEMENT_FORMS[language].get(word.toLowerCase());
    if (!pair) return before + word;
    const form = pair[gender === 'female' ? 1 : 0];
    return before + (isUpper(word[0]) ? form[0].toUpperCase() + form.slice(1) : form);
  });
}

// ---------------------------------------------------------------- determiners

const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/iu;
const H_ASPIRE = /^(?:hanche|hernie|haut|hoquet|handicap|hâte|honte|hurl|hache|hasard)/iu;

function startsWithVowelSound(word: string): boolean {
  if (VOWEL.test(word)) return true;
  return /^h/iu.test(word) && !H_ASPIRE.test(word);
}

const FR_DETERMINER = new RegExp(
  String.raw`${B}(le|la|l${AP}|un|une|du|de\s+la|de\s+l${AP}|au|à\s+la|à\s+l${AP}|ce|cet|cette|mon|ma|ton|ta|son|sa)(\s*)$`,
  'iu',
);
const FR_FORMS: Record<string, readonly [string, string, string]> = {
  // masculine, feminine, before a vowel sound
  le: ['le', 'la', "l'"],
  la: ['le', 'la', "l'"],
  "l'": ['le', 'la', "l'"],
  un: ['un', 'une', ''],
  une: ['un', 'une', ''],
  du: ['du', 'de la', "de l'"],
  'de la': ['du', 'de la', "de l'"],
  "de l'": ['du', 'de la', "de l'"],
  au: ['au', 'à la', "à l'"],
  'à la': ['au', 'à la', "à l'"],
  "à l'": ['au', 'à la', "à l'"],
  ce: ['ce', 'cette', 'cet'],
  cet: ['ce', 'cette', 'cet'],
  cette: ['ce', 'cette', 'cet'],
  mon: ['mon', 'ma', 'mon'],
  ma: ['mon', 'ma', 'mon'],
  ton: ['ton', 'ta', 'ton'],
  ta: ['ton', 'ta', 'ton'],
  son: ['son', 'sa', 'son'],
  sa: ['son', 'sa', 'son'],
};
const FR_PLURAL: Record<string, string> = {
  le: 'les',
  la: 'les',
  "l'": 'les',
  un: 'des',
  une: 'des',
  du: 'des',
  'de la': 'des',
  "de l'": 'des',
  au: 'aux',
  'à la': 'aux',
  "à l'": 'aux',
  ce: 'ces',
  cet: 'ces',
  cette: 'ces',
  mon: 'mes',
  ma: 'mes',
  ton: 'tes',
  ta: 'tes',
  son: 'ses',
  sa: 'ses',
};
const FR_ELIDED = new RegExp(String.raw`${B}(d|qu|j|n|s|jusqu|lorsqu|puisqu)${AP}$`, 'iu');
const FR_ELIDABLE = new RegExp(String.raw`${B}(de|que|je|ne|se|jusque|lorsque|puisque)\s+$`, 'iu');

const EN_ARTICLE = new RegExp(String.raw`${B}(a|an)(\s+)$`, 'iu');
const ES_DETERMINER = new RegExp(
  String.raw`${B}(el|la|los|las|un|una|unos|unas|del|de\s+la|de\s+los|de\s+las|al|a\s+la|a\s+los|a\s+las|este|esta|estos|estas|ese|esa|esos|esas)(\s+)$`,
  'iu',
);
const ES_SETS: readonly (readonly [string, string, string, string])[] = [
  ['el', 'la', 'los', 'las'],
  ['un', 'una', 'unos', 'unas'],
  ['del', 'de la', 'de los', 'de las'],
  ['al', 'a la', 'a los', 'a las'],
  ['este', 'esta', 'estos', 'estas'],
  ['ese', 'esa', 'esos', 'esas'],
];
const ES_INDEX: Record<NounGender, number> = { m: 0, f: 1, mp: 2, fp: 3 };

/**
 * Adjusts the determiner just before a replacement to the replacement's gender, and French
 * elision (`l'`, `d'`, `qu'`…) to whether the replacement starts with a vowel sound.
 */
export function fixDeterminer(
  before: string,
  language: Language,
  gender: NounGender | undefined,
  replacement: string,
): string {
  if (language === 'en') {
    const article = EN_ARTICLE.exec(before);
    if (!article) return before;
    const an = /^[aeiou]/iu.test(replacement) && !/^(?:u[nst]i|eu|one|once)/iu.test(replacement);
    return before.slice(0, article.index) + keepCase(article[1], an ? 'an' : 'a') + article[2];
  }
  if (language === 'es') {
    if (!gender) return before;
    const match = ES_DETERMINER.exec(before);
    if (!match) return before;
    const word = match[1].toLowerCase().replace(/\s+/g, ' ');
    const set = ES_SETS.find((forms) => forms.includes(word));
    if (!set) return before;
    return replaceTail(before, match.index, match[1], set[ES_INDEX[gender]] + match[2]);
  }
  const vowel = startsWithVowelSound(replacement);
  const determiner = FR_DETERMINER.exec(before);
  if (determiner && (gender === 'mp' || gender === 'fp')) {
    const word = determiner[1].toLowerCase().replace(/\s+/g, ' ').replace('’', "'");
    return before.slice(0, determiner.index) + keepCase(determiner[1], `${FR_PLURAL[word]} `);
  }
  if (determiner) {
    const word = determiner[1].toLowerCase().replace(/\s+/g, ' ').replace('’', "'");
    const forms = FR_FORMS[word];
    const known = gender === 'm' || gender === 'f' ? gender : undefined;
    let form: string;
    if (vowel && forms[2]) form = forms[2];
    else if (known) form = forms[known === 'f' ? 1 : 0];
    else if (!vowel && (word.endsWith("'") || word === 'cet')) form = forms[0];
    else return before;
    const spaced = form.endsWith("'") ? form : form + ' ';
    return before.slice(0, determiner.index) + keepCase(determiner[1], spaced);
  }
  const elided = FR_ELIDED.exec(before);
  if (elided && !vowel) {
    return before.slice(0, elided.index) + elided[1] + 'e ';
  }
  const elidable = FR_ELIDABLE.exec(before);
  if (elidable && vowel) {
    return before.slice(0, elidable.index) + elidable[1].slice(0, -1) + "'";
  }
  return before;
}

function replaceTail(before: string, index: number, original: string, form: string): string {
  return before.slice(0, index) + keepCase(original, form);
}

function keepCase(original: string, form: string): string {
  return isUpper(original[0]) ? form[0].toUpperCase() + form.slice(1) : form;
}

function isUpper(character: string): boolean {
  return character !== character.toLowerCase();
}

// ---------------------------------------------------------------- senior: formal address

const FR_TU_VERBS: Record<string, string> = {
  es: 'êtes',
  as: 'avez',
  dois: 'devez',
  peux: 'pouvez',
  vas: 'allez',
  fais: 'faites',
  prends: 'prenez',
  sens: 'sentez',
  ressens: 'ressentez',
  veux: 'voulez',
  sais: 'savez',
  bois: 'buvez',
  viens: 'venez',
  dors: 'dormez',
  connais: 'connaissez',
  vois: 'voyez',
  mets: 'mettez',
  sors: 'sortez',
  reviens: 'revenez',
  souffres: 'souffrez',
  étais: 'étiez',
  avais: 'aviez',
  seras: 'serez',
  auras: 'aurez',
  pourras: 'pourrez',
  devras: 'devrez',
  iras: 'irez',
  vomis: 'vomissez',
  finis: 'finissez',
  comprends: 'comprenez',
  dis: 'dites',
};
const FR_IMPERATIVES: Record<string, string> = {
  prends: 'prenez',
  bois: 'buvez',
  mange: 'mangez',
  respire: 'respirez',
  tousse: 'toussez',
  ouvre: 'ouvrez',
  'allonge-toi': 'allongez-vous',
  'assieds-toi': 'asseyez-vous',
  'dis-moi': 'dites-moi',
  'montre-moi': 'montrez-moi',
  reviens: 'revenez',
  appelle: 'appelez',
  évite: 'évitez',
  'repose-toi': 'reposez-vous',
  'lève-toi': 'levez-vous',
  attends: 'attendez',
  viens: 'venez',
  continue: 'continuez',
  arrête: 'arrêtez',
  'détends-toi': 'détendez-vous',
  'ne prends': 'ne prenez',
  'ne bois': 'ne buvez',
  'ne mange': 'ne mangez',
  "n'oublie": "n'oubliez",
  "n'hésite": "n'hésitez",
};
const ES_TU_VERBS: Record<string, string> = {
  tienes: 'tiene',
  estás: 'está',
  eres: 'es',
  debes: 'debe',
  puedes: 'puede',
  sientes: 'siente',
  necesitas: 'necesita',
  vas: 'va',
  quieres: 'quiere',
  sabes: 'sabe',
  has: 'ha',
  haces: 'hace',
  duermes: 'duerme',
  comes: 'come',
  bebes: 'bebe',
  fumas: 'fuma',
  recuerdas: 'recuerda',
  toses: 'tose',
  vomitas: 'vomita',
  respiras: 'respira',
  tenías: 'tenía',
  estabas: 'estaba',
  tendrás: 'tendrá',
  podrás: 'podrá',
  deberás: 'deberá',
  estarás: 'estará',
  entiendes: 'entiende',
  sufres: 'sufre',
  padeces: 'padece',
  tomaste: 'tomó',
  fuiste: 'fue',
  'no tomes': 'no tome',
  'no bebas': 'no beba',
  'no comas': 'no coma',
  'no fumes': 'no fume',
  'no te preocupes': 'no se preocupe',
  'no olvides': 'no olvide',
  'no dejes': 'no deje',
  tómate: 'tómese',
  siéntate: 'siéntese',
  acuéstate: 'acuéstese',
  dime: 'dígame',
  relájate: 'relájese',
  'te sientes': 'se siente',
  'te duele': 'le duele',
  'te duelen': 'le duelen',
  'te pica': 'le pica',
  'te molesta': 'le molesta',
  'te pasa': 'le pasa',
  'te ha pasado': 'le ha pasado',
  'te ha dolido': 'le ha dolido',
  'te mareas': 'se marea',
  'te cansas': 'se cansa',
  'te ahogas': 'se ahoga',
  tú: 'usted',
  tu: 'su',
  tus: 'sus',
  contigo: 'con usted',
  ti: 'usted',
};

const FR_FORMAL_PATTERNS: readonly (readonly [RegExp, (m: string, ...g: string[]) => string])[] = [
  [
    new RegExp(String.raw`${B}tu(\s+)((?:ne\s+|n${AP})?)((?:te\s+|t${AP})?)(${L}+)${E}`, 'giu'),
    (m, space: string, ne: string, te: string, verb: string) => {
      const formal = frVerb(verb);
      if (!formal) return m;
      const neForm = ne === '' ? '' : 'ne ';
      const reflexive = te === '' ? '' : 'vous ';
      const subject = keepCase(m, 'vous');
      return `${subject}${space}${neForm && startsWithVowelSound(reflexive || formal) ? "n'" : neForm}${reflexive}${formal}`;
    },
  ],
  [
    new RegExp(String.raw`${B}(${L}+)-tu${E}`, 'giu'),
    (m, verb: string) => {
      const formal = frVerb(verb);
      return formal ? keepCase(verb, formal) + '-vous' : m;
    },
  ],
  [new RegExp(String.raw`${B}(ton|ta)${E}`, 'giu'), (m) => keepCase(m, 'votre')],
  [new RegExp(String.raw`${B}tes${E}`, 'giu'), (m) => keepCase(m, 'vos')],
  [new RegExp(String.raw`${B}toi${E}`, 'giu'), (m) => keepCase(m, 'vous')],
  [new RegExp(String.raw`${B}te(\s+)`, 'giu'), (m, space: string) => keepCase(m, 'vous') + space],
  [new RegExp(String.raw`${B}t${AP}`, 'giu'), (m) => keepCase(m, 'vous ')],
];

function frVerb(verb: string): string | undefined {
  const lower = verb.toLowerCase();
  const known = FR_TU_VERBS[lower];
  if (known) return known;
  // Regular -er verbs: tu tousses → vous toussez.
  return /^\p{L}{3,}es$/u.test(lower) ? lower.slice(0, -1) + 'z' : undefined;
}

const FR_TU_LEFT = new RegExp(
  String.raw`${B}(?:tu|te|t${AP}|toi|ton|ta|tes)(?=[^\p{L}\p{M}\p{N}]|$)|-tu${E}`,
  'iu',
);
const FR_IMPERATIVE = new RegExp(
  String.raw`(^|[.!?:]\s+)(${Object.keys(FR_IMPERATIVES)
    .map((k) => k.replace("'", `${AP}`))
    .join('|')})${E}`,
  'giu',
);
const ES_TU = new RegExp(
  String.raw`${B}(${Object.keys(ES_TU_VERBS)
    .sort((a, b) => b.length - a.length)
    .join('|')})${E}`,
  'giu',
);
const ES_TU_LEFT = new RegExp(String.raw`${B}(?:tú|tu|tus|te|ti|contigo)${E}`, 'iu');
const SENTENCES = /(?:[^.!?]|[.!?](?![\s.!?]|$))+[.!?]*\s*/gu;

/**
 * Senior register: `tu` → `vous` (French) and `tú` → `usted` (Spanish), sentence by sentence,
 * only when every familiar form of the sentence is one this table can convert; a sentence
 * with any other familiar form (an unknown imperative, an ambiguous `te`) is left as said.
 */
export function formalAddress(text: string, language: Language): string {
  if (language === 'en') return text;
  return text.replace(SENTENCES, (sentence) => {
    if (language === 'fr') {
      let formal = sentence.replace(FR_IMPERATIVE, (_m, lead: string, verb: string) => {
        const key = verb.toLowerCase().replace('’', "'");
        return lead + keepCase(verb, FR_IMPERATIVES[key] ?? verb);
      });
      for (const [pattern, rewrite] of FR_FORMAL_PATTERNS)
        formal = formal.replace(pattern, rewrite);
      return FR_TU_LEFT.test(formal) ? sentence : formal;
    }
    const formal = sentence.replace(ES_TU, (m) => keepCase(m, ES_TU_VERBS[m.toLowerCase()] ?? m));
    return ES_TU_LEFT.test(formal) ? sentence : formal;
  });
}

// ---------------------------------------------------------------- senior: no condescension

const CONDESCENDING: Record<Language, RegExp> = {
  en: /,\s*(?:sweetie|sweetheart|honey|dearie|darling|young lady|young man|my dear)(?=\s*[.!?,])/giu,
  fr: /,\s*(?:mon petit|ma petite|mon grand|ma grande|ma belle|mon chou|ma puce|mamie|papi)(?=\s*[.!?,])/giu,
  es: /,\s*(?:cariño|mi amor|corazón|abuelito|abuelita|mi vida|cielo)(?=\s*[.!?,])/giu,
};
const ES_DIMINUTIVES: Record<string, string> = {
  pastillita: 'pastilla',
  pastillitas: 'pastillas',
  momentito: 'momento',
  ratito: 'rato',
  poquito: 'poco',
  poquita: 'poca',
  pinchacito: 'pinchazo',
  cremita: 'crema',
  jarabito: 'jarabe',
};
const ES_DIMINUTIVE = new RegExp(`${B}(${Object.keys(ES_DIMINUTIVES).join('|')})${E}`, 'giu');

/** Senior register: drops pet names addressed to the listener and Spanish diminutives. */
export function removeCondescension(text: string, language: Language): string {
  let out = text.replace(CONDESCENDING[language], '');
  if (language === 'es')
    out = out.replace(ES_DIMINUTIVE, (m) => keepCase(m, ES_DIMINUTIVES[m.toLowerCase()]));
  return out;
}

// ---------------------------------------------------------------- child: short sentences

const CONNECTORS: Record<Language, RegExp> = {
  en: /\s*;\s*|,\s+(?:and|but|so|which|because)\s+/giu,
  fr: /\s*;\s*|,\s+(?:et|mais|donc|ce qui|car)\s+/giu,
  es: /\s*;\s*|,\s+(?:y|pero|así que|lo que|lo cual|porque)\s+/giu,
};
const OPENERS: Record<string, string> = {
  but: 'But',
  so: 'So',
  which: 'This',
  because: 'This is because',
  mais: 'Mais',
  donc: 'Donc',
  'ce qui': 'Cela',
  car: "C'est parce que",
  pero: 'Pero',
  'así que': 'Así que',
  'lo que': 'Esto',
  'lo cual': 'Esto',
  porque: 'Es porque',
};
const MIN_LONG = 12;
const MIN_PART = 4;

function words(text: string): number {
  return text.split(/\s+/u).filter((w) => /\p{L}|\p{N}/u.test(w)).length;
}

/** Child register: a long sentence is cut at `;`, `, and`, `, which`… into short ones. */
export function childVerbsAndSplit(text: string, language: Language): string {
  return text.replace(SENTENCES, (sentence) => {
    if (words(sentence) <= MIN_LONG) return sentence;
    const pieces: string[] = [];
    let from = 0;
    let pending = '';
    for (const match of sentence.matchAll(CONNECTORS[language])) {
      const left = sentence.slice(from, match.index);
      const right = sentence.slice(match.index + match[0].length);
      if (words(left) < MIN_PART || words(right) < MIN_PART) continue;
      pieces.push(pending + left.trimEnd() + '.');
      const word = match[0]
        .replace(/^[\s,;]+/u, '')
        .trim()
        .toLowerCase();
      const opener = OPENERS[word];
      pending = opener ? `${opener} ` : '';
      from = match.index + match[0].length;
    }
    if (pieces.length === 0) return sentence;
    const rest = sentence.slice(from);
    pieces.push(pending ? pending + rest : rest);
    return pieces.map((piece) => capitalize(piece.trimStart())).join(' ');
  });
}

function capitalize(text: string): string {
  return text.length > 0 ? text[0].toUpperCase() + text.slice(1) : text;
}
