import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LanguageCatalog } from '../../../language/catalog/language-catalog.js';
import type { CatalogLanguage } from '../../../language/catalog/catalog-language.js';
import type { FixedTerm } from '../translation-engine.js';
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

  describe('formal register: the parties address each other as usted, vous, Lei, você', () => {
    const from = (source: string, text: string, target: string) =>
      engine.translate(
        { text, source: language(source), target: language(target) },
        AbortSignal.timeout(5000),
      );
    const SENTENCE = 'Do you have kidney problems? You have an infection in your ear.';

    it.each([
      ['spa_Latn', '¿Tiene problemas de riñón? Tiene una infección en su oreja.'],
      ['fra_Latn', 'Vous avez des problèmes de rein? Vous avez une infection dans votre oreille.'],
      ['ita_Latn', "Ha problemi di rene? Ha un'infezione nel suo orecchio."],
      // "riñón" is unknown to the Debian es-pt pair: the clinical lexicon adds it.
      ['por_Latn', 'Tem problemas de rim? Tem uma infecção em sua orelha.'],
    ])(
      'English to %s, directly or through the Spanish pivot',
      async (target, expected) => {
        expect(await from('eng_Latn', SENTENCE, target)).toBe(expected);
      },
      10_000,
    );

    it('keeps the pivot in the second person, so that the next pair reads it as the addressee', async () => {
      // Had the Spanish step written "Tiene" (usted), French would have read "he has".
      const french = await from('eng_Latn', 'Do you have a fever? Take your tablets.', 'fra_Latn');
      expect(french).toMatch(/^Vous avez une fièvre\? .*vos comprimés\.$/);
    }, 10_000);

    it('speaks to the patient in Italian with Lei and Le', async () => {
      expect(await from('spa_Latn', '¿Te duele aquí? Tú eres alérgico.', 'ita_Latn')).toMatch(
        /^Le \S+ qui\? Lei è allergico\.$/,
      );
    });

    it('leaves the first and third persons alone', async () => {
      expect(await from('eng_Latn', 'I have a fever and he has a cough.', 'spa_Latn')).toBe(
        'Tengo una fiebre y él tiene una tos.',
      );
    });
  });

  describe('the clinical lexicon compiled into the pairs by the set-up', () => {
    const from = (source: string, text: string, target: string) =>
      engine.translate(
        { text, source: language(source), target: language(target) },
        AbortSignal.timeout(5000),
      );

    it('translates a clinic noun the Debian pairs lack, inflected, through the pivot too', async () => {
      expect(await from('spa_Latn', 'Los cardiólogos', 'ita_Latn')).toBe('I cardiologi');
      expect(await from('eng_Latn', 'The cardiologist.', 'fra_Latn')).toBe('Le cardiologue.');
      expect(await from('por_Latn', 'O cardiologista.', 'eng_Latn')).toBe('The cardiologist.');
      // A verb the pairs lack, conjugated: by another pair's generator (Spanish "sangro"), or
      // by rule (French "tousse").
      expect(await from('fra_Latn', 'Je tousse et je saigne.', 'spa_Latn')).toBe('Toso y sangro.');
      expect(await from('spa_Latn', '¿Tose?', 'fra_Latn')).toMatch(/tousse/);
      // An adjective agrees with its noun: "virale", "contagieuse".
      expect(await from('spa_Latn', 'La infección es viral y contagiosa.', 'fra_Latn')).toBe(
        "L'infection est virale et contagieuse.",
      );
    }, 10_000);
  });

  describe("the parties' gender, where the target language agrees with it", () => {
    const tell = (text: string, target: string, speaker?: 'female', addressee?: 'female') =>
      engine.translate(
        {
          text,
          source: language('eng_Latn'),
          target: language(target),
          speakerGender: speaker,
          addresseeGender: addressee,
        },
        AbortSignal.timeout(5000),
      );

    it.each([
      ['spa_Latn', '¿Es muy preocupada?'],
      ['fra_Latn', 'Vous êtes très soucieuse?'],
      ['por_Latn', 'É muito preocupada?'],
      ['ita_Latn', 'È molto preoccupata?'],
    ])(
      'speaks to a woman in %s, through the pivot too',
      async (target, expected) => {
        expect(await tell('Are you very worried?', target, undefined, 'female')).toBe(expected);
      },
      10_000,
    );

    it('lets a woman speak of herself, and leaves the third person and the default alone', async () => {
      expect(await tell('I am tired. He is tired.', 'spa_Latn', 'female')).toBe(
        'Estoy cansada. Está cansado.',
      );
      expect(await tell('I am tired.', 'spa_Latn', undefined, 'female')).toBe('Estoy cansado.');
      expect(await tell('Are you married?', 'fra_Latn')).toBe('Vous êtes marié?');
    });
  });

  describe('subjects the Spanish verb implies, in English', () => {
    const toEnglish = (source: string, text: string) =>
      engine.translate(
        { text, source: language(source), target: language('eng_Latn') },
        AbortSignal.timeout(5000),
      );

    it.each([
      ['Tengo dolor de estómago desde anoche.', 'I have had stomach ache since last night.'],
      ['No tengo alergias.', 'I do not have allergies.'],
      ['¿Está usted embarazada?', 'You are pregnant?'],
      ['Usted tiene fiebre.', 'You have a fever.'],
      ['¿Toma algún medicamento?', 'You take some medicine?'],
      ['Tenemos que hacer una prueba.', 'We have to do a test.'],
      // No subject can be told for a third-person statement, and the patient has one.
      ['El paciente tiene fiebre.', 'The patient has a fever.'],
    ])('%s → %s', async (spanish, english) => {
      expect(await toEnglish('spa_Latn', spanish)).toBe(english);
    });

    it('from Italian and Portuguese too, through Spanish', async () => {
      expect(await toEnglish('ita_Latn', 'Prendo la metformina.')).toMatch(/^I take /);
      expect(await toEnglish('por_Latn', 'Tenho dor de cabeça.')).toMatch(/^I have /);
    }, 10_000);
  });

  describe('built-in clinical terms (issue 33)', () => {
    const term = (
      text: string,
      word: string,
      replacement: string,
      source: 'builtin' | 'glossary',
    ) => {
      const start = text.indexOf(word);
      return { start, end: start + word.length, replacement, source, origin: 'test:1' };
    };
    const translate = (text: string, from: string, fixedTerms: FixedTerm[]) =>
      engine.translate(
        { text, source: language(from), target: language('eng_Latn'), fixedTerms },
        AbortSignal.timeout(10_000),
      );

    it('leaves a term the pair writes as the table does to the pair, so the words around it agree', async () => {
      const text = 'Meu joelho dói';
      // As a superblank, the possessive could not see its noun: "Mine knee hurts".
      expect(await translate(text, 'por_Latn', [term(text, 'joelho', 'knee', 'builtin')])).toBe(
        'My knee hurts',
      );
    }, 10_000);

    it('fixes a built-in term the pair writes otherwise, and a glossary term always', async () => {
      const text = 'Me duele la garganta';
      expect(
        await translate(text, 'spa_Latn', [term(text, 'garganta', 'gullet', 'builtin')]),
      ).toMatch(/gullet/);
      expect(
        await translate(text, 'spa_Latn', [term(text, 'garganta', 'throat', 'glossary')]),
      ).toMatch(/throat/);
    }, 10_000);
  });

  describe('pipelines, started when first needed (an idle server holds none)', () => {
    const fresh = new ApertiumEngine('/usr/share/apertium');
    beforeAll(() => fresh.onModuleInit(), 30_000);
    afterAll(() => fresh.onModuleDestroy());

    it('starts none at start, then both directions of a pair when a session prepares it', async () => {
      expect(fresh.startedModes()).toEqual([]);
      expect([...(await fresh.availableCodes())]).toContain('fra_Latn');
      fresh.prepare('fra_Latn', 'eng_Latn'); // through the Spanish pivot, both ways
      expect(fresh.startedModes()).toEqual(['eng-spa', 'es-fr', 'fr-es', 'spa-eng']);
      fresh.prepare('eng_Latn', 'eng_Latn');
      fresh.prepare('eng_Latn', 'xxx_Latn');
      expect(fresh.startedModes()).toHaveLength(4);
    });

    it('starts the route of a translation on its first request, which it answers', async () => {
      const translated = await fresh.translate(
        { text: 'Il medico è qui.', source: language('ita_Latn'), target: language('spa_Latn') },
        AbortSignal.timeout(5000),
      );
      expect(translated).toBe('El médico es aquí.');
      expect(fresh.startedModes()).toEqual(['eng-spa', 'es-fr', 'fr-es', 'ita-spa', 'spa-eng']);
    });
  });
});
