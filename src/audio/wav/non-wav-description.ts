/** What a file that is not a WAV looks like, for the refusal that tells the client. */

import { hex, startsWith } from './riff-bytes.js';

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
