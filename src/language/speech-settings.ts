/**
 * What a request says about the speech and its listener, shared by the HTTP DTOs, the engines
 * and the WebSocket protocol: declared once here so that the protocol types (compiled into the
 * browser console's type check) depend on this leaf, not on engine ports.
 */

/** The genders of a voice, in the order of the voice list. */
export const VOICE_GENDERS = ['female', 'male'] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];

/** A listener's (or speaker's) gender, for grammatical agreement (French, Spanish). */
export const PATIENT_GENDERS = ['male', 'female'] as const;
export type PatientGender = (typeof PATIENT_GENDERS)[number];

/** A listener's age category: the register of a paraphrase. */
export const AGE_CATEGORIES = ['child', 'adolescent', 'adult', 'senior'] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

/** Speaking rate multiplier: 0.25 (four times slower) to 4 (four times faster). */
export const MIN_SPEED = 0.25;
export const MAX_SPEED = 4;
/** The engine's normal rate, when a request names none. */
export const DEFAULT_SPEED = 1;
