import { afterAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { AudioTooLargeError, AudioUnreadableError } from '../common/errors/domain.errors.js';
import { toErrorResponse } from '../common/http/http-error.filter.js';
import { AppConfig } from '../config/app-config.js';
import { AudioService } from './audio.service.js';

const fixture = (path: string) =>
  new Uint8Array(readFileSync(new URL(`../../test/fixtures/audio/${path}`, import.meta.url)));

function service(maxAudioBytes = 25 * 1024 * 1024): AudioService {
  const config = new AppConfig();
  config.MAX_AUDIO_BYTES = maxAudioBytes;
  return new AudioService(config);
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('AudioService.decodeTo16kMono', () => {
  afterAll(() => service().onModuleDestroy());

  it('decodes a phone recording (44.1 kHz stereo 24-bit) to 16 kHz mono', async () => {
    const audio = await service().decodeTo16kMono(fixture('formats/phone-44k1-stereo-s24.wav'));
    expect(audio).toMatchObject({
      sampleRate: 16000,
      sourceRate: 44100,
      channels: 2,
      format: 'extensible pcm_s24le',
      durationMs: 1960,
    });
    expect(audio.samples.length).toBe(31360);
  });

  it('passes 16 kHz mono through', async () => {
    const audio = await service().decodeTo16kMono(fixture('speech/02-two-tablets.wav'));
    expect(audio).toMatchObject({ sourceRate: 16000, channels: 1, format: 'pcm_s16le' });
    expect(audio.durationMs).toBe(2245);
  });

  it('answers 413 { detail } over MAX_AUDIO_BYTES', async () => {
    const bytes = fixture('formats/source-16k-mono-s16.wav');
    const error = await failure(service(4096).decodeTo16kMono(bytes));
    expect(error).toBeInstanceOf(AudioTooLargeError);
    const { status, body } = toErrorResponse(error);
    expect(status).toBe(413);
    expect(body.detail).toMatch(
      new RegExp(`${bytes.length} bytes.*4096 bytes \\(MAX_AUDIO_BYTES\\)`),
    );
  });

  it('answers 400 { detail } with the decoder message for a file that is not a WAV', async () => {
    const error = await failure(service().decodeTo16kMono(fixture('malformed/mp3-id3.wav')));
    expect(error).toBeInstanceOf(AudioUnreadableError);
    const { status, body } = toErrorResponse(error);
    expect(status).toBe(400);
    expect(body.detail).toMatch(/^The audio is not a WAV file: it looks like an MP3 file/);
  });

  it('answers 400 for A-law', async () => {
    const { status, body } = toErrorResponse(
      await failure(service().decodeTo16kMono(fixture('malformed/alaw.wav'))),
    );
    expect(status).toBe(400);
    expect(body.detail).toMatch(/A-law/);
  });
});
