import { describe, expect, it } from '@jest/globals';
import { ClientMessageParser } from './client-message-parser.js';

const parser = new ClientMessageParser();
const handshake = (fields: Record<string, unknown>) =>
  parser.parseHandshake(JSON.stringify(fields));
const message = (fields: unknown) => parser.parseMessage(JSON.stringify(fields));

describe('ClientMessageParser', () => {
  describe('handshake', () => {
    it('takes the minimal handshake, with or without type', () => {
      expect(handshake({ language_medic: 'fr', language_patient: 'en' })).toMatchObject({
        ok: true,
        handshake: { language_medic: 'fr', language_patient: 'en' },
      });
      expect(
        handshake({ type: 'handshake', language_medic: 'fr', language_patient: 'en' }).ok,
      ).toBe(true);
    });

    it('says which required fields are missing (null counts as missing)', () => {
      expect(handshake({ language_patient: 'en' })).toMatchObject({
        ok: false,
        reason: 'missing_fields',
        message: expect.stringMatching(/^The handshake needs language_medic \(/),
      });
      expect(handshake({ language_medic: null, language_patient: null })).toMatchObject({
        reason: 'missing_fields',
        message: expect.stringContaining('language_medic and language_patient'),
      });
    });

    it('refuses frames that are not a JSON object as invalid_json', () => {
      for (const frame of ['', 'fr', '{', 'null', '42', '"text"', '[]']) {
        expect(parser.parseHandshake(frame)).toMatchObject({ ok: false, reason: 'invalid_json' });
      }
    });

    it.each([
      [{ speed: '1.0' }, 'speed must be a number from 0.25 to 4'],
      [{ speed: 0.2 }, 'speed must be a number from 0.25 to 4'],
      [{ speed: 4.5 }, 'speed must be a number from 0.25 to 4'],
      [{ enable_dual_direction: 'yes' }, 'enable_dual_direction must be true or false'],
      [{ sample_rate: 16001 }, 'sample_rate must be one of 8000, 16000, 22050'],
      [{ patient_age_category: 'baby' }, 'patient_age_category must be one of'],
      [{ medic_gender: 'other' }, 'medic_gender must be "male" or "female"'],
      [{ language_medic: ['fr'] }, 'language_medic must be a string'],
      [{ language_patient: 'x'.repeat(65) }, 'language_patient must be at most 64 characters'],
      [{ type: 'hello' }, "type must be 'handshake'"],
      [{ extra: 1 }, 'unknown field "extra"'],
    ])('refuses %j as invalid_fields', (fields, text) => {
      const result = handshake({ language_medic: 'fr', language_patient: 'en', ...fields });
      expect(result).toMatchObject({ ok: false, reason: 'invalid_fields' });
      expect(result.ok ? '' : result.message).toContain(text);
    });

    it('reports every invalid field at once, one sentence each', () => {
      const result = handshake({
        language_medic: 'fr',
        language_patient: 'en',
        speed: 9,
        sample_rate: 1,
      });
      expect(result.ok ? '' : result.message).toMatch(/speed must be .*; sample_rate must be/);
    });
  });

  describe('messages after the handshake', () => {
    it.each([
      [{ type: 'set_speed', speed: 2 }],
      [{ type: 'flag', flag_type: 'bug' }],
      [{ type: 'flag', flag_type: 'other', note: 'n', sentence_id: 's3' }],
      [{ type: 'flag', flag_type: 'mistranslation', sentence_id: null }],
      [{ type: 'correct_speaker', sentence_id: 's1', role: 'patient' }],
      [{ type: 'trigger_branch_c', sentence_id: 's12' }],
      [{ type: 'text_input', text: 'Hola', role: 'medic' }],
      [{ type: 'conversation_exit' }],
      [{ type: 'conversation_exit', archive: false }],
    ])('takes %j', (fields) => {
      expect(message(fields)).toEqual({ ok: true, message: expect.objectContaining(fields) });
    });

    it.each([
      [{ type: 'set_speed' }, 'set_speed: speed must be a number'],
      [{ type: 'flag', flag_type: 'bug', note: 'x'.repeat(2001) }, 'note must be at most 2000'],
      [{ type: 'flag', flag_type: 'bug', sentence_id: 7 }, 'sentence_id must be a sentence id'],
      [{ type: 'correct_speaker', role: 'medic' }, 'sentence_id must be a sentence id'],
      [{ type: 'correct_speaker', sentence_id: 's1', role: 'unknown' }, 'role must be'],
      [{ type: 'trigger_branch_c', sentence_id: 'x'.repeat(17) }, 'sentence_id must be'],
      [{ type: 'text_input', text: 42 }, 'text must be a string'],
      [{ type: 'text_input', text: '' }, 'text must be 1 to 5000 characters'],
      [{ type: 'conversation_exit', archive: 'no' }, 'archive must be true or false'],
      [{ type: 'handshake' }, 'only once'],
      [{ type: 'toString' }, 'Unknown message type'],
      [{ type: '__proto__' }, 'Unknown message type'],
      [{ type: 5 }, 'A message needs a "type"'],
      [[], 'JSON object'],
    ])('refuses %j', (fields, text) => {
      const result = message(fields);
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.message).toContain(text);
    });

    it('never quotes a field value back (it may be conversation text)', () => {
      const result = message({ type: 'text_input', text: 'x'.repeat(6000) + 'SECRET' });
      expect(result.ok ? '' : result.message).not.toContain('SECRET');
    });
  });
});
