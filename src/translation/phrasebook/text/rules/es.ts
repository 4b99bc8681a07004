import type { LanguageRules } from '../language-rules.js';
import { wordSet } from './word-set.js';

/** What the phrase matcher may ignore or rewrite in Spanish (LanguageRules). */
export const SPANISH_RULES: LanguageRules = {
  contractions: {
    del: 'de el',
    al: 'a el',
    'por favor': '',
    'todo esto': 'esto',
  },
  ignorable: wordSet(
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
  articleNumbers: wordSet('un una uno'),
  numberLocale: 'es-ES',
  elided: { algun: 'tiene', alguna: 'tiene', algunos: 'tiene', algunas: 'tiene' },
  loneSymptom: 'tiene',
  asksByWordOrder: false,
  prepositions: wordSet('de a en con por para'),
  // Not "esta": without its accent it is also "está" ("¿Está mareado?").
  demonstratives: wordSet('este estos estas ese esa esos esas'),
  placePrepositions: wordSet('en'),
  accentedWords: wordSet('él'),
  commaOpeners: wordSet(''),
};
