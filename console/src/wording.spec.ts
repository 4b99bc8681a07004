import { describe, expect, it } from '@jest/globals';
import {
  FIDELITY_THRESHOLD,
  fidelityWording,
  isRecognitionWarning,
  languageName,
  languageOption,
  noPhrasebookWording,
  recognitionWarning,
  reformulationLabel,
  sameLanguage,
  sameLanguageWording,
  sameWords,
  sentenceName,
  unsupportedLanguageWording,
  untranslatedWording,
} from './wording';

describe('wording', () => {
  it('warns below the benchmark threshold and never reassures above it (issue 30, item 1)', () => {
    // Below whatever threshold the last fit chose (npm run bench:fidelity rewrites it).
    const low = fidelityWording(FIDELITY_THRESHOLD - 0.001);
    expect(low).toMatchObject({ level: 'check', alert: expect.stringMatching(/^⚠ Check/) });
    expect(low.detail).toMatch(/negation/);
    for (const fidelity of [FIDELITY_THRESHOLD, 0.93, 1]) {
      const high = fidelityWording(fidelity);
      expect(high.level).toBe('unflagged');
      expect(high.alert).toBeUndefined();
      // No check mark, no "close", no "faithful": the round trip proves nothing right.
      expect(high.detail).not.toMatch(/✓|close|faithful|correct/i);
      expect(high.detail).toMatch(/never prove/);
    }
    expect(fidelityWording(0.888).percent).toBe('89 %');
  });

  it('names languages in English and in their own words', () => {
    expect(languageName('es-ES')).toBe('Spanish');
    expect(languageOption('es-ES')).toBe('Spanish — español (es-ES)');
    expect(languageOption('en-US')).toBe('English (en-US)');
  });
});

describe('untranslatedWording', () => {
  it('says nothing when every word was translated', () => {
    expect(untranslatedWording([])).toBeUndefined();
  });

  it('names the words and tells the clinician what to do', () => {
    expect(untranslatedWording(['jeun'])).toBe(
      '⚠ Not translated: “jeun”. The listener may not understand it: rephrase, or show it in writing.',
    );
    expect(untranslatedWording(['cofre', 'duele'])).toMatch(/“cofre”, “duele”.*understand them/);
  });
});

/** What the protocol says that a person at the bedside is not to read (issue 18). */
const TECHNICAL =
  /text_input|ASR_ENGINE|openai|GET \/|language_(medic|patient)|branch C|\b[sf]\d+\b|revision \d/i;

describe('recognitionWarning', () => {
  it("says in a clinician's words whose speech will not be recognized, and what to do", () => {
    expect(recognitionWarning(['en-US'], 'en-US', 'es-ES')).toBe(
      "Speech recognition understands English only: the patient's Spanish speech will not be recognized; they can type instead.",
    );
    expect(recognitionWarning(['en-US'], 'es-ES', 'en-US')).toMatch(
      /^Speech recognition understands English only: the medic's Spanish speech/,
    );
    expect(recognitionWarning(['en-US'], 'fr-FR', 'es-ES')).toBe(
      "Speech recognition understands English only: neither the medic's French nor the patient's Spanish speech will be recognized; both can type instead.",
    );
    expect(recognitionWarning(['en-US', 'es-ES'], 'fr-FR', 'es-ES')).toMatch(
      /^Speech recognition understands English and Spanish only: the medic's French speech/,
    );
  });

  it('says nothing when both are understood (any region), or when the recognizer is not known', () => {
    expect(recognitionWarning(['en-US'], 'en-GB', 'en-US')).toBeUndefined();
    expect(recognitionWarning(['en-US', 'es-ES'], 'es-MX', 'en-US')).toBeUndefined();
    expect(recognitionWarning([], 'fr-FR', 'es-ES')).toBeUndefined();
  });

  it("recognizes the service's own warning, whose words the console replaces", () => {
    const wire =
      'Speech recognition understands en-US only: speech in es-ES will not be recognized. Type it with text_input instead, or configure a multilingual recognizer (ASR_ENGINE=openai).';
    expect(TECHNICAL.test(wire)).toBe(true);
    expect(isRecognitionWarning(wire)).toBe(true);
    expect(isRecognitionWarning('The voice of the patient is not available.')).toBe(false);
    expect(TECHNICAL.test(recognitionWarning(['en-US'], 'es-ES', 'en-US')!)).toBe(false);
  });
});

describe('start screen wording', () => {
  it('takes two regions of one language for the same language', () => {
    expect(sameLanguage('es-ES', 'es-ES')).toBe(true);
    expect(sameLanguage('en-US', 'en-GB')).toBe(true);
    expect(sameLanguage('en-US', 'es-ES')).toBe(false);
    expect(sameLanguageWording('es-ES')).toMatch(/both have Spanish/);
  });

  it('says which language the service cannot use, without the protocol', () => {
    const patient = unsupportedLanguageWording(
      'language_patient: Zulu (zu-ZA) cannot be used in a session with the active engines (translation and a voice are both needed); GET /languages lists the languages that can.',
      'en-US',
      'zu-ZA',
    );
    expect(patient).toBe(
      "This service cannot interpret the patient's language (Zulu) in a conversation. Choose another language.",
    );
    const both = unsupportedLanguageWording(
      "language_medic: 'xx-YY' is not a supported language; … language_patient: Zulu (zu-ZA) cannot be used",
      'xx-YY',
      'zu-ZA',
    );
    expect(both).toMatch(/the medic's language \(.+\) and the patient's language \(Zulu\)/);
    expect(unsupportedLanguageWording('something else', 'en-US', 'zu-ZA')).toMatch(
      /one of the languages chosen/,
    );
    for (const text of [patient, both]) expect(TECHNICAL.test(text)).toBe(false);
  });

  it("tells the clinician when the patient's prompts are in English", () => {
    expect(noPhrasebookWording('patient', 'zu-ZA')).toBe(
      "The page has no wording in Zulu; the patient's prompts are in English.",
    );
  });

  it('names sentences by number, never by protocol id', () => {
    expect(sentenceName('s3')).toBe('sentence 3');
    expect(sentenceName('x')).toBe('this sentence');
  });
});

describe('reformulationLabel', () => {
  it('labels a reformulation as an aid, not the literal translation', () => {
    expect(
      reformulationLabel(
        'patient',
        'en-US',
        'Do you have any allergies?',
        'Are you allergic to any medication?',
      ),
    ).toEqual({
      label: 'Reformulation for the patient, in plain English (not the literal translation)',
      same: false,
    });
  });

  it('does not call one identical to the literal translation "not the literal translation"', () => {
    const label = reformulationLabel('medic', 'es-ES', '¿Tiene fiebre?', '¿Tiene fiebre?');
    expect(label.same).toBe(true);
    expect(label.label).toBe(
      'Reformulation for the medic, in plain Spanish: the same words as the literal translation',
    );
    expect(label.label).not.toMatch(/not the literal/);
    // Letter case, spaces and final punctuation are not a difference to a reader.
    expect(sameWords('  I have a  headache.', 'i have a headache')).toBe(true);
    expect(sameWords('I have a headache.', 'I have no headache.')).toBe(false);
    expect(reformulationLabel('medic', 'es-ES', 'Sí.', undefined).same).toBe(false);
  });
});
