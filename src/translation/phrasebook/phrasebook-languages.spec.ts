import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ENG, SPA } from '../../language/catalog/catalog-language.fixture.js';
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

  it('indexes the languages a session names when it opens (PhrasebookService.prepare)', () => {
    const add = jest.spyOn(LanguageMatcher.prototype, 'add');
    const service = new PhrasebookService(fixturePhrasebook());
    service.prepare(SPA);
    service.prepare(ENG);
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
