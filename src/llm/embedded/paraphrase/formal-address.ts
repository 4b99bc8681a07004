/** Senior register: formal address (`vous`, `usted`) instead of the familiar one. */
import {
  type Language,
  L,
  B,
  E,
  AP,
  SENTENCES,
  keepCase,
  startsWithVowelSound,
} from './register-text.js';

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
