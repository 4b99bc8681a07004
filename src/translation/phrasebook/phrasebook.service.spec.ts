import { describe, expect, it } from '@jest/globals';
import { catalogLanguage, ENG, FRA, SPA } from '../../../test/support/catalog-language.fixture.js';
import { fixturePhrasebook } from '../../../test/support/phrasebook.fixture.js';
import { PhrasebookService } from './phrasebook.service.js';
import { unpunctuatedSplits, utteranceReadings } from './utterance-parts.js';

const service = new PhrasebookService(
  fixturePhrasebook(`phrases:
  - id: pain.where
    reviewed_by: "A. Rossi, certified medical interpreter, 2026-11"
    fr: "Où avez-vous mal ?"
  - id: medication.allergic-to
    reviewed_by: "A. Rossi, certified medical interpreter, 2026-11"
    fr: "Êtes-vous <allergique|allergique> $drug.to_the ?"
`),
);

describe('PhrasebookService', () => {
  it('gives the phrase in the listener’s language, what was understood in the speaker’s, its plain wording', () => {
    expect(service.translate('is your left leg swollen', ENG, SPA, 'female')).toEqual({
      text: '¿Tiene hinchada la pierna izquierda?',
      phraseId: 'pain.swollen',
      understoodAs: 'Is your left leg swollen?',
      plain: '¿Tiene la pierna izquierda más grande de lo normal?',
    });
    expect(service.translate('Where is the pain?', ENG, FRA)).toEqual({
      text: 'Où avez-vous mal ?',
      phraseId: 'pain.where',
      understoodAs: 'Where does it hurt?',
      reviewedBy: 'A. Rossi, certified medical interpreter, 2026-11',
    });
  });

  it('says a time said with a phrase in both languages, and then no longer calls it reviewed', () => {
    expect(service.translate('Where is the pain right now?', ENG, FRA)).toEqual({
      text: 'Où avez-vous mal maintenant ?',
      phraseId: 'pain.where',
      understoodAs: 'Where does it hurt now?',
    });
  });

  it('fills a reviewed phrase with values said as alternatives, and then no longer calls it reviewed', () => {
    expect(service.translate('Are you allergic to penicillin?', ENG, FRA)).toHaveProperty(
      'reviewedBy',
    );
    expect(service.translate('Are you allergic to penicillin or ibuprofen?', ENG, FRA)).toEqual({
      text: "Êtes-vous allergique à la pénicilline ou à l'ibuprofène ?",
      phraseId: 'medication.allergic-to',
      understoodAs: 'Are you allergic to penicillin or ibuprofen?',
    });
  });

  it('answers nothing when no phrase matches, or for a language pair the phrasebook lacks', () => {
    expect(service.translate('Where does it hurt at night?', ENG, SPA)).toBeUndefined();
    expect(service.translate('Where does it hurt?', ENG, ENG)).toBeUndefined();
  });

  it('matches sentences said in one breath when each is a phrase, and only then', () => {
    expect(service.translate('Where does it hurt? Are you tired?', ENG, SPA, 'male')).toMatchObject(
      {
        text: '¿Dónde le duele? ¿Está cansado?',
        phraseId: 'pain.where + pain.tired',
      },
    );
    expect(
      service.translate('does your left arm hurt and are you tired', ENG, SPA, 'male'),
    ).toMatchObject({
      phraseId: 'pain.body-part + pain.tired',
    });
    // Reviewed only when every phrase of it is.
    expect(service.translate('Where does it hurt? Are you tired?', ENG, FRA)).not.toHaveProperty(
      'reviewedBy',
    );
    expect(
      service.translate('Where does it hurt? Are you really tired?', ENG, SPA),
    ).toBeUndefined();
  });

  it('reads two phrases in a recognizer’s text without punctuation only when one reading fits', () => {
    expect(service.translate('where does it hurt are you tired', ENG, SPA, 'male')).toMatchObject({
      text: '¿Dónde le duele? ¿Está cansado?',
      phraseId: 'pain.where + pain.tired',
    });
    // "now" ends the first question or opens the second: two readings, no match.
    expect(service.translate('where does it hurt now are you tired', ENG, SPA)).toBeUndefined();
    expect(
      service.translate('Where does it hurt now? Are you tired?', ENG, SPA, 'male'),
    ).toMatchObject({ text: '¿Dónde le duele ahora? ¿Está cansado?' });
  });

  it('says a phrase said twice in a row, in two ways, once', () => {
    expect(service.translate('Where does it hurt? Where is the pain?', ENG, SPA)).toMatchObject({
      text: '¿Dónde le duele?',
      phraseId: 'pain.where',
    });
  });
});

describe('utteranceReadings', () => {
  it('reads the whole first, then sentences, then one "and" at a time', () => {
    expect(utteranceReadings('Lie down and relax your stomach.', 'en')).toEqual([
      ['Lie down and relax your stomach.'],
      ['Lie down', 'relax your stomach.'],
    ]);
  });

  it('splits a sentence at one comma too, as at "and"', () => {
    expect(utteranceReadings('Take your time, there is no rush.', 'en')).toEqual([
      ['Take your time, there is no rush.'],
      ['Take your time', 'there is no rush.'],
    ]);
    // A negation before the comma may reach past it.
    expect(utteranceReadings("Don't eat, drink or smoke.", 'en')).toHaveLength(1);
  });

  it('splits a recognizer’s text without punctuation at each word, never after a negation', () => {
    expect(unpunctuatedSplits('stay still dont move your neck', 'en')).toEqual([
      ['stay still', 'dont move your neck'],
    ]);
    expect(unpunctuatedSplits('Stay still, dont move your neck', 'en')).toEqual([]);
    expect(
      unpunctuatedSplits(
        'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen',
        'en',
      ),
    ).toEqual([]);
  });

  it('does not split after a negation, nor leave one word on a side', () => {
    expect(utteranceReadings("Don't drive and drink alcohol.", 'en')).toEqual([
      ["Don't drive and drink alcohol."],
    ]);
    expect(utteranceReadings('No conduzca y beba agua.', 'es')).toHaveLength(1);
    expect(utteranceReadings('Cough and breathe.', 'en')).toHaveLength(1);
  });
});

describe('PhrasebookService, to a language it only writes to (issue 32)', () => {
  const VIE = catalogLanguage('vie_Latn', 'vi', 'vie', 'Vietnamese', 'vi-VN');
  const HAT = catalogLanguage('hat_Latn', 'ht', 'hat', 'Haitian Creole', 'ht-HT');
  const written = new PhrasebookService(fixturePhrasebook(undefined, true));

  it('gives the phrase written in the patient’s language, and what was understood', () => {
    expect(written.translate('Does your left arm hurt?', ENG, VIE)).toEqual({
      text: 'Ông / Bà có đau cánh tay trái không?',
      phraseId: 'pain.body-part',
      understoodAs: 'Does your left arm hurt?',
    });
    expect(written.translate('¿Le duele el brazo izquierdo?', SPA, VIE, 'female')?.text).toBe(
      'Bà có đau cánh tay trái không?',
    );
  });

  it('gives nothing where the phrase or its value is not written: no other translation', () => {
    expect(written.translate('Is your left leg swollen?', ENG, VIE)).toBeUndefined();
    expect(written.translate('Does your stomach hurt?', ENG, VIE)).toBeUndefined();
    expect(written.writesTo(VIE)).toBe(true);
    expect(written.writesTo(HAT)).toBe(false);
  });

  it('offers the closest phrases that are written in the patient’s language, in the clinician’s', () => {
    const offers = written.offer('Do you have bad pain in your left arm?', ENG, VIE);
    expect(offers.map(({ phraseId, text }) => ({ phraseId, text }))).toEqual([
      { phraseId: 'pain.body-part', text: 'Does your left arm hurt?' },
    ]);
    expect(written.translateMatches([offers[0].match], ENG, VIE, 'male')?.text).toBe(
      'Ông có đau cánh tay trái không?',
    );
  });

  it('carries a patient’s answer to the clinician, and a question’s answers to the patient', () => {
    expect(written.translateAnswer('Có.', VIE, ENG)).toEqual({ text: 'Yes.', answerId: 'yes' });
    expect(written.translateAnswer('Sí.', SPA, ENG)).toEqual({ text: 'Yes.', answerId: 'yes' });
    expect(written.translateAnswer('Có, hơi đau.', VIE, ENG)).toBeUndefined();
    const phrase = written.translate('Does your left arm hurt?', ENG, VIE)!;
    expect(written.expectedAnswers(phrase, VIE)?.options.map((o) => o.text)).toEqual([
      'Có.',
      'Không.',
    ]);
    expect(written.coverage(VIE)).toEqual({ written: 3, total: written.coverage(ENG).total });
  });

  it('takes a hospital’s reviewed text in the language, reviewed for that language only', () => {
    const hospital = new PhrasebookService(
      fixturePhrasebook(
        `phrases:
  - id: pain.where
    reviewed_by: "T. Nguyen, certified medical interpreter, 2026-11"
    vi: "<Ông|Bà> bị đau ở chỗ nào?"
`,
        true,
      ),
    );
    expect(hospital.translate('Where does it hurt?', ENG, VIE, 'female')).toEqual({
      text: 'Bà bị đau ở chỗ nào?',
      phraseId: 'pain.where',
      understoodAs: 'Where does it hurt?',
      reviewedBy: 'T. Nguyen, certified medical interpreter, 2026-11',
    });
    expect(hospital.translate('Where does it hurt?', ENG, SPA)).not.toHaveProperty('reviewedBy');
    expect(() =>
      fixturePhrasebook('phrases:\n  - id: pain.where\n    ko: "어디가 아프세요?"\n', true),
    ).toThrow(/hospital-phrases\.yaml:2: pain\.where: the phrasebook has no ko/);
  });
});
