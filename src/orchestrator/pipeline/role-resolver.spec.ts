import { describe, expect, it } from '@jest/globals';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import type { ConversationParties } from './conversation-parties.js';
import { otherRole, RoleResolver, sameLanguage } from './role-resolver.js';

const catalog = new LanguageCatalog();
const language = (input: string) => {
  const normalized = catalog.normalize(input);
  if (!normalized.ok) throw new Error(input);
  return { language: normalized.language, locale: normalized.locale };
};
const parties = (medic: string, patient: string): ConversationParties => ({
  medic: language(medic),
  patient: language(patient),
  medicVoice: 'male',
  patientVoice: 'female',
});

describe('RoleResolver', () => {
  const roles = new RoleResolver();

  it('gives the party whose language the text is in', () => {
    const session = parties('fr', 'en');
    expect(roles.roleOf(language('fr-FR'), session)).toBe('medic');
    expect(roles.roleOf(language('fr-CA'), session)).toBe('medic');
    expect(roles.roleOf(language('en-GB'), session)).toBe('patient');
  });

  it('gives unknown when both parties share the language, or the text is in neither', () => {
    expect(roles.roleOf(language('en'), parties('en-US', 'en-GB'))).toBe('unknown');
    expect(roles.roleOf(language('es'), parties('fr', 'en'))).toBe('unknown');
    expect(roles.roleOf(undefined, parties('fr', 'en'))).toBe('unknown');
  });

  it('translates from the speaker to the listener, spoken with the speaker’s voice', () => {
    const session = parties('fr', 'en');
    expect(roles.direction('medic', undefined, session)).toMatchObject({
      source: { locale: 'fr-FR' },
      target: { locale: 'en-US' },
      listener: 'patient',
      voiceOf: 'medic',
    });
    expect(roles.direction('patient', undefined, session)).toMatchObject({
      source: { locale: 'en-US' },
      target: { locale: 'fr-FR' },
      listener: 'medic',
      voiceOf: 'patient',
    });
  });

  it('translates a known speaker’s text from the language it is in, not the speaker’s', () => {
    // English words given to a Spanish-speaking patient are still English, for the English medic.
    expect(roles.direction('patient', language('en'), parties('en', 'es'))).toMatchObject({
      source: { locale: 'en-US' },
      target: { locale: 'en-US' },
      listener: 'medic',
      voiceOf: 'patient',
    });
    expect(roles.direction('medic', language('en'), parties('fr', 'es'))).toMatchObject({
      source: { locale: 'en-US' },
      target: { locale: 'es-ES' },
      listener: 'patient',
    });
  });

  it('translates an unknown speaker’s text from its own language for the medic', () => {
    expect(roles.direction('unknown', language('es'), parties('fr', 'en'))).toMatchObject({
      source: { locale: 'es-ES' },
      target: { locale: 'fr-FR' },
      listener: 'medic',
    });
    expect(roles.direction('unknown', undefined, parties('en', 'en'))).toMatchObject({
      source: { locale: 'en-US' },
      target: { locale: 'en-US' },
    });
  });

  it('runs branch C as the other party, swapping source and target', () => {
    const plan = roles.alternate('medic', parties('fr', 'en'));
    expect(plan).toMatchObject({
      run: true,
      assumedRole: 'patient',
      direction: { source: { locale: 'en-US' }, target: { locale: 'fr-FR' } },
    });
  });

  it('skips branch C for an unknown role first, then for a shared language', () => {
    expect(roles.alternate('unknown', parties('en', 'en'))).toEqual({
      run: false,
      reason: 'unknown_speaker_role',
    });
    expect(roles.alternate('patient', parties('en', 'en-GB'))).toEqual({
      run: false,
      reason: 'same_translation_direction',
    });
  });

  it('has helpers that say what they do', () => {
    expect(otherRole('medic')).toBe('patient');
    expect(otherRole('patient')).toBe('medic');
    expect(sameLanguage(language('pt-BR'), language('pt-PT'))).toBe(true);
    expect(sameLanguage(language('pt'), language('es'))).toBe(false);
  });
});
