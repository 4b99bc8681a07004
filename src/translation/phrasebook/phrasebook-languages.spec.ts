import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ENG, SPA } from '../../language/catalog/catalog-language.fixture.js';
import { LanguageIndex } from './language-index.js';
import { LanguageMatcher } from './phrase-matcher.js';
import { fixturePhrasebook } from './phrasebook.fixture.js';
import { PhrasebookService } from './phrasebook.service.js';

/** The languages whose wordings were indexed since the spy was set. */
function indexedLanguages(add: ReturnType<typeof jest.spyOn>): string[] {
  const matchers = add.mock.contexts as LanguageMatcher[];
  return [...new Set(matchers.map((matcher) => matcher.language))].sort();
}

describe('Phrasebook: each language is indexed when first needed', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('indexes no language at load, then only the language a sentence is matched in', () => {
    const add = jest.spyOn(LanguageMatcher.prototype, 'add');
    const phrasebook = fixturePhrasebook();
    expect(indexedLanguages(add)).toEqual([]);
    expect(phrasebook.match('Where does it hurt?', 'en').matched).toBe(true);
    expect(indexedLanguages(add)).toEqual(['en']);
    const once = add.mock.calls.length;
    expect(phrasebook.match('Where is the pain?', 'en').matched).toBe(true);
    expect(add.mock.calls.length).toBe(once);
  });

  it('indexes the languages a session names when it opens (PhrasebookService.prepare)', async () => {
    const add = jest.spyOn(LanguageMatcher.prototype, 'add');
    const service = new PhrasebookService(fixturePhrasebook());
    await service.prepare(SPA);
    await service.prepare(ENG);
    expect(indexedLanguages(add)).toEqual(['en', 'es']);
    const prepared = add.mock.calls.length;
    expect(service.translate('¿Dónde le duele?', SPA, ENG)?.phraseId).toBe('pain.where');
    expect(add.mock.calls.length).toBe(prepared);
  });

  it('checks a hospital file in all five languages at load: its problems stop the start', () => {
    const add = jest.spyOn(LanguageMatcher.prototype, 'add');
    fixturePhrasebook(`phrases:
  - id: pain.where
    fr: "Où avez-vous mal ?"
`);
    expect(indexedLanguages(add)).toEqual(['en', 'es', 'fr', 'it', 'pt-BR']);
  });
});

describe('LanguageIndex', () => {
  const entries = () => fixturePhrasebook().entries.values();
  const lexicon = fixturePhrasebook().lexicon;

  it('prepares a slice per turn of the event loop, leaving the loop free between slices', async () => {
    const index = new LanguageIndex('en', lexicon, entries(), 2);
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    try {
      const prepared = index.prepare();
      expect(index.complete).toBe(false);
      await prepared;
    } finally {
      clearInterval(ticking);
    }
    expect(index.complete).toBe(true);
    expect(turns).toBeGreaterThan(0);
    expect(index.prepare()).toBe(index.prepare()); // one preparation
  });

  it('completes what is left at once when a sentence needs it, and matches as if built whole', async () => {
    const whole = new LanguageIndex('es', lexicon, entries()).completed();
    const index = new LanguageIndex('es', lexicon, entries(), 2);
    const prepared = index.prepare();
    expect(index.complete).toBe(false);
    expect(index.completed().complete).toBe(true);
    await prepared;
    for (const text of ['¿Dónde le duele?', '¿Le duele el brazo izquierdo?', 'Buenos días']) {
      expect(index.matcher.match(text)).toEqual(whole.matcher.match(text));
    }
    expect(index.matcher.collisions()).toEqual(whole.matcher.collisions());
  });
});
