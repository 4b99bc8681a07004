import { Injectable } from '@nestjs/common';
import type { VoiceGender } from '../../language/speech-settings.js';
import type { Voice } from '../../synthesis/engines/tts-engine.js';
import { SynthesisService } from '../../synthesis/synthesis.service.js';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import { TranslationService } from '../../translation/translation.service.js';
import { TranscriptionService } from '../../transcription/transcription.service.js';
import type { SessionLanguage } from './session-language.js';

export type { SessionLanguage } from './session-language.js';

/** What a language can do in a session (GET /languages/capabilities, issue 32). */
export interface LanguageCapability {
  readonly locale: string;
  readonly name: string;
  /** Who may speak it: a clinician needs machine translation or the phrasebook's matching. */
  readonly roles: readonly ('medic' | 'patient')[];
  /** `machine`: the engine translates it; `fixed_phrases`: only phrases written in advance. */
  readonly translation: 'machine' | 'fixed_phrases';
  /** How many of the phrasebook's canonical sentences are written in it. */
  readonly fixed_phrases: number;
  readonly speech_recognition: boolean;
  /** Whether an installed voice speaks it; otherwise the listener reads the text alone. */
  readonly voice: boolean;
  /** Whether its patients can answer by touch (the answers are written in it). */
  readonly answers_by_touch: boolean;
}

/** A value found, or the reason it was not (said to the client in the handshake rejection). */
export type Lookup<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/** The two parties' languages and the voice each one's translated speech is spoken in. */
export interface PartyLanguages {
  readonly medic: SessionLanguage;
  readonly patient: SessionLanguage;
  /** Voice of the medic's translated speech, in the patient's language. */
  readonly medicVoice: VoiceGender;
  /** Voice of the patient's translated speech, in the medic's language. */
  readonly patientVoice: VoiceGender;
}

/** The two languages of a session, as the handshake names them, and the voice genders wanted. */
export interface PartyLanguagesRequest {
  readonly medic: string;
  readonly patient: string;
  readonly medicGender: VoiceGender;
  readonly patientGender: VoiceGender;
}

/**
 * The languages a session can use (decisions §4): the active translation engine translates them
 * and a synthesis voice speaks them. Recognition is not required: text_input works in any of them.
 * Also the one place a session's languages are resolved and its voices chosen, from one voice list.
 */
@Injectable()
export class SessionLanguagesService {
  constructor(
    private readonly catalog: LanguageCatalog,
    private readonly translation: TranslationService,
    private readonly synthesis: SynthesisService,
    private readonly transcription: TranscriptionService,
  ) {}

  /** Catalog languages usable in a session, sorted by BCP-47 locale. */
  async languages(): Promise<CatalogLanguage[]> {
    return this.usable(await this.synthesis.voices());
  }

  /**
   * `GET /languages`: the sorted BCP-47 locales a handshake accepts, those a patient may speak
   * through fixed phrases only included (capabilities() tells which).
   */
  async locales(): Promise<string[]> {
    const all = [...(await this.languages()), ...(await this.translation.fixedPhraseLanguages())];
    return [...new Set(all.map((language) => language.bcp47))].sort();
  }

  /** What each language a session accepts can do with the active engines (GET /languages/capabilities). */
  async capabilities(): Promise<LanguageCapability[]> {
    const voices = await this.synthesis.voices();
    const spoken = new Set(voices.map((voice) => voice.language));
    const machine = await this.usable(voices);
    const phrases = await this.translation.fixedPhraseLanguages();
    const heard = this.transcription.locales.map((locale) => locale.split('-')[0]);
    const describe = (language: CatalogLanguage, fixedOnly: boolean): LanguageCapability => {
      const coverage = this.translation.phraseCoverage(language);
      return {
        locale: language.bcp47,
        name: language.name,
        roles: fixedOnly ? ['patient'] : ['medic', 'patient'],
        translation: fixedOnly ? 'fixed_phrases' : 'machine',
        fixed_phrases: coverage.written,
        speech_recognition: heard.includes(language.iso6391),
        voice: spoken.has(language.iso6391),
        answers_by_touch: this.translation.answersInLanguage(language),
      };
    };
    return [
      ...machine.map((l) => describe(l, false)),
      ...phrases.map((l) => describe(l, true)),
    ].sort((a, b) => a.locale.localeCompare(b.locale));
  }

  /**
   * A session's two languages and voices, from one voice list: each language must be usable, and
   * each party's speech gets the gender asked for when the listener's language has it.
   */
  async resolveParties(request: PartyLanguagesRequest): Promise<Lookup<PartyLanguages>> {
    const voices = await this.synthesis.voices();
    const usable = await this.usable(voices);
    const medic = this.resolveAmong(request.medic, usable);
    const patient = await this.resolvePatient(request.patient, usable, voices);
    if (!medic.ok || !patient.ok) {
      const problems = [
        medic.ok ? undefined : `language_medic: ${medic.reason}`,
        patient.ok ? undefined : `language_patient: ${patient.reason}`,
      ].filter(Boolean);
      return { ok: false, reason: problems.join(' ') };
    }
    return {
      ok: true,
      value: {
        medic: medic.value,
        patient: patient.value,
        ...partyVoices(voices, medic.value, patient.value, request),
      },
    };
  }

  /** Has the translation engine ready for the session's two languages (started, not awaited). */
  prepareTranslation({ medic, patient }: PartyLanguages): void {
    this.translation.prepare(medic.language, patient.language);
  }

  /**
   * What a patient language translated by fixed phrases only will and will not do, in plain
   * words for the handshake's warnings (issue 32); none for a machine-translated language.
   */
  fixedPhraseWarnings(patient: SessionLanguage): string[] {
    if (!patient.fixedPhrasesOnly) return [];
    const { name } = patient.language;
    const { written, total } = this.translation.phraseCoverage(patient.language);
    const warnings = [
      `${name} has no machine translation here: what the clinician says reaches the patient only as a fixed phrase written in advance (${written} of ${total} written in ${name}, by AI, not reviewed by a certified medical interpreter). A sentence that matches no phrase is not sent; the clinician is offered the closest phrases to choose from. The patient answers by touch; anything else the patient types reaches the clinician untranslated.`,
    ];
    if (patient.voiceless) {
      warnings.push(
        `No installed voice speaks ${name}: the patient reads the phrases on the screen; nothing is spoken to them.`,
      );
    }
    return warnings;
  }

  /** What the patient can always answer by touch, in their language (handshake's patient_answers). */
  patientAnswers(patient: SessionLanguage) {
    return this.translation.alwaysAnswers(patient.language);
  }

  /**
   * The language a sentence's text is in, from a recognized or identified locale: the party's own
   * when it is a party's language, else the catalog's; undefined when the catalog lacks it.
   */
  textLanguage(
    locale: string,
    parties: { readonly medic: SessionLanguage; readonly patient: SessionLanguage },
  ): SessionLanguage | undefined {
    const normalized = this.catalog.normalize(locale);
    if (!normalized.ok) return undefined;
    const found = { language: normalized.language, locale: normalized.locale };
    for (const party of [parties.medic, parties.patient]) {
      if (party.language.code === found.language.code) return party;
    }
    return found;
  }

  /**
   * The patient's language: one the engines translate and speak, or one the phrasebook writes
   * to (issue 32), spoken when a voice has it, read otherwise.
   */
  private async resolvePatient(
    input: string,
    usable: readonly CatalogLanguage[],
    voices: readonly Voice[],
  ): Promise<Lookup<SessionLanguage>> {
    const found = this.resolveAmong(input, usable);
    if (found.ok) return found;
    const normalized = this.catalog.normalize(input);
    if (!normalized.ok) return found;
    const { language, locale } = normalized;
    const phrases = await this.translation.fixedPhraseLanguages();
    if (!phrases.some((l) => l.code === language.code)) return found;
    const voiced = voices.some((voice) => voice.language === language.iso6391);
    return {
      ok: true,
      value: { language, locale, fixedPhrasesOnly: true, ...(voiced ? {} : { voiceless: true }) },
    };
  }

  private async usable(voices: readonly Voice[]): Promise<CatalogLanguage[]> {
    const spoken = new Set(voices.map((voice) => voice.language));
    return (await this.translation.availableLanguages()).filter((l) => spoken.has(l.iso6391));
  }

  private resolveAmong(input: string, usable: readonly CatalogLanguage[]): Lookup<SessionLanguage> {
    const normalized = this.catalog.normalize(input);
    if (!normalized.ok) return { ok: false, reason: normalized.reason };
    const { language, locale } = normalized;
    if (usable.some((l) => l.code === language.code)) {
      return { ok: true, value: { language, locale } };
    }
    return {
      ok: false,
      reason: `${language.name} (${locale}) cannot be used in a session with the active engines (translation and a voice are both needed, or, for the patient, fixed phrases in the language); GET /languages/capabilities lists what each language can do.`,
    };
  }
}

/**
 * The voice of each party's translated speech (a medic's sentence is spoken in the patient's
 * language and the other way round; branch C is not spoken): the gender asked for when that
 * language has it, else the one it has.
 */
export function partyVoices(
  voices: readonly Voice[],
  medic: SessionLanguage,
  patient: SessionLanguage,
  wanted: { readonly medicGender: VoiceGender; readonly patientGender: VoiceGender },
): Pick<PartyLanguages, 'medicVoice' | 'patientVoice'> {
  const choose = (listener: SessionLanguage, preferred: VoiceGender) => {
    const genders = voices
      .filter((voice) => voice.language === listener.language.iso6391)
      .map((voice) => voice.gender);
    return genders.includes(preferred) || genders.length === 0 ? preferred : genders[0];
  };
  return {
    medicVoice: choose(patient, wanted.medicGender),
    patientVoice: choose(medic, wanted.patientGender),
  };
}
