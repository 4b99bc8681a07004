import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  PRIOR_ENGLISH,
  loadedIdentifier,
} from '../../../test/support/language-identifier.fixture.js';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';
import { LanguageCatalog } from '../catalog/language-catalog.js';
import { FALLBACK_MIN_WORDS, LanguageIdentifier } from './language-identifier.js';

/**
 * The identifier's answers, with and without candidates, and a text in neither candidate's
 * language. When lid.176 cannot tell and ELD decides: language-identifier-eld.spec.ts.
 */

const SENTENCES = {
  'en-US': [
    'The patient has a fever and a headache.',
    'Do you have any allergies to medication?',
    'I feel dizzy when I stand up.',
    'How long have you had this cough?',
  ],
  'fr-FR': [
    'Le patient a de la fièvre et mal à la tête.',
    'Avez-vous des allergies aux médicaments ?',
    "J'ai des vertiges quand je me lève.",
    'Depuis combien de temps toussez-vous ?',
  ],
  'es-ES': [
    'El paciente tiene fiebre y dolor de cabeza.',
    '¿Tiene alergia a algún medicamento?',
    'Me mareo cuando me levanto.',
    '¿Desde cuándo tiene esta tos?',
  ],
} as const;
type Locale = keyof typeof SENTENCES;
const LOCALES = Object.keys(SENTENCES) as Locale[];

describe('LanguageIdentifier', () => {
  let identifier: LanguageIdentifier;

  beforeAll(async () => {
    identifier = await loadedIdentifier();
  });

  describe.each(LOCALES)('a %s sentence', (truth) => {
    const others = LOCALES.filter((locale) => locale !== truth);

    it.each(SENTENCES[truth])('is identified among the candidates: %s', (sentence) => {
      for (const other of others) {
        for (const candidates of [
          [truth, other],
          [other, truth],
          [other, truth, others.find((o) => o !== other)!],
        ]) {
          const guess = identifier.identify(sentence, candidates);
          expect(guess).toEqual({ locale: truth, confidence: expect.any(Number), decided: true });
          expect(guess.confidence).toBeGreaterThan(0.8);
        }
      }
    });

    it.each(SENTENCES[truth])('is identified without candidates: %s', (sentence) => {
      const guess = identifier.identify(sentence);
      expect(guess.locale).toBe(truth);
      expect(guess.decided).toBe(true);
      expect(guess.confidence).toBeGreaterThanOrEqual(0.5);
    });
  });

  it.each([
    ['ok', ['fr-FR', 'en-US']],
    ['ok', ['en-US', 'fr-FR']],
    ['Yes.', ['es-ES', 'en-US']],
    ['Oui', ['en-US', 'fr-FR']],
    ['Gracias', ['en-US', 'es-ES']],
    ['ok ok', ['fr-FR', 'en-US']],
    ['', ['fr-FR', 'en-US']],
    ['  ?! 500 mg ', ['es-ES', 'en-US']],
  ])('takes the first candidate, undecided, for %j', (text, candidates) => {
    const guess = identifier.identify(text, candidates);
    expect(guess.locale).toBe(candidates[0]);
    expect(guess.decided).toBe(false);
  });

  it('leaves a text lid.176 knows nothing of undecided, with no confidence', () => {
    // Neither word is in lid.176's pruned vocabulary: its answer is the labels' prior, and two
    // words are too few for ELD.
    expect(FALLBACK_MIN_WORDS).toBe(3);
    expect(identifier.identify('it hurts', ['es-ES', 'en-US'])).toEqual({
      locale: 'es-ES',
      confidence: 0,
      decided: false,
    });
    expect(identifier.identify('it hurts')).toEqual({
      locale: 'und',
      confidence: 0,
      decided: false,
    });
  });

  it('leaves a close call between the candidates undecided', () => {
    // Spanish 0.40 and French 0.36: too close to tell.
    const guess = identifier.identify('le patient a de la fièvre', ['en-US', 'es-ES', 'fr-FR']);
    expect(guess).toMatchObject({ locale: 'en-US', decided: false });
  });

  it('answers only with candidates: an English sentence among French and Spanish', () => {
    for (const candidates of [
      ['fr-FR', 'es-ES'],
      ['es-ES', 'fr-FR'],
    ]) {
      const guess = identifier.identify('Please take two tablets every morning.', candidates);
      expect(candidates).toContain(guess.locale);
      // The candidates together get almost nothing of the probability: not what was said.
      expect(guess).toMatchObject({ locale: candidates[0], decided: false });
    }
  });

  it('returns the candidate as given, regional locales included', () => {
    const candidates = ['fr-CA', 'es-MX'];
    expect(
      identifier.identify('Avez-vous des allergies aux médicaments ?', candidates),
    ).toMatchObject({
      locale: 'fr-CA',
      decided: true,
    });
    expect(identifier.identify('¿Tiene alergia a algún medicamento?', candidates)).toMatchObject({
      locale: 'es-MX',
      decided: true,
    });
  });

  it('accepts candidates in any form the normalizer knows', () => {
    expect(identifier.identify("J'ai mal au ventre depuis hier.", ['eng', 'fra'])).toMatchObject({
      locale: 'fra',
      decided: true,
    });
    expect(
      identifier.identify('Tengo dolor en el pecho desde ayer.', ['en', 'es_ES']),
    ).toMatchObject({
      locale: 'es_ES',
      decided: true,
    });
  });

  it('treats locales of one language as one candidate, the first given', () => {
    const guess = identifier.identify('Le médecin va vous recevoir maintenant.', [
      'en-US',
      'fr-CA',
      'fr-FR',
    ]);
    expect(guess).toMatchObject({ locale: 'fr-CA', decided: true });
  });

  it('decides a sentence against a single candidate language', () => {
    expect(identifier.identify('Where does it hurt?', ['en-US'])).toEqual({
      locale: 'en-US',
      confidence: 1,
      decided: true,
    });
    expect(identifier.identify('ok', ['en-US'])).toMatchObject({ locale: 'en-US', decided: false });
  });

  it.each([
    ['Der Patient hat Fieber und Kopfschmerzen.', 'de-DE'],
    ['Il paziente ha la febbre e mal di testa.', 'it-IT'],
    ['O paciente tem febre e dor de cabeça.', 'pt-BR'],
    ['المريض يعاني من الحمى والصداع.', 'ar-EG'],
    ['У пациента температура и головная боль.', 'ru-RU'],
    ['病人发烧头痛。', 'zh-CN'],
    ['患者は熱と頭痛があります。', 'ja-JP'],
    ['ผู้ป่วยมีไข้และปวดหัว', 'th-TH'],
  ])('maps the best label to its default locale without candidates: %s', (text, locale) => {
    expect(identifier.identify(text)).toMatchObject({ locale, decided: true });
  });

  it('spaces out Han characters, which lid.176 cannot read run together', () => {
    expect(identifier.identify('病人发烧头痛', ['en-US', 'zh-CN'])).toMatchObject({
      locale: 'zh-CN',
      decided: true,
    });
  });

  it('answers und, undecided, for a language outside the catalog', () => {
    // Cebuano has no ISO 639-1 code, so the catalog leaves it out.
    expect(identifier.identify('Maayong buntag, unsaon nako pag-adto sa ospital?')).toEqual({
      locale: 'und',
      confidence: expect.closeTo(0.62, 1),
      decided: false,
    });
  });

  it('does not take lid.176 labels for the ISO codes they resemble', () => {
    const label = (name: string) =>
      (identifier as unknown as { label(l: string): unknown }).label(`__label__${name}`);
    // `als` is Alemannic in lid.176, Tosk Albanian in ISO 639-3; `sh` is Serbo-Croatian.
    expect(label('als')).toBeNull();
    expect(label('sh')).toBeNull();
    expect(label('no')).toEqual({ iso: 'nb', locale: 'nb-NO' });
    expect(label('tl')).toEqual({ iso: 'tl', locale: 'fil-PH' });
    expect(label('fr')).toEqual({ iso: 'fr', locale: 'fr-FR' });
  });

  describe('a text in neither candidate’s language (issue 30, item 3)', () => {
    const SESSION = ['en-US', 'es-ES'];

    it.each([
      ['Tôi bị đau đầu từ hôm qua', 'vi-VN'],
      ['Boli mnie głowa od wczoraj.', 'pl-PL'],
      ['Başım ağrıyor.', 'tr-TR'],
      ['Ich habe seit gestern Kopfschmerzen.', 'de-DE'],
      ['У меня болит живот.', 'ru-RU'],
    ])('names the language of %s', (text, language) => {
      expect(identifier.identify(text, SESSION)).toMatchObject({ outside: language });
    });

    it('tells it by its script alone when the text is too short to identify', () => {
      // Three Han characters: too short for lid.176, none of them Latin.
      expect(identifier.identify('我头疼', SESSION).outside).toMatch(/^(zh-CN|und)$/);
      expect(identifier.identify('أنا حامل', SESSION).outside).toBeDefined();
    });

    it('never for a text in a candidate’s language, even one lid.176 takes for another', () => {
      // lid.176 says Italian (0.96); ELD says Portuguese, a candidate.
      expect(identifier.identify('Posso molhar o gesso?', ['pt-BR', 'en-US']).outside).toBe(
        undefined,
      );
      for (const locale of LOCALES) {
        for (const text of SENTENCES[locale]) {
          const others = LOCALES.filter((other) => other !== locale);
          for (const other of others) {
            expect({ text, outside: identifier.identify(text, [other, locale]).outside }).toEqual({
              text,
              outside: undefined,
            });
          }
        }
      }
      for (const text of PRIOR_ENGLISH) {
        expect(identifier.identify(text, ['es-ES', 'en-US']).outside).toBeUndefined();
      }
    });

    it('not without candidates, and not for a language Chinese shares a script with', () => {
      expect(identifier.identify('Tôi bị đau đầu từ hôm qua').outside).toBeUndefined();
      expect(identifier.identify('我头疼', ['zh-CN', 'en-US']).outside).toBeUndefined();
    });
  });

  it('refuses to answer before the model is loaded', () => {
    const cold = new LanguageIdentifier(new LanguageCatalog());
    expect(() => cold.identify('Hello there, doctor.', ['en-US'])).toThrow(EngineUnavailableError);
  });
});
