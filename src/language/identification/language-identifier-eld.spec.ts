import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  PRIOR_ENGLISH,
  loadedIdentifier,
} from '../../../test/support/language-identifier.fixture.js';
import type { LanguageIdentifier } from './language-identifier.js';

/** When lid.176 cannot tell (its answer is the labels' prior), ELD decides among the candidates. */

const OTHER_LOCALES = ['fr-FR', 'es-ES', 'de-DE', 'it-IT', 'pt-BR'];

describe('LanguageIdentifier', () => {
  let identifier: LanguageIdentifier;

  beforeAll(async () => {
    identifier = await loadedIdentifier();
  });

  describe('when lid.176 cannot tell, ELD decides', () => {
    it.each([
      ['My chest hurts when I breathe.', ['es-ES', 'en-US']],
      ['My chest hurts when I breathe.', ['fr-FR', 'en-US']],
      ['My chest hurts when I breathe.', ['en-US', 'es-ES']],
      ['My chest hurts.', ['es-ES', 'en-US']],
      ['My chest hurts.', ['fr-FR', 'en-US']],
      ['When I breathe.', ['es-ES', 'en-US']],
      ['When I breathe.', ['fr-FR', 'en-US']],
    ])('attributes %j among %j to English', (text, candidates) => {
      const guess = identifier.identify(text, candidates);
      expect(guess).toEqual({ locale: 'en-US', confidence: expect.any(Number), decided: true });
      expect(guess.confidence).toBeGreaterThan(0.5);
      expect(guess.confidence).toBeLessThanOrEqual(1);
    });

    it('keeps a single word lid.176 knows nothing of undecided', () => {
      expect(identifier.identify('chest', ['es-ES', 'en-US'])).toEqual({
        locale: 'es-ES',
        confidence: 0,
        decided: false,
      });
    });

    it('never answers another language for English sentences lid.176 gives its prior for', () => {
      let decided = 0;
      let total = 0;
      for (const text of PRIOR_ENGLISH) {
        for (const other of OTHER_LOCALES) {
          for (const candidates of [
            [other, 'en-US'],
            ['en-US', other],
          ]) {
            const guess = identifier.identify(text, candidates);
            total++;
            if (!guess.decided) continue;
            decided++;
            expect({ text, candidates, locale: guess.locale }).toEqual({
              text,
              candidates,
              locale: 'en-US',
            });
          }
        }
      }
      // 26 of the 30 here; "My belly hurts.", "My knee aches.", "My jaw aches." and "My belly
      // aches." are too close a call for ELD too.
      expect(decided / total).toBeGreaterThan(0.85);
    });

    it('still attributes short French and Spanish sentences to their language', () => {
      // lid.176's prior too ("toux", "ce" and "matin" are not in its vocabulary): ELD decides.
      for (const candidates of [
        ['fr-FR', 'en-US'],
        ['en-US', 'fr-FR'],
      ]) {
        expect(identifier.identify('Toux ce matin.', candidates)).toMatchObject({
          locale: 'fr-FR',
          decided: true,
        });
      }
      // lid.176 knows these: ELD is not asked.
      expect(
        identifier.identify('Me duele el pecho al respirar.', ['en-US', 'es-ES']),
      ).toMatchObject({ locale: 'es-ES', decided: true });
      expect(identifier.identify("J'ai mal quand je respire.", ['en-US', 'fr-FR'])).toMatchObject({
        locale: 'fr-FR',
        decided: true,
      });
    });

    it('decides a text lid.176 takes for a third language, when ELD finds a candidate', () => {
      // lid.176: German 0.19, the candidates almost nothing; ELD: Italian well ahead.
      expect(identifier.identify('Mi fa male l’orecchio.', ['es-ES', 'it-IT'])).toMatchObject({
        locale: 'it-IT',
        decided: true,
      });
    });

    it('leaves a text in neither candidate’s language undecided', () => {
      for (const candidates of [
        ['fr-FR', 'es-ES'],
        ['es-ES', 'fr-FR'],
      ]) {
        expect(identifier.identify('My chest hurts when I breathe.', candidates)).toEqual({
          locale: candidates[0],
          confidence: 0,
          decided: false,
        });
      }
      expect(identifier.identify('Mein Knie tut weh.', ['es-ES', 'en-US'])).toMatchObject({
        locale: 'es-ES',
        decided: false,
      });
      expect(
        identifier.identify('Mijn borst doet pijn als ik adem.', ['en-US', 'de-DE']),
      ).toMatchObject({ locale: 'en-US', decided: false });
    });

    it('does not ask ELD when it does not know a candidate language', () => {
      // ELD has no Galician: it would take Galician for Spanish or Portuguese.
      expect(identifier.identify('My chest hurts when I breathe.', ['gl-ES', 'en-US'])).toEqual({
        locale: 'gl-ES',
        confidence: 0,
        decided: false,
      });
      // Norwegian Bokmål is `no` to ELD.
      expect(
        identifier.identify('My chest hurts when I breathe.', ['nb-NO', 'en-US']),
      ).toMatchObject({ locale: 'en-US', decided: true });
    });

    it('decides against a single candidate language too', () => {
      expect(identifier.identify('My chest hurts when I breathe.', ['en-US'])).toEqual({
        locale: 'en-US',
        confidence: 1,
        decided: true,
      });
      expect(identifier.identify('My chest hurts when I breathe.', ['fr-FR'])).toMatchObject({
        locale: 'fr-FR',
        decided: false,
      });
    });

    it('is not asked without candidates', () => {
      expect(identifier.identify('My chest hurts when I breathe.')).toEqual({
        locale: 'und',
        confidence: 0,
        decided: false,
      });
    });
  });
});
