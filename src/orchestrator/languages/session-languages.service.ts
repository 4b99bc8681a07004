import { Injectable } from '@nestjs/common';
import type { VoiceGender } from '../../language/speech-settings.js';
import type { Voice } from '../../synthesis/engines/tts-engine.js';
import { SynthesisService } from '../../synthesis/synthesis.service.js';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import { TranslationService } from '../../translation/translation.service.js';
import type { SessionLanguage } from './session-language.js';

export type { SessionLanguage } from './session-language.js';

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
  ) {}

  /** Catalog languages usable in a session, sorted by BCP-47 locale. */
  async languages(): Promise<CatalogLanguage[]> {
    return this.usable(await this.synthesis.voices());
  }

  /** `GET /languages`: the sorted BCP-47 locales. */
  async locales(): Promise<string[]> {
    return (await this.languages()).map((language) => language.bcp47).sort();
  }

  /**
   * A session's two languages and voices, from one voice list: each language must be usable, and
   * each party's speech gets the gender asked for when the listener's language has it.
   */
  async resolveParties(request: PartyLanguagesRequest): Promise<Lookup<PartyLanguages>> {
    const voices = await this.synthesis.voices();
    const usable = await this.usable(voices);
    const medic = this.resolveAmong(request.medic, usable);
    const patient = this.resolveAmong(request.patient, usable);
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
      reason: `${language.name} (${locale}) cannot be used in a session with the active engines (translation and a voice are both needed); GET /languages lists the languages that can.`,
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
