import { describe, expect, it } from '@jest/globals';
import type { SessionLanguage } from '../languages/session-languages.service.js';
import { type ConversationParties, partyGenders } from './conversation-parties.js';

const parties: ConversationParties = {
  medic: {} as SessionLanguage,
  patient: {} as SessionLanguage,
  medicGender: 'male',
  patientGender: 'female',
  medicVoice: 'male',
  patientVoice: 'female',
};

describe('partyGenders', () => {
  it('makes the clinician "I" and the patient "you" in what the clinician says', () => {
    expect(partyGenders('medic', parties)).toEqual({
      speakerGender: 'male',
      addresseeGender: 'female',
    });
  });

  it('and the other way round in what the patient says', () => {
    expect(partyGenders('patient', parties)).toEqual({
      speakerGender: 'female',
      addresseeGender: 'male',
    });
  });

  it('leaves both unknown when the speaker is, or the handshake did not say', () => {
    expect(partyGenders('unknown', parties)).toEqual({});
    const silent = { ...parties, medicGender: undefined, patientGender: undefined };
    expect(partyGenders('medic', silent)).toEqual({
      speakerGender: undefined,
      addresseeGender: undefined,
    });
  });
});
