/** The handshake a conversation opens with: the start screen's choice, at the microphone's rate. */
import type { HandshakeMessage, SessionSampleRate } from './protocol';
import type { StartChoice } from './start-view';

export function handshakeFor(choice: StartChoice, sampleRate: SessionSampleRate): HandshakeMessage {
  return {
    type: 'handshake',
    language_medic: choice.medicLanguage,
    language_patient: choice.patientLanguage,
    speed: choice.speed,
    enable_dual_direction: choice.dualDirection,
    sample_rate: sampleRate,
    patient_gender: choice.patientGender,
    patient_age_category: choice.patientAge,
    medic_gender: choice.medicVoice,
  };
}
