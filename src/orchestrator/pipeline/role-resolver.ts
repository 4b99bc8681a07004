import type { KnownRole, SpeakerRole } from '../conversation/conversation.types.js';
import type { SessionLanguage } from '../languages/session-languages.service.js';
import type { ConversationParties } from './conversation-parties.js';

/** Which way a sentence is translated: from the speaker's language to the listener's. */
export interface TranslationDirection {
  readonly source: SessionLanguage;
  readonly target: SessionLanguage;
  /** Who the translation is for; it decides how the reformulation is tuned. */
  readonly listener: KnownRole;
  /** Voice the translated speech is spoken with: the speaker's. */
  readonly voiceOf: KnownRole;
}

export const otherRole = (role: KnownRole): KnownRole => (role === 'medic' ? 'patient' : 'medic');

/** Same translation language (fr-FR and fr-CA are one). */
export const sameLanguage = (a: SessionLanguage, b: SessionLanguage): boolean =>
  a.language.code === b.language.code;

/**
 * Speaker roles from languages (interface §1.8, §3): a sentence in the medic's language is the
 * medic's, in the patient's the patient's; when both share a language the text cannot tell, so
 * the role is `unknown` until a correct_speaker says otherwise.
 */
export class RoleResolver {
  roleOf(language: SessionLanguage | undefined, parties: ConversationParties): SpeakerRole {
    if (!language || sameLanguage(parties.medic, parties.patient)) return 'unknown';
    if (sameLanguage(language, parties.medic)) return 'medic';
    if (sameLanguage(language, parties.patient)) return 'patient';
    return 'unknown';
  }

  /**
   * Branch A's direction: from the language the text is in (its speaker's unless known otherwise)
   * to the listener's. A known role sets the listener, not the source: English words that a
   * correct_speaker gives to a Spanish-speaking patient are still English, for an English-speaking
   * medic the same language (the text is then passed on as it is). Unknown role: in a
   * shared-language session the text stays in that language (spoken back for the listener); a
   * sentence in neither party's language (a recognizer that knows only English in a
   * French–Spanish session) is translated for the medic.
   */
  direction(
    role: SpeakerRole,
    textLanguage: SessionLanguage | undefined,
    parties: ConversationParties,
  ): TranslationDirection {
    if (role === 'medic') {
      return {
        source: textLanguage ?? parties.medic,
        target: parties.patient,
        listener: 'patient',
        voiceOf: 'medic',
      };
    }
    if (role === 'patient') {
      return {
        source: textLanguage ?? parties.patient,
        target: parties.medic,
        listener: 'medic',
        voiceOf: 'patient',
      };
    }
    return {
      source: textLanguage ?? parties.medic,
      target: parties.medic,
      listener: 'medic',
      voiceOf: 'patient',
    };
  }

  /**
   * Branch C's direction: as if the other party had said it (source and target swapped), or why
   * it cannot run.
   */
  alternate(
    role: SpeakerRole,
    parties: ConversationParties,
  ):
    | {
        readonly run: true;
        readonly assumedRole: KnownRole;
        readonly direction: TranslationDirection;
      }
    | {
        readonly run: false;
        readonly reason: 'unknown_speaker_role' | 'same_translation_direction';
      } {
    if (role === 'unknown') return { run: false, reason: 'unknown_speaker_role' };
    if (sameLanguage(parties.medic, parties.patient)) {
      return { run: false, reason: 'same_translation_direction' };
    }
    const assumedRole = otherRole(role);
    return { run: true, assumedRole, direction: this.direction(assumedRole, undefined, parties) };
  }
}
