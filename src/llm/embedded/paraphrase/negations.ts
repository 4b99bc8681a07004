/** Negation words, which every rewriting must keep. */
import { type Language, B, E, AP } from './register-text.js';

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
