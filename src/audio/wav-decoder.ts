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

import { CONVERT_HINT, fail, WHAT_TO_SEND } from './wav/audio-decode-error.js';
import { describeNonWav } from './wav/non-wav-description.js';
import { ascii, chunkName, nextChunk, startsWith } from './wav/riff-bytes.js';
import { readSamples } from './wav/sample-conversion.js';
import { parseFmt, type WavFormat } from './wav/wav-format.js';

// The decoder's public face: callers import these from here, whatever file holds them.
export { AudioDecodeError, type AudioDecodeReason } from './wav/audio-decode-error.js';
export { describeNonWav } from './wav/non-wav-description.js';
export { MAX_WAV_CHANNELS, MAX_WAV_SAMPLE_RATE, MIN_WAV_SAMPLE_RATE } from './wav/wav-format.js';

export interface DecodedAudio {
  sampleRate: number;
  /** Channels of the file; `samples` is their average. */
  channels: number;
  /** Mono (channels averaged), -1..1. */
  samples: Float32Array;
  /** e.g. `pcm_s16le`, `pcm_u8`, `float32`, `extensible pcm_s24le`. */
  format: string;
}

interface DataChunk {
  start: number;
  end: number;
  /** Bytes the header declared, when more than the file holds. */
  declaredBeyondEnd?: number;
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
