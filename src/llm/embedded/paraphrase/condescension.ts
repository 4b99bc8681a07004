/** Senior register: no pet names and no Spanish diminutives. */
import { type Language, B, E, keepCase } from './register-text.js';

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
