import { describe, expect, it } from '@jest/globals';
import { RequestValidationException } from '../common/validation/validation-detail.js';
import { decodeBase64Audio } from './base64-audio.js';

describe('decodeBase64Audio', () => {
  const wav = Buffer.from('RIFF....WAVE');

  it('decodes standard Base64, with whitespace and a data-URL prefix', () => {
    const text = wav.toString('base64');
    expect(decodeBase64Audio(text)).toEqual(wav);
    expect(decodeBase64Audio(`${text.slice(0, 4)}\n ${text.slice(4)}`)).toEqual(wav);
    expect(decodeBase64Audio(`data:audio/wav;base64,${text}`)).toEqual(wav);
  });

  it.each(['not base64!', 'UklGR#', 'A', 'UklG=RiQ', '%%%%'])(
    'refuses %j with a 422 on the field',
    (value) => {
      try {
        decodeBase64Audio(value);
        throw new Error('accepted');
      } catch (error) {
        expect(error).toBeInstanceOf(RequestValidationException);
        expect((error as RequestValidationException).details[0]).toMatchObject({
          loc: ['body', 'audio_base64'],
          type: 'base64_invalid',
        });
      }
    },
  );
});
