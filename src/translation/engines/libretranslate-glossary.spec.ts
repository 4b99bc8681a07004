import { describe, expect, it } from '@jest/globals';
import { ENG, SPA } from '../../../test/support/catalog-language.fixture.js';
import { GLOSSARY_TEXT, glossaryTerm } from '../../../test/support/fixed-term.fixture.js';
import {
  failure,
  libreTranslateEachTest,
} from '../../../test/support/libretranslate-engine.fixture.js';
import { EngineOutputRejectedError } from '../../common/errors/engine.errors.js';

/** LibreTranslateEngine and the hospital glossary: its terms sent as placeholders. */

// GLOSSARY_TEXT's hospital glossary term (ward → planta) and built-in one (chest → pecho).
const WARD = glossaryTerm('ward', 'planta', 'glossary');
const CHEST = glossaryTerm('chest', 'pecho', 'builtin');

describe('LibreTranslateEngine', () => {
  const libre = libreTranslateEachTest();
  const { engine, signal, translations } = libre;

  describe('hospital glossary', () => {
    const translateGlossary = (subject = engine(), fixedTerms = [WARD, CHEST]) =>
      subject.translate({ text: GLOSSARY_TEXT, source: ENG, target: SPA, fixedTerms }, signal());
    const sent = () => translations().map((r) => (r.body as { q: string }).q);

    it('sends a glossary term as a placeholder and writes its target form back; built-in terms are left to the server', async () => {
      expect(await translateGlossary()).toBe('[es] Back to the planta; the chest X-ray is at 9.');
      expect(sent()).toEqual(['Back to the XQZ1; the chest X-ray is at 9.']);
    });

    it('sends the text as it is, once, when it holds no glossary term', async () => {
      expect(await translateGlossary(engine(), [CHEST])).toBe(`[es] ${GLOSSARY_TEXT}`);
      expect(sent()).toEqual([GLOSSARY_TEXT]);
    });

    it('translates again without placeholders when one is lost, keeping a translation that writes the term', async () => {
      libre.fake.set({
        translate: (q) =>
          q.includes('XQZ1') ? 'De vuelta a la; radiografía a las 9.' : 'De vuelta a la planta 9.',
      });
      expect(await translateGlossary()).toBe('De vuelta a la planta 9.');
      expect(sent()).toEqual(['Back to the XQZ1; the chest X-ray is at 9.', GLOSSARY_TEXT]);
    });

    it('withholds the translation when the placeholder is mangled and the plain translation uses another word', async () => {
      libre.fake.set({
        translate: (q) => (q.includes('XQZ1') ? 'A la XQ-Z1 a las 9.' : 'A la sala a las 9.'),
      });
      const error = await failure(translateGlossary());
      expect(error).toBeInstanceOf(EngineOutputRejectedError);
      expect(error.message).toBe(
        `the translation did not keep the hospital glossary's term "planta" (glossary.tsv:2), so it was withheld: the server lost or changed the term's placeholder, and its translation without placeholders uses another word.`,
      );
      expect(error.hint).toContain('GLOSSARY_FILE');
      expect(error.detail).not.toContain('ward');
      expect(translations()).toHaveLength(2);
    });
  });
});
