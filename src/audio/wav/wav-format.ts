/** The fmt chunk of a WAV file: what its samples are, checked against what the service takes. */

import { CONVERT_HINT, fail, WHAT_TO_SEND } from './audio-decode-error.js';
import { hex } from './riff-bytes.js';

export const MIN_WAV_SAMPLE_RATE = 8000;
export const MAX_WAV_SAMPLE_RATE = 192_000;
export const MAX_WAV_CHANNELS = 8;

/** KSDATAFORMAT_SUBTYPE_* GUIDs end with these 14 bytes; the first 2 are the format tag. */
const EXTENSIBLE_GUID_TAIL = [
  0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71,
];

const FORMAT_PCM = 0x0001;
const FORMAT_FLOAT = 0x0003;
const FORMAT_EXTENSIBLE = 0xfffe;

/** Codecs a WAV file may carry that the service does not decode, by format tag. */
const KNOWN_CODECS: Record<number, string> = {
  0x0000: 'an unknown encoding',
  0x0002: 'Microsoft ADPCM',
  0x0006: 'G.711 A-law',
  0x0007: 'G.711 µ-law',
  0x0011: 'IMA ADPCM',
  0x0022: 'TrueSpeech',
  0x0031: 'GSM 6.10',
  0x0040: 'G.721 ADPCM',
  0x0050: 'MPEG audio',
  0x0055: 'MP3',
  0x0064: 'G.726 ADPCM',
  0x0065: 'G.722 ADPCM',
  0x00ff: 'AAC',
  0x0161: 'Windows Media Audio',
  0x0162: 'Windows Media Audio',
  0x0163: 'Windows Media Audio',
  0x1610: 'AAC',
  0x2000: 'AC-3',
  0x674f: 'Ogg Vorbis',
  0x6750: 'Ogg Vorbis',
  0x6751: 'Ogg Vorbis',
  0x704f: 'Opus',
  0xf1ac: 'FLAC',
};

export type SampleKind = 'u8' | 's16' | 's24' | 's32' | 'f32' | 'f64';

/** What the fmt chunk says, checked: everything needed to read the samples. */
export interface WavFormat {
  channels: number;
  sampleRate: number;
  /** Bytes per sample frame (all channels). */
  blockAlign: number;
  kind: SampleKind;
  format: string;
}

/** Reads the fmt chunk at `offset` (its body) and checks it; throws for what cannot be decoded. */
export function parseFmt(
  view: DataView,
  bytes: Uint8Array,
  offset: number,
  size: number,
): WavFormat {
  if (size < 16) {
    fail(
      'invalid_fmt',
      `The WAV 'fmt ' chunk is ${size} bytes long; it needs at least 16. ${WHAT_TO_SEND}`,
    );
  }
  const tag = view.getUint16(offset, true);
  const channels = view.getUint16(offset + 2, true);
  const sampleRate = view.getUint32(offset + 4, true);
  const blockAlign = view.getUint16(offset + 12, true);
  const bits = view.getUint16(offset + 14, true);

  let code = tag;
  let extensible = false;
  let containerBits = bits;
  if (tag === FORMAT_EXTENSIBLE) {
    if (size < 40) {
      fail(
        'invalid_fmt',
        `The WAV file says WAVE_FORMAT_EXTENSIBLE but its 'fmt ' chunk is ${size} bytes long, ` +
          `not 40. ${WHAT_TO_SEND}`,
      );
    }
    extensible = true;
    code = view.getUint16(offset + 24, true);
    const tail = bytes.subarray(offset + 26, offset + 40);
    if (!EXTENSIBLE_GUID_TAIL.every((value, i) => tail[i] === value)) {
      fail(
        'unsupported_encoding',
        `The WAV file's WAVE_FORMAT_EXTENSIBLE sub-format (GUID starting ${hex(bytes, offset + 24, 4)}) ` +
          `is neither PCM nor IEEE float (Ambisonics and vendor formats are not supported). ` +
          `${WHAT_TO_SEND} ${CONVERT_HINT}`,
      );
    }
  }

  if (code !== FORMAT_PCM && code !== FORMAT_FLOAT) {
    const codec = KNOWN_CODECS[code];
    const tagText = `format tag 0x${code.toString(16).padStart(4, '0')}`;
    fail(
      'unsupported_encoding',
      `The WAV file is encoded as ${codec ? `${codec} (${tagText})` : `an unsupported codec (${tagText})`}, ` +
        `which the service does not decode. ${WHAT_TO_SEND} ${CONVERT_HINT}`,
    );
  }
  if (channels === 0) fail('invalid_fmt', `The WAV file declares 0 channels. ${WHAT_TO_SEND}`);
  if (sampleRate === 0) {
    fail('invalid_fmt', `The WAV file declares a sample rate of 0 Hz. ${WHAT_TO_SEND}`);
  }
  if (sampleRate > MAX_WAV_SAMPLE_RATE) {
    fail(
      'invalid_fmt',
      `The WAV file declares a sample rate of ${sampleRate} Hz; the most accepted is ` +
        `${MAX_WAV_SAMPLE_RATE} Hz. ${WHAT_TO_SEND}`,
    );
  }
  if (bits === 0) fail('invalid_fmt', `The WAV file declares 0 bits per sample. ${WHAT_TO_SEND}`);
  if (channels > MAX_WAV_CHANNELS) {
    fail(
      'unsupported_format',
      `The WAV file has ${channels} channels; at most ${MAX_WAV_CHANNELS} are accepted. ` +
        `${WHAT_TO_SEND} ${CONVERT_HINT}`,
    );
  }
  if (sampleRate < MIN_WAV_SAMPLE_RATE) {
    fail(
      'unsupported_format',
      `The WAV file is sampled at ${sampleRate} Hz; speech needs at least ` +
        `${MIN_WAV_SAMPLE_RATE} Hz. ${WHAT_TO_SEND}`,
    );
  }

  let kind: SampleKind;
  let name: string;
  if (code === FORMAT_FLOAT) {
    if (bits !== 32 && bits !== 64) {
      fail(
        'unsupported_format',
        `The WAV file holds ${bits}-bit float samples; only 32- and 64-bit floats are ` +
          `supported. ${WHAT_TO_SEND}`,
      );
    }
    kind = bits === 32 ? 'f32' : 'f64';
    name = bits === 32 ? 'float32' : 'float64';
  } else {
    if (extensible) {
      const validBits = view.getUint16(offset + 18, true);
      if (bits % 8 !== 0 || validBits > bits) {
        fail(
          'invalid_fmt',
          `The WAV file declares ${validBits} valid bits in ${bits}-bit sample containers. ` +
            WHAT_TO_SEND,
        );
      }
    } else {
      // Plain PCM: a sample of N bits sits left-justified in ceil(N / 8) bytes.
      containerBits = Math.ceil(bits / 8) * 8;
    }
    if (containerBits > 32) {
      fail(
        'unsupported_format',
        `The WAV file holds ${bits}-bit integer samples; at most 32 bits are supported. ` +
          WHAT_TO_SEND,
      );
    }
    kind = (['u8', 's16', 's24', 's32'] as const)[containerBits / 8 - 1];
    name = containerBits === 8 ? 'pcm_u8' : `pcm_s${containerBits}le`;
  }
  const expectedAlign = (channels * containerBits) / 8;
  if (blockAlign !== expectedAlign) {
    fail(
      'invalid_fmt',
      `The WAV file's block align is ${blockAlign} bytes per frame, but ${channels} channel(s) ` +
        `of ${containerBits}-bit samples take ${expectedAlign}: the header is inconsistent. ` +
        WHAT_TO_SEND,
    );
  }
  return {
    channels,
    sampleRate,
    blockAlign,
    kind,
    format: extensible ? `extensible ${name}` : name,
  };
}
