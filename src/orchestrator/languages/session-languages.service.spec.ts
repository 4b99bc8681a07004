import type { TranscriptionService } from '../../transcription/transcription.service.js';
import { describe, expect, it } from '@jest/globals';
import type { Voice } from '../../synthesis/engines/tts-engine.js';
import type { SynthesisService } from '../../synthesis/synthesis.service.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import type { TranslationService } from '../../translation/translation.service.js';
import { partyVoices, SessionLanguagesService } from './session-languages.service.js';

const catalog = new LanguageCatalog();
const language = (code: string) => {
  const normalized = catalog.normalize(code);
  if (!normalized.ok) throw new Error(code);
  return { language: normalized.language, locale: normalized.locale };
};

describe('partyVoices', () => {
  const voices: Voice[] = [
    { language: 'en', gender: 'female' },
    { language: 'es', gender: 'female' },
    { language: 'es', gender: 'male' },
  ] as Voice[];
  const choose = (
    medic: string,
    patient: string,
    medicGender: 'male' | 'female',
    patientGender: 'male' | 'female',
  ) => partyVoices(voices, language(medic), language(patient), { medicGender, patientGender });

  it('gives each party the gender asked for, in the language its speech is translated to', () => {
    const chosen = choose('en', 'es', 'male', 'female');
    expect(chosen).toEqual({ medicVoice: 'male', patientVoice: 'female' });
  });

  it('falls back to the gender the listener’s language has', () => {
    const chosen = choose('es', 'en', 'male', 'male');
    // The medic is heard in English (female only); the patient in Spanish (both).
    expect(chosen).toEqual({ medicVoice: 'female', patientVoice: 'male' });
  });

  it('keeps the gender asked for when the language has no voice (synthesis then says so)', () => {
    const chosen = choose('fr', 'de', 'male', 'male');
    expect(chosen).toEqual({ medicVoice: 'male', patientVoice: 'male' });
  });
});

describe('SessionLanguagesService.resolveParties', () => {
  function service(voices: Voice[]) {
    let voiceLists = 0;
    const synthesis = {
      voices: async () => (voiceLists++, voices),
    } as unknown as SynthesisService;
    const translation = {
      availableLanguages: async () => catalog.all(),
      fixedPhraseLanguages: async () => [],
    } as unknown as TranslationService;
    const transcription = { locales: ['en-US'] } as unknown as TranscriptionService;
    return {
      languages: new SessionLanguagesService(catalog, translation, synthesis, transcription),
      voiceLists: () => voiceLists,
    };
  }

  it('resolves both languages and chooses the voices from one voice list', async () => {
    const { languages, voiceLists } = service([
      { language: 'en', gender: 'female' },
      { language: 'es', gender: 'male' },
    ] as Voice[]);
    const resolved = await languages.resolveParties({
      medic: 'es',
      patient: 'en-US',
      medicGender: 'female',
      patientGender: 'female',
    });
    expect(resolved).toMatchObject({
      ok: true,
      value: {
        medic: { locale: 'es-ES' },
        patient: { locale: 'en-US' },
        medicVoice: 'female',
        patientVoice: 'male',
      },
    });
    expect(voiceLists()).toBe(1);
  });

  it('names each language that cannot be used', async () => {
    const { languages } = service([{ language: 'en', gender: 'female' }] as Voice[]);
    const resolved = await languages.resolveParties({
      medic: 'es',
      patient: 'xx-nope',
      medicGender: 'female',
      patientGender: 'female',
    });
    expect(resolved.ok).toBe(false);
    expect(!resolved.ok && resolved.reason).toMatch(
      /^language_medic: Spanish \(es-ES\) cannot be used.* language_patient: /,
    );
  });
});
