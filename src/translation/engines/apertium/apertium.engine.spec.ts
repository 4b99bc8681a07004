import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LanguageCatalog } from '../../catalog/language-catalog.js';
import type { CatalogLanguage } from '../../catalog/catalog-language.js';
import { ApertiumEngine } from './apertium.engine.js';

const catalog = new LanguageCatalog();
const language = (code: string) => catalog.findByCode(code) as CatalogLanguage;

/** Debian's Apertium pairs (npm run setup installs them), as the service runs them. */
describe('ApertiumEngine', () => {
  const engine = new ApertiumEngine('/usr/share/apertium');
  beforeAll(() => engine.onModuleInit(), 30_000);
  afterAll(() => engine.onModuleDestroy());

  const translate = (text: string, target = 'spa_Latn') =>
    engine.translate(
      { text, source: language('eng_Latn'), target: language(target) },
      AbortSignal.timeout(5000),
    );

  // Found by the hostile-input fuzz (test/fuzz): lttoolbox reads U+FFFF as the end of its input.
  // "Do not take aspirin\uffff if you are allergic." came back as "No toma aspirina", and the rest
  // of it ("Si eres alérgico.") was the answer to the next request holding U+FFFF, maybe another
  // client's. A French target (a pivot through Spanish) stalled until TRANSLATION_TIMEOUT_MS.
  it('translates the whole of a text holding U+FFFF', async () => {
    const translated = await translate('Do not take aspirin\uffff if you are allergic.');
    expect(translated).toMatch(/al[eé]rgic/);
    expect(translated).not.toContain('\uffff');
  });

  it("never answers a request with the rest of an earlier one's text", async () => {
    await translate('Do not take aspirin\uffff if you are allergic.');
    expect(await translate('The doctor\uffff is here.')).toBe('El doctor es aquí.');
    expect(await translate('Good morning.')).toBe('Buenos días.');
  });

  it('translates through the Spanish pivot a text holding U+FFFF', async () => {
    expect(await translate('The doctor\uffff is here.', 'fra_Latn')).toBe('Le docteur est ici.');
  }, 10_000);
});
