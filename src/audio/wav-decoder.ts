/**
 * WAV (RIFF/WAVE) decoding to mono float samples, in memory only.
 *
 * The chunk walk is written here rather than taken from `wavefile`: it is about a hundred lines,
 * and the errors are the point. `wavefile` answers a bad file with generic messages ("Not a
 * supported format.", "Could not find the 'fmt ' chunk"), copies the whole file into its own
 * structures, rejects the streaming sizes that phones and pipes write (0 or 0xFFFFFFFF), and
 * cannot tell a client which codec it sent or how much of the file is missing. Here every refusal
 * says what is wrong and what to send instead, and the samples are read straight from the
 * caller's bytes (no copy of the file).
 *
 * Rules where the format leaves room:
 * - The RIFF size field is ignored: chunks are walked to the end of the bytes.
 * - Unknown chunks (LIST, fact, cue, bext, JUNK, id3…) are skipped; odd-sized chunks are padded
 *   to even, and a writer that forgot the pad byte is tolerated when the next chunk id shows it.
 *   The fmt and data chunks may come in either order; the first of each is used.
 * - A data size of 0 or 0xFFFFFFFF means "unknown length" (streaming writers: festival, ffmpeg,
 *   phone recorders writing to a pipe): the audio runs to the end of the file. When nothing
 *   follows such a header the file has no samples and is refused (`no_samples`).
 * - A data size larger than what the file holds is a truncated recording: the whole frames that
 *   are there are decoded (a partial last frame is dropped); with less than one frame it is
 *   refused (`truncated_data`). sox writing to a pipe declares 0x7FFFF000 bytes, for instance.
 * - Once fmt and data are found, a damaged chunk after them (a cut LIST at the end) is ignored.
 * - RF64/BW64 files (the 64-bit variant) are read like RIFF, with the data size from `ds64`.
 */

export type AudioDecodeReason =
  /** Zero bytes. */
  | 'empty'
  /** Not a RIFF/WAVE file (MP3, OGG, text…). */
  | 'not_wav'
  /** The file ends inside the RIFF header or the fmt chunk. */
  | 'truncated_header'
  | 'missing_fmt'
  | 'missing_data'
  /** A chunk other than data declares more bytes than the file holds. */
  | 'chunk_too_large'
  /** A codec rather than PCM or float samples: A-law, µ-law, ADPCM, MP3 in WAV… */
  | 'unsupported_encoding'
  /** Valid, but outside what the service takes: more than 8 channels, under 8000 Hz, 64-bit PCM. */
  | 'unsupported_format'
  /** Values that no valid file has: 0 channels, 0 Hz, block align that does not match. */
  | 'invalid_fmt'
  /** The data chunk is cut before its first full sample frame. */
  | 'truncated_data'
  /** A well-formed file without a single sample frame. */
  | 'no_samples';

/** A WAV file that cannot be decoded; `message` is written for the client (no file content). */
export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';

  constructor(
    readonly reason: AudioDecodeReason,
    message: string,
  ) {
    super(message);
  }
}

export interface DecodedAudio {
  sampleRate: number;
  /** Channels of the file; `samples` is their average. */
  channels: number;
  /** Mono (channels averaged), -1..1. */
  samples: Float32Array;
  /** e.g. `pcm_s16le`, `pcm_u8`, `float32`, `extensible pcm_s24le`. */
  format: string;
}

export const MIN_WAV_SAMPLE_RATE = 8000;
export const MAX_WAV_SAMPLE_RATE = 192_000;
export const MAX_WAV_CHANNELS = 8;

const WHAT_TO_SEND =
  'Send a WAV file with PCM samples (8-bit unsigned, 16-, 24- or 32-bit signed) or IEEE float ' +
  'samples (32- or 64-bit), 1 to 8 channels, 8000 to 192000 Hz; 16-bit mono at 16000 Hz is best.';
const CONVERT_HINT =
  'To convert a recording: ffmpeg -i input -ac 1 -ar 16000 -c:a pcm_s16le output.wav';

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

type SampleKind = 'u8' | 's16' | 's24' | 's32' | 'f32' | 'f64';

interface WavFormat {
  channels: number;
  sampleRate: number;
  /** Bytes per sample frame (all channels). */
  blockAlign: number;
  kind: SampleKind;
  format: string;
}

interface DataChunk {
  start: number;
  end: number;
  /** Bytes the header declared, when more than the file holds. */
  declaredBeyondEnd?: number;
}

const fail = (reason: AudioDecodeReason, message: string): never => {
  throw new AudioDecodeError(reason, message);
};

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let text = '';
  for (let i = start; i < start + length && i < bytes.length; i++) {
    text += String.fromCharCode(bytes[i]);
  }
  return text;
}

/** A chunk id as it can be shown to a client: 4 printable ASCII characters, else hex. */
function chunkName(bytes: Uint8Array, offset: number): string {
  const id = ascii(bytes, offset, 4);
  return /^[\x20-\x7e]{4}$/.test(id) ? `'${id}'` : `0x${hex(bytes, offset, 4).replace(/ /g, '')}`;
}

function looksLikeChunkId(bytes: Uint8Array, offset: number): boolean {
  return offset + 8 <= bytes.length && /^[\x20-\x7e]{4}$/.test(ascii(bytes, offset, 4));
}

/** Where the chunk after one ending at `end` starts: odd sizes are padded to even. */
function nextChunk(bytes: Uint8Array, end: number, size: number): number {
  if ((size & 1) === 0) return end;
  // Some writers forget the pad byte: trust the next chunk id when only that reading shows one.
  return !looksLikeChunkId(bytes, end + 1) && looksLikeChunkId(bytes, end) ? end : end + 1;
}

function hex(bytes: Uint8Array, start: number, length: number): string {
  return Array.from(bytes.subarray(start, start + length), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join(' ');
}

function startsWith(bytes: Uint8Array, offset: number, text: string): boolean {
  return ascii(bytes, offset, text.length) === text;
}

/**
 * What a file that is not RIFF/WAVE looks like, from its first bytes. The description never
 * quotes the content (a text file could hold conversation text): formats are named, unknown
 * binary is shown as the hex of its first four bytes only.
 */
export function describeNonWav(bytes: Uint8Array): string {
  const b = bytes;
  if (startsWith(b, 0, 'ID3')) return 'an MP3 file (it starts with an ID3 tag)';
  if (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0) {
    return (b[1] & 0x06) === 0 ? 'an AAC (ADTS) stream' : 'an MP3 (MPEG audio) stream';
  }
  if (startsWith(b, 0, 'OggS')) return 'an OGG file (Opus or Vorbis)';
  if (startsWith(b, 0, 'fLaC')) return 'a FLAC file';
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    return 'a WebM/Matroska file';
  }
  if (startsWith(b, 4, 'ftyp')) return 'an MP4/M4A/3GP/MOV file';
  if (startsWith(b, 0, '#!AMR')) return 'an AMR file (a phone voice memo)';
  if (startsWith(b, 0, 'FORM') && (startsWith(b, 8, 'AIFF') || startsWith(b, 8, 'AIFC'))) {
    return 'an AIFF file';
  }
  if (startsWith(b, 0, 'caff')) return 'a Core Audio (CAF) file';
  if (startsWith(b, 0, '.snd')) return 'a Sun/NeXT AU file';
  if (startsWith(b, 0, 'RIFX')) return 'a big-endian RIFF (RIFX) file, which is not supported';
  if (startsWith(b, 0, 'UklGR')) {
    return 'Base64 text of a WAV file: decode the Base64 first, or send it in the audio_base64 field';
  }
  const head = b.subarray(0, Math.min(b.length, 512));
  const printable = head.filter((c) => c === 9 || c === 10 || c === 13 || c >= 0x20).length;
  if (printable === head.length || (head.length >= 16 && printable / head.length > 0.95)) {
    const first = String.fromCharCode(head.find((c) => c > 0x20) ?? 0x20);
    if (first === '{' || first === '[') return 'JSON text';
    if (first === '<') return 'HTML or XML text';
    return 'text';
  }
  return `binary data of an unknown kind (first bytes: ${hex(b, 0, 4)})`;
}

/** Reads the fmt chunk at `offset` (its body) and checks it; throws for what cannot be decoded. */
function parseFmt(view: DataView, bytes: Uint8Array, offset: number, size: number): WavFormat {
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

/** Averages the channels of `frames` frames starting at `start` into -1..1 floats. */
function readSamples(
  bytes: Uint8Array,
  view: DataView,
  start: number,
  frames: number,
  fmt: WavFormat,
): Float32Array {
  const { channels, kind, blockAlign } = fmt;
  const out = new Float32Array(frames);
  const width = blockAlign / channels;
  let scale: number;
  let read: (position: number) => number;
  switch (kind) {
    case 'u8':
      scale = 1 / 128;
      read = (p) => bytes[p] - 128;
      break;
    case 's16':
      scale = 1 / 32768;
      read = (p) => view.getInt16(p, true);
      break;
    case 's24':
      scale = 1 / 8388608;
      read = (p) => ((bytes[p] | (bytes[p + 1] << 8) | (bytes[p + 2] << 16)) << 8) >> 8;
      break;
    case 's32':
      scale = 1 / 2147483648;
      read = (p) => view.getInt32(p, true);
      break;
    case 'f32':
    case 'f64': {
      scale = 1;
      const get =
        kind === 'f32'
          ? (p: number) => view.getFloat32(p, true)
          : (p: number) => view.getFloat64(p, true);
      // NaN or infinity would poison the resampler and the VAD: count them as silence.
      read = (p) => {
        const value = get(p);
        return Number.isFinite(value) ? value : 0;
      };
      break;
    }
  }
  const factor = scale / channels;
  let position = start;
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel++, position += width) sum += read(position);
    const value = sum * factor;
    out[frame] = value > 1 ? 1 : value < -1 ? -1 : value;
  }
  return out;
}

/**
 * Decodes a WAV file to mono float samples (channels averaged), at the file's sample rate.
 * Throws AudioDecodeError, whose `reason` is a code and `message` a sentence for the client.
 */
export function decodeWav(bytes: Uint8Array): DecodedAudio {
  const length = bytes.length;
  if (length === 0) fail('empty', `The audio is empty (0 bytes). ${WHAT_TO_SEND}`);
  const magic = ascii(bytes, 0, 4);
  const rf64 = magic === 'RF64' || magic === 'BW64';
  if (magic !== 'RIFF' && !rf64) {
    fail(
      'not_wav',
      `The audio is not a WAV file: it looks like ${describeNonWav(bytes)}. ${WHAT_TO_SEND} ` +
        CONVERT_HINT,
    );
  }
  if (length < 12) {
    fail(
      'truncated_header',
      `The WAV file is cut short: ${length} bytes, not even its 12-byte RIFF header. ${WHAT_TO_SEND}`,
    );
  }
  if (!startsWith(bytes, 8, 'WAVE')) {
    const form = chunkName(bytes, 8);
    fail(
      'not_wav',
      `The audio is a RIFF file of type ${form}, not a WAV file (type 'WAVE')` +
        `${form === "'AVI '" ? ', i.e. a video' : ''}. ${WHAT_TO_SEND} ${CONVERT_HINT}`,
    );
  }

  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: WavFormat | undefined;
  let data: DataChunk | undefined;
  let ds64DataSize: number | undefined;
  let cutInChunkHeader = false;
  let offset = 12;
  while (offset < length) {
    if (length - offset < 8) {
      cutInChunkHeader = true;
      break;
    }
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    const available = length - body;

    if (id === 'data') {
      let declared: number = size;
      if (rf64 && size === 0xffffffff && ds64DataSize !== undefined) declared = ds64DataSize;
      const streaming = declared === 0 || declared === 0xffffffff;
      const end = streaming || declared > available ? length : body + declared;
      if (!data) {
        data = {
          start: body,
          end,
          declaredBeyondEnd: !streaming && declared > available ? declared : undefined,
        };
      }
      offset = end < length ? nextChunk(bytes, end, declared) : length;
      continue;
    }
    if (size > available) {
      // A damaged chunk after complete audio (a cut LIST at the end) does not matter.
      if (fmt && data) break;
      if (id === 'fmt ') {
        fail(
          'truncated_header',
          `The WAV file is cut short inside its 'fmt ' chunk: it declares ${size} bytes but only ` +
            `${available} follow. ${WHAT_TO_SEND}`,
        );
      }
      fail(
        'chunk_too_large',
        `The WAV file's ${chunkName(bytes, offset)} chunk at byte ${offset} declares ${size} bytes, ` +
          `but only ${available} bytes follow in the file` +
          `${fmt ? '' : " (and no 'fmt ' chunk came before it)"}: the file is damaged or cut short. ` +
          WHAT_TO_SEND,
      );
    }
    if (id === 'fmt ' && !fmt) fmt = parseFmt(view, bytes, body, size);
    if (id === 'ds64' && size >= 16) {
      ds64DataSize = view.getUint32(body + 8, true) + view.getUint32(body + 12, true) * 2 ** 32;
    }
    offset = nextChunk(bytes, body + size, size);
  }

  if (!fmt) {
    if (!data && (offset <= 12 || cutInChunkHeader)) {
      fail(
        'truncated_header',
        `The WAV file is cut short: its ${length} bytes end before the 'fmt ' chunk that ` +
          `describes the samples. ${WHAT_TO_SEND}`,
      );
    }
    return fail(
      'missing_fmt',
      `The WAV file has no 'fmt ' chunk, so the format of its samples is unknown. ${WHAT_TO_SEND}`,
    );
  }
  if (!data) {
    return fail(
      'missing_data',
      `The WAV file has no 'data' chunk: it holds no audio` +
        `${cutInChunkHeader ? ' (it seems cut short)' : ''}. ${WHAT_TO_SEND}`,
    );
  }

  const frames = Math.floor((data.end - data.start) / fmt.blockAlign);
  if (frames === 0) {
    if (data.declaredBeyondEnd !== undefined) {
      fail(
        'truncated_data',
        `The WAV file is cut short: its data chunk declares ${data.declaredBeyondEnd} bytes but the ` +
          `file ends after ${data.end - data.start}, less than one sample frame ` +
          `(${fmt.blockAlign} bytes). Send the complete recording.`,
      );
    }
    fail(
      'no_samples',
      `The WAV file holds no audio: its data chunk ` +
        `${data.end === data.start ? 'is empty' : `has less than one sample frame (${fmt.blockAlign} bytes)`}. ` +
        'Send a recording with sound in it.',
    );
  }
  return {
    sampleRate: fmt.sampleRate,
    channels: fmt.channels,
    samples: readSamples(bytes, view, data.start, frames, fmt),
    format: fmt.format,
  };
}
