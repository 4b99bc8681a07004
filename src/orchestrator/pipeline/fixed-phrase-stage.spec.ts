import { describe, expect, it } from '@jest/globals';
import { catalogLanguage, ENG, SPA } from '../../../test/support/catalog-language.fixture.js';
import { fixturePhrasebook } from '../../../test/support/phrasebook.fixture.js';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import type { PatientGender } from '../../language/speech-settings.js';
import {
  type PhraseOffer,
  PhrasebookService,
} from '../../translation/phrasebook/phrasebook.service.js';
import type { TranslationService } from '../../translation/translation.service.js';
import { newSentenceRecord } from '../conversation/sentence-record.js';
import type { ConversationParties } from './conversation-parties.js';
import { FixedPhraseStage } from './fixed-phrase-stage.js';
import type { TranslationDirection } from './role-resolver.js';

const VIE = catalogLanguage('vie_Latn', 'vi', 'vie', 'Vietnamese', 'vi-VN');
const phrases = new PhrasebookService(fixturePhrasebook(undefined, true));
// The stage's calls, on the fixture phrasebook: TranslationService's are one-line delegations.
const translation = {
  translateAnswer: phrases.translateAnswer.bind(phrases),
  fixedPhrase: phrases.translate.bind(phrases),
  offerPhrases: phrases.offer.bind(phrases),
  chosenPhrase: (
    offer: PhraseOffer,
    source: CatalogLanguage,
    target: CatalogLanguage,
    gender?: PatientGender,
  ) => phrases.translateMatches([offer.match], source, target, gender),
  expectedAnswers: phrases.expectedAnswers.bind(phrases),
} as unknown as TranslationService;
const stage = new FixedPhraseStage(translation);

const medic = { language: ENG, locale: 'en-US' };
const vietnamese = { language: VIE, locale: 'vi-VN', fixedPhrasesOnly: true };
const spanish = { language: SPA, locale: 'es-ES' };
const parties = (patient: typeof vietnamese | typeof spanish): ConversationParties => ({
  medic,
  patient,
  patientGender: 'female',
  medicVoice: 'female',
  patientVoice: 'female',
});
const toPatient = (patient: typeof vietnamese | typeof spanish): TranslationDirection => ({
  source: medic,
  target: patient,
  listener: 'patient',
  voiceOf: 'medic',
});
const toMedic = (patient: typeof vietnamese | typeof spanish): TranslationDirection => ({
  source: patient,
  target: medic,
  listener: 'medic',
  voiceOf: 'patient',
});
const sentence = (text: string) =>
  newSentenceRecord({
    id: 's1',
    source: 'text',
    detectedAt: new Date(0).toISOString(),
    text,
    language: 'en-US',
    role: 'medic',
    status: 'pending',
  });

describe('FixedPhraseStage', () => {
  it('sends the clinician’s phrase to a patient only phrases reach, with the answers to tap', () => {
    const outcome = stage.decide(
      sentence('Does your left arm hurt?'),
      toPatient(vietnamese),
      parties(vietnamese),
    );
    expect(outcome).toEqual({
      kind: 'written',
      translation: {
        text: 'Bà có đau cánh tay trái không?',
        phraseId: 'pain.body-part',
        understoodAs: 'Does your left arm hurt?',
        reviewedBy: undefined,
        answers: {
          kind: 'yes_no',
          options: [
            { id: 'yes', text: 'Có.' },
            { id: 'no', text: 'Không.' },
          ],
        },
      },
    });
  });

  it('withholds a sentence with no phrase, offering the closest; the chosen one is sent', () => {
    const record = sentence('Do you have bad pain in your left arm?');
    const outcome = stage.decide(record, toPatient(vietnamese), parties(vietnamese));
    expect(outcome).toMatchObject({
      kind: 'withheld',
      reason: 'no_fixed_phrase',
      language: 'vi-VN',
      suggestions: [{ phraseId: 'pain.body-part', text: 'Does your left arm hurt?' }],
    });
    record.offers = outcome.kind === 'withheld' ? outcome.offers : undefined;
    expect(stage.offered(record)).toEqual(['pain.body-part']);
    expect(
      stage.chosen(record, 'pain.body-part', toPatient(vietnamese), parties(vietnamese)),
    ).toMatchObject({
      text: 'Bà có đau cánh tay trái không?',
      chosen: true,
    });
    expect(
      stage.chosen(record, 'pain.where', toPatient(vietnamese), parties(vietnamese)),
    ).toBeUndefined();
  });

  it('carries a patient’s tap to the clinician in every session, and withholds other text of a language no engine translates', () => {
    expect(stage.decide(sentence('Có.'), toMedic(vietnamese), parties(vietnamese))).toEqual({
      kind: 'written',
      translation: { text: 'Yes.', phraseId: 'answer.yes', understoodAs: 'Có.' },
    });
    expect(stage.decide(sentence('Sí.'), toMedic(spanish), parties(spanish))).toMatchObject({
      kind: 'written',
      translation: { text: 'Yes.', phraseId: 'answer.yes' },
    });
    expect(
      stage.decide(sentence('Tôi bị đau đầu'), toMedic(vietnamese), parties(vietnamese)),
    ).toEqual({
      kind: 'withheld',
      reason: 'language_not_translated',
      language: 'vi-VN',
    });
    // Languages the engine translates: the machine's, as before.
    expect(
      stage.decide(sentence('Me duele la cabeza'), toMedic(spanish), parties(spanish)),
    ).toEqual({ kind: 'machine' });
    expect(
      stage.decide(sentence('Does your left arm hurt?'), toPatient(spanish), parties(spanish)),
    ).toEqual({ kind: 'machine' });
  });
});
