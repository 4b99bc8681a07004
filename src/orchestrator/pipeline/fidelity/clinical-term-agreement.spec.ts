import { describe, expect, it } from '@jest/globals';
import { LanguageCatalog } from '../../../language/catalog/language-catalog.js';
import { ClinicalTerminology } from '../../../translation/terminology/clinical-terminology.js';
import { termDisagreements } from './clinical-term-agreement.js';

const catalog = new LanguageCatalog();
const language = (code: string) => {
  const found = catalog.normalize(code);
  if (!found.ok) throw new Error(code);
  return found.language;
};
const terminology = ClinicalTerminology.builtIn();
const disagreements = (source: string, translation: string) =>
  termDisagreements(terminology, source, language('en'), translation, language('es'));

describe('termDisagreements', () => {
  it('is 0 when the translation has the terms of the source, in any of their forms', () => {
    expect(disagreements('Do you have chest pain?', '¿Tiene dolor en el pecho?')).toBe(0);
    expect(disagreements('Do you have kidney problems?', '¿Tiene problemas de riñones?')).toBe(0);
  });

  it('counts a term dropped from the translation, and one it added', () => {
    expect(disagreements('Are you allergic to penicillin?', '¿Es usted alérgico?')).toBe(1);
    expect(disagreements('Do you have chest pain?', '¿Tiene dolor de estómago?')).toBeGreaterThan(
      0,
    );
  });
});
