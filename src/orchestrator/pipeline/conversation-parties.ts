import type { AgeCategory, PatientGender, VoiceGender } from '../../language/speech-settings.js';
import type { SessionLanguage } from '../languages/session-languages.service.js';
import type { SpeakerRole } from '../conversation/conversation.types.js';

/** Who takes part in a session, in which languages, and how their translated speech sounds. */
export interface ConversationParties {
  readonly medic: SessionLanguage;
  readonly patient: SessionLanguage;
  /** Tunes the reformulation addressed to the patient (interface §2.9). */
  readonly patientGender?: PatientGender;
  /** The clinician's gender (`medic_gender`), for what a translation says of them. */
  readonly medicGender?: PatientGender;
  readonly patientAgeCategory?: AgeCategory;
  /** Voice of the medic's translated speech, in the patient's language (medic_gender if it has it). */
  readonly medicVoice: VoiceGender;
  /** Voice of the patient's translated speech, in the medic's language (patient_gender if it has it). */
  readonly patientVoice: VoiceGender;
}

/**
 * Who says "I" and who is "you" in a sentence of `role`, for the languages whose adjectives
 * agree with them ("¿Está cansada?"). An unknown role or gender leaves the engine's default.
 */
export function partyGenders(
  role: SpeakerRole,
  parties: ConversationParties,
): { speakerGender?: PatientGender; addresseeGender?: PatientGender } {
  if (role === 'medic') {
    return { speakerGender: parties.medicGender, addresseeGender: parties.patientGender };
  }
  if (role === 'patient') {
    return { speakerGender: parties.patientGender, addresseeGender: parties.medicGender };
  }
  return {};
}
