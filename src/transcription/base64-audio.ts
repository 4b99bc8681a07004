import { invalidField } from '../common/validation/validation-detail.js';

const DATA_URL = /^data:[\w/+.-]*(;[\w=-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes the `audio_base64` field strictly (Node's decoder silently skips bad characters, which
 * would turn a wrong field into a confusing WAV error): whitespace and a data-URL prefix are
 * allowed, anything else that is not standard Base64 is a 422 on the field.
 */
export function decodeBase64Audio(value: string): Buffer {
  const compact = value.replace(DATA_URL, '').replace(/\s+/g, '');
  if (!BASE64.test(compact) || compact.length % 4 === 1) {
    throw invalidField(
      ['body', 'audio_base64'],
      'audio_base64 is not valid Base64: send the WAV file encoded with the standard alphabet (A–Z, a–z, 0–9, +, /, = padding).',
      'base64_invalid',
    );
  }
  return Buffer.from(compact, 'base64');
}
