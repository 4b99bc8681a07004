import type { PhraseLanguage } from '../phrase-language.js';

/**
 * What the matcher may ignore or rewrite in each language before it compares an utterance with a
 * phrase. Every list is short on purpose: a word listed here can no longer tell two phrases
 * apart, so negations, persons, sides, numbers and tenses are never listed.
 */
export interface LanguageRules {
  /**
   * Stemmer of the snowball-stemmers package, for English only ("hurts", "hurting" → "hurt"):
   * in the Romance languages a verb's ending carries its tense and mood ("sente" / "sentiu",
   * "tossisce" / "tossisca"), which a stemmer would erase, so their words are compared whole.
   */
  readonly stemmer?: string;
  /** Contracted forms (one or more tokens, after lowercasing and accent removal) and what they stand for. */
  readonly contractions: Readonly<Record<string, string>>;
  /** Words that carry no content between a clinician and a patient here: articles, please, any. */
  readonly ignorable: ReadonlySet<string>;
  /** Openers of spoken questions ("okay, so", "can you tell me if"), removed at the start only. */
  readonly fillers: readonly string[];
  /** Closers ("please", "for me", "is that right"), removed at the end only. */
  readonly closers: readonly string[];
  /**
   * A question that starts with one of these words leaves out "do you have": "Any fever?" is
   * "Do you have any fever?". The words are put back before it is compared.
   */
  readonly elided: Readonly<Record<string, string>>;
  /** What a symptom said alone leaves out: "Fever?" / "¿Fiebre?" asks "Do you have a fever?". */
  readonly loneSymptom: string;
  /**
   * English asks by word order ("Do you …"), so a recognizer's period after a question does not
   * make it a statement; in the Romance languages only the punctuation tells "Tiene fiebre." from
   * "¿Tiene fiebre?".
   */
  readonly asksByWordOrder: boolean;
  /** Number words that are articles as well ("un", "a"): never read as numbers. */
  readonly articleNumbers: ReadonlySet<string>;
  /** to-words locale for number words. */
  readonly numberLocale: string;
  /** Prepositions: never stemmed, and loosened before a variable when phrases are looked up. */
  readonly prepositions: ReadonlySet<string>;
  /**
   * Demonstratives: words, except before a symptom, where "this cough" is the patient's cough
   * ("How long have you had this cough?"); "this hospital" is not "hospital".
   */
  readonly demonstratives: ReadonlySet<string>;
  /**
   * Prepositions that say where a symptom is ("pins and needles in your feet"): one of these and
   * a body part at the end of a sentence may follow a phrase that names a symptom and no place.
   */
  readonly placePrepositions: ReadonlySet<string>;
  /**
   * Words whose accent alone tells them from another word the matcher ignores, kept with it:
   * Spanish "él" (he) is not "el" (the), so "¿Él está respirando?" is not "¿Está respirando?".
   */
  readonly accentedWords: ReadonlySet<string>;
  /**
   * Openers only when a comma follows them: "Right, are you allergic to anything?" opens with
   * "right", "Right arm?" does not; Brazilian "Tá, pode deitar" opens with "tá", "Tá doendo?" is
   * "está".
   */
  readonly commaOpeners: ReadonlySet<string>;
}

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

export const LANGUAGE_RULES: Readonly<Record<PhraseLanguage, LanguageRules>> = {
  en: {
    stemmer: 'english',
    contractions: {
      "don't": 'do not',
      "doesn't": 'does not',
      "didn't": 'did not',
      "can't": 'can not',
      cannot: 'can not',
      "won't": 'will not',
      "isn't": 'is not',
      "aren't": 'are not',
      "wasn't": 'was not',
      "weren't": 'were not',
      "haven't": 'have not',
      "hasn't": 'has not',
      "hadn't": 'had not',
      "shouldn't": 'should not',
      "wouldn't": 'would not',
      "couldn't": 'could not',
      "i'm": 'i am',
      "you're": 'you are',
      "we're": 'we are',
      "they're": 'they are',
      "it's": 'it is',
      "that's": 'that is',
      "what's": 'what is',
      "where's": 'where is',
      "there's": 'there is',
      "i'll": 'i will',
      "you'll": 'you will',
      "we'll": 'we will',
      "it'll": 'it will',
      "i've": 'i have',
      "you've": 'you have',
      "we've": 'we have',
      "i'd": 'i would',
      "you'd": 'you would',
      "we'd": 'we would',
      "let's": 'let us',
      // A recognizer's contractions without the apostrophe ("whats", "dont").
      dont: 'do not',
      doesnt: 'does not',
      didnt: 'did not',
      cant: 'can not',
      isnt: 'is not',
      arent: 'are not',
      wasnt: 'was not',
      havent: 'have not',
      hasnt: 'has not',
      shouldnt: 'should not',
      wouldnt: 'would not',
      couldnt: 'could not',
      im: 'i am',
      youre: 'you are',
      whats: 'what is',
      wheres: 'where is',
      thats: 'that is',
      ive: 'i have',
      youve: 'you have',
      // "Have you got a fever?" is "Do you have a fever?".
      'have got': 'have',
      'has got': 'has',
      'have you got': 'do you have',
      'has it got': 'has it',
      "i've got": 'i have',
      "you've got": 'you have',
      does: 'do',
      // "Can you tell me if you have pain" asks "Do you have pain?".
      'can you tell me if': 'do',
      'could you tell me if': 'do',
      'can you tell me whether': 'do',
      // Not "tell me if": "Tell me if it hurts." asks for a signal later, not "Does it hurt?".
      'i need to know if': 'do',
      'i would like to know if': 'do',
      "i'd like to know if": 'do',
      'i want to know if': 'do',
      // Emphasis adds nothing to translate ("now" does: "You need an operation now.").
      'all this': 'this',
      'all of this': 'this',
      'at all': '',
      'as well': '',
      gonna: 'going to',
      wanna: 'want to',
      okay: 'ok',
    },
    // Not "do": "Do you have a fever?" asks what "You have a fever." tells. Not "this": "this
    // hospital" is not "hospital" (nor, in any language, a demonstrative).
    ignorable: set('the a an please any your just um uh kindly some exactly also'),
    fillers: [
      'please',
      'ok',
      'alright',
      'all right',
      'right so',
      'right then',
      'so',
      'now',
      'well',
      'and',
      'then',
      'also',
      'next',
      'good',
      'great',
      'can you tell me',
      'could you tell me',
      'tell me',
      'i need to know',
      'i would like to know',
      'let me ask you',
      'i need to ask you',
      'i want to ask you',
      'i am going to ask you',
      // A request is the instruction: "I need you to lie down" is "Lie down".
      'i need you to',
      'i would like you to',
      'i want you to',
      'i am going to ask you to',
      'i am going to need you to',
      'i will need you to',
      'i will ask you to',
      // Reassurance before a result adds nothing to translate: the result says it.
      'good news',
    ],
    closers: [
      'please',
      'for me',
      'ok',
      'is that right',
      'thank you',
      'thanks',
      'sir',
      "ma'am",
      'madam',
    ],
    articleNumbers: set('a an'),
    numberLocale: 'en-US',
    elided: { any: 'do you have' },
    loneSymptom: 'do you have',
    asksByWordOrder: true,
    prepositions: set('in on to of at for with from into'),
    demonstratives: set('this these that those'),
    placePrepositions: set('in'),
    accentedWords: set(''),
    commaOpeners: set('right'),
  },
  es: {
    contractions: {
      del: 'de el',
      al: 'a el',
      'por favor': '',
      'todo esto': 'esto',
    },
    ignorable: set(
      'el la los las un una unos unas usted su sus algun alguna algunos algunas exactamente tambien',
    ),
    fillers: [
      'bueno',
      'vale',
      'ok',
      'muy bien',
      'bien',
      'entonces',
      'ahora',
      'y',
      'pues',
      'de acuerdo',
      'digame',
      'puede decirme si',
      'puede decirme',
      'me puede decir si',
      'me puede decir',
      'quisiera saber si',
      'necesito saber si',
      'buenas noticias',
      'buena noticia',
    ],
    closers: ['senor', 'senora', 'verdad', 'de acuerdo', 'vale', 'gracias', 'es asi', 'cierto'],
    articleNumbers: set('un una uno'),
    numberLocale: 'es-ES',
    elided: { algun: 'tiene', alguna: 'tiene', algunos: 'tiene', algunas: 'tiene' },
    loneSymptom: 'tiene',
    asksByWordOrder: false,
    prepositions: set('de a en con por para'),
    // Not "esta": without its accent it is also "está" ("¿Está mareado?").
    demonstratives: set('este estos estas ese esa esos esas'),
    placePrepositions: set('en'),
    accentedWords: set('él'),
    commaOpeners: set(''),
  },
  fr: {
    contractions: {
      du: 'de le',
      au: 'a le',
      aux: 'a les',
      des: 'de les',
      'est ce que': '',
      'est ce qu': '',
      'qu est ce que': 'que',
      'qu est ce qu': 'que',
      // What a rendered phrase elides ("la dose d'amoxicilline", "qu'il") is the full word.
      d: 'de',
      qu: 'que',
      's il vous plait': '',
      svp: '',
      'tout ca': 'ca',
      'tout cela': 'cela',
    },
    ignorable: set('le la les l un une ne n votre vos t exactement aussi'),
    fillers: [
      'bon',
      'alors',
      'donc',
      'ok',
      'bien',
      'tres bien',
      'maintenant',
      'et',
      'd accord',
      'dites moi',
      'pouvez vous me dire si',
      'pouvez vous me dire',
      'j ai besoin de savoir si',
      'bonne nouvelle',
      'bonnes nouvelles',
    ],
    closers: [
      'monsieur',
      'madame',
      'd accord',
      'merci',
      'c est bien ca',
      'c est ca',
      'n est ce pas',
    ],
    articleNumbers: set('un une'),
    numberLocale: 'fr-FR',
    elided: {},
    loneSymptom: 'avez vous',
    asksByWordOrder: false,
    prepositions: set('de a dans en pour avec sur'),
    demonstratives: set('ce cet cette ces'),
    placePrepositions: set('dans a'),
    accentedWords: set(''),
    commaOpeners: set(''),
  },
  'pt-BR': {
    contractions: {
      do: 'de o',
      da: 'de a',
      dos: 'de os',
      das: 'de as',
      no: 'em o',
      na: 'em a',
      nos: 'em os',
      nas: 'em as',
      ao: 'a o',
      aos: 'a os',
      num: 'em um',
      numa: 'em uma',
      pro: 'para o',
      pra: 'para',
      'por favor': '',
      'tudo isso': 'isso',
    },
    ignorable: set(
      'o a os as um uma uns umas senhor senhora voce seu sua seus suas algum alguma exatamente tambem',
    ),
    fillers: [
      'bom',
      'bem',
      'ok',
      'certo',
      'entao',
      'agora',
      'e',
      'ta bom',
      // "Tá, e quando começou?": "tá" alone is also "está" ("Tá doendo?"), so only before "e"
      // or "então" (or a comma: commaOpeners).
      'ta e',
      'ta entao',
      'tudo bem',
      'esta bem',
      'me diga',
      'pode me dizer se',
      'pode me dizer',
      'preciso saber se',
      'boa noticia',
      'boas noticias',
    ],
    closers: ['ta bom', 'esta bem', 'certo', 'obrigado', 'obrigada', 'e isso'],
    articleNumbers: set('um uma'),
    numberLocale: 'pt-BR',
    elided: { algum: 'tem', alguma: 'tem', alguns: 'tem', algumas: 'tem' },
    loneSymptom: 'tem',
    asksByWordOrder: false,
    prepositions: set('de a em com para por'),
    // Not "esta": without its accent it is also "está" ("quanto está a dor?").
    demonstratives: set('este estes estas esse essa esses essas'),
    placePrepositions: set('em'),
    accentedWords: set(''),
    commaOpeners: set('ta'),
  },
  it: {
    contractions: {
      del: 'di il',
      dello: 'di lo',
      della: 'di la',
      dell: 'di l',
      dei: 'di i',
      degli: 'di i',
      delle: 'di le',
      al: 'a il',
      allo: 'a lo',
      alla: 'a la',
      all: 'a l',
      ai: 'a i',
      agli: 'a i',
      alle: 'a le',
      nel: 'in il',
      nello: 'in lo',
      nella: 'in la',
      nell: 'in l',
      nei: 'in i',
      negli: 'in i',
      nelle: 'in le',
      dal: 'da il',
      dalla: 'da la',
      sul: 'su il',
      sulla: 'su la',
      'per favore': '',
      'tutto questo': 'questo',
    },
    // Not "gli": it is "to him" as well as "the" ("gli è arrivata la febbre": his fever).
    ignorable: set('il lo la l i le un uno una lei suo sua suoi sue qualche esattamente anche'),
    fillers: [
      'bene',
      'allora',
      'ok',
      'va bene',
      'dunque',
      'adesso',
      'ora',
      'e',
      'd accordo',
      'mi dica',
      'puo dirmi se',
      'puo dirmi',
      'mi puo dire se',
      'mi puo dire',
      'buone notizie',
      'buona notizia',
    ],
    closers: ['signore', 'signora', 'vero', 'd accordo', 'grazie', 'e cosi', 'giusto'],
    articleNumbers: set('un uno una'),
    numberLocale: 'it-IT',
    elided: { qualche: 'ha' },
    loneSymptom: 'ha',
    asksByWordOrder: false,
    prepositions: set('di a in con per su da'),
    demonstratives: set('questo questa questi queste quel quella quei quelle'),
    placePrepositions: set('a in'),
    accentedWords: set(''),
    commaOpeners: set(''),
  },
};
