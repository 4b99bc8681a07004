import type { AgeCategory, PatientGender } from '../../llm/engines/llm-engine.js';
import type { VoiceGender } from '../../synthesis/engines/tts-engine.js';
import type { SessionLanguage } from '../languages/session-languages.service.js';

/** Who takes part in a session, in which languages, and how their translated speech sounds. */
export interface ConversationParties {
  readonly medic: SessionLanguage;
  readonly patient: SessionLanguage;
  /** Tunes the reformulation addressed to the patient (interface §2.9). */
  readonly patientGender?: PatientGender;
  readonly patientAgeCategory?: AgeCategory;
  /** Voice of the medic's translated speech, in the patient's language (medic_gender if it has it). */
  readonly medicVoice: VoiceGender;
  /** Voice of the patient's translated speech, in the medic's language (patient_gender if it has it). */
  readonly patientVoice: VoiceGender;
}
