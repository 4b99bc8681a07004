import { describe, expect, it, jest } from '@jest/globals';
import { LanguageUnavailableError } from '../../common/errors/domain.errors.js';
import { toErrorResponse } from '../../common/http/http-error.filter.js';
import type { LanguageIdentifier } from '../../language/identification/language-identifier.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import type { TranslationService } from '../../translation/translation.service.js';
import { EmbeddedLlmEngine } from './embedded-llm.engine.js';

const catalog = new LanguageCatalog();
const language = (code: string) => catalog.findByCode(code) as CatalogLanguage;
const NOTE = 'Patient came for a cough. He takes metformin 500 mg twice a day.';

/** The embedded engine over a translation engine that translates English and Spanish only. */
function engine() {
  const translateText = jest.fn(async (text: string) => `[es] ${text}`);
  const translation = {
    engineName: 'apertium',
    availableLanguages: async () => [language('eng_Latn'), language('spa_Latn')],
    translateText,
  } as unknown as TranslationService;
  const languageId = {
    identify: () => ({ locale: 'en-US', decided: true }),
  } as unknown as LanguageIdentifier;
  return { engine: new EmbeddedLlmEngine(languageId, catalog, translation), translateText };
}

describe('EmbeddedLlmEngine.structuredSummary', () => {
  // Found by the hostile-input fuzz (test/fuzz): target_language "zh-Hans" answered 503
  // "no Apertium pair translates eng_Latn to zho_Hans", a 5xx caused by a client's field.
  it('refuses a target language the translation engine lacks with a 422 on target_language', async () => {
    const { engine: summarizer, translateText } = engine();
    const error = await summarizer
      .structuredSummary({ text: NOTE, target: language('zho_Hans') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LanguageUnavailableError);
    const { status, body } = toErrorResponse(error);
    expect(status).toBe(422);
    const [detail] = body.detail as { loc: string[]; msg: string; type: string }[];
    expect(detail).toMatchObject({
      loc: ['body', 'target_language'],
      type: 'language_unavailable',
    });
    expect(detail.msg).toContain('GET /api/v1/translation/languages');
    expect(translateText).not.toHaveBeenCalled();
  });

  it('translates into a language the translation engine has', async () => {
    const { engine: summarizer, translateText } = engine();
    const summary = await summarizer.structuredSummary({
      text: NOTE,
      target: language('spa_Latn'),
    });
    expect(summary).toContain('Medicación:');
    expect(translateText).toHaveBeenCalled();
  });

  it("writes in the text's own language without asking the translation engine", async () => {
    const { engine: summarizer, translateText } = engine();
    const summary = await summarizer.structuredSummary({
      text: NOTE,
      target: language('eng_Latn'),
    });
    expect(summary).toContain('metformin 500 mg');
    expect(translateText).not.toHaveBeenCalled();
  });
});
