/** Grammatical gender from the listener: epicene terms and the adjectives that describe the patient (French, Spanish). */
import type { PatientGender } from '../../../language/speech-settings.js';
import { type Language, L, B, E, AP, isUpper } from './register-text.js';

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
