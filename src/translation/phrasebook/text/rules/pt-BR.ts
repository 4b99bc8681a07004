import type { LanguageRules } from '../language-rules.js';
import { wordSet } from './word-set.js';

/** What the phrase matcher may ignore or rewrite in Brazilian Portuguese (LanguageRules). */
export const BRAZILIAN_PORTUGUESE_RULES: LanguageRules = {
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
  ignorable: wordSet(
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
  articleNumbers: wordSet('um uma'),
  numberLocale: 'pt-BR',
  elided: { algum: 'tem', alguma: 'tem', alguns: 'tem', algumas: 'tem' },
  loneSymptom: 'tem',
  asksByWordOrder: false,
  prepositions: wordSet('de a em com para por'),
  // Not "esta": without its accent it is also "está" ("quanto está a dor?").
  demonstratives: wordSet('este estes estas esse essa esses essas'),
  placePrepositions: wordSet('em'),
  accentedWords: wordSet(''),
  commaOpeners: wordSet('ta'),
};
