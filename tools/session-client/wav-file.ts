import { readFileSync } from 'node:fs';
import type { SessionSampleRate } from '../../src/orchestrator/protocol/client-messages.js';

/** The `sample_rate` values the session handshake accepts (decisions §5.1). */
export const SESSION_SAMPLE_RATES = [
  8000, 16000, 22050, 24000, 32000, 44100, 48000,
] as const satisfies readonly SessionSampleRate[];

export interface WavAudio {
  /** Mono signed 16-bit samples (channels averaged). */
  samples: Int16Array;
  sampleRate: number;
  /** Channels of the file before the mix-down. */
  channels: number;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Reads a RIFF/WAVE file of 16-bit PCM (any channel count, mixed down to mono). Deliberately
 * small: the service decodes every other format itself; this client only streams raw s16le.
 */
export function parseWav(bytes: Uint8Array, name = 'the WAV file'): WavAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const id = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || id(0) !== 'RIFF' || id(8) !== 'WAVE') {
    throw new Error(`${name} is not a RIFF/WAVE file`);
  }
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | undefined;
  let data: Uint8Array | undefined;
  for (let at = 12; at + 8 <= bytes.length && !(format && data);) {
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id(at) === 'fmt ' && body + 16 <= bytes.length) {
      let tag = view.getUint16(body, true);
      if (tag === WAVE_FORMAT_EXTENSIBLE && size >= 26) tag = view.getUint16(body + 24, true);
      format = {
        tag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id(at) === 'data') {
      // 0 and 0xFFFFFFFF are the "unknown length" of streaming writers; a cut file keeps what it has.
      const end = size === 0 || size === 0xffffffff ? bytes.length : body + size;
      data = bytes.subarray(body, Math.min(end, bytes.length));
    }
    at = body + size + (size % 2);
  }
  if (!format) throw new Error(`${name} has no 'fmt ' chunk`);
  if (!data) throw new Error(`${name} has no 'data' chunk`);
  const { tag, channels, sampleRate, bits } = format;
  if (tag !== WAVE_FORMAT_PCM || bits !== 16) {
    throw new Error(
      `${name} is not 16-bit PCM (format tag ${tag}, ${bits} bits); convert it with: ` +
        'ffmpeg -i input -ac 1 -ar 16000 -c:a pcm_s16le output.wav',
    );
  }
  if (channels < 1 || sampleRate < 1) {
    throw new Error(`${name} declares ${channels} channels at ${sampleRate} Hz`);
  }
  const frames = Math.floor(data.length / (2 * channels));
  if (frames === 0) throw new Error(`${name} holds no audio samples`);
  const samples = new Int16Array(frames);
  const pcm = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel++) {
      sum += pcm.getInt16((frame * channels + channel) * 2, true);
    }
    samples[frame] = Math.round(sum / channels);
  }
  return { samples, sampleRate, channels };
}

export function readWavFile(path: string): WavAudio {
  return parseWav(readFileSync(path), path);
}

/** Throws a clear error unless the handshake accepts `sampleRate`. */
export function checkSessionSampleRate(
  sampleRate: number,
  name = 'the audio',
): asserts sampleRate is SessionSampleRate {
  if (!(SESSION_SAMPLE_RATES as readonly number[]).includes(sampleRate)) {
    throw new Error(
      `${name} is at ${sampleRate} Hz; a session accepts ${SESSION_SAMPLE_RATES.join(', ')} Hz ` +
        `(convert it with: ffmpeg -i input -ac 1 -ar 16000 -c:a pcm_s16le output.wav)`,
    );
  }
}

/** Mono s16le bytes for a binary WebSocket frame (copied: the socket may keep the buffer). */
export function toS16le(samples: Int16Array): Buffer {
  const out = Buffer.allocUnsafe(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i], i * 2);
  return out;
}
