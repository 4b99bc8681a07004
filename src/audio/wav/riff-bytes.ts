/** Reading a RIFF file's bytes: ids, hex, and where the next chunk starts. */

export function ascii(bytes: Uint8Array, start: number, length: number): string {
  let text = '';
  for (let i = start; i < start + length && i < bytes.length; i++) {
    text += String.fromCharCode(bytes[i]);
  }
  return text;
}

/** A chunk id as it can be shown to a client: 4 printable ASCII characters, else hex. */
export function chunkName(bytes: Uint8Array, offset: number): string {
  const id = ascii(bytes, offset, 4);
  return /^[\x20-\x7e]{4}$/.test(id) ? `'${id}'` : `0x${hex(bytes, offset, 4).replace(/ /g, '')}`;
}

export function looksLikeChunkId(bytes: Uint8Array, offset: number): boolean {
  return offset + 8 <= bytes.length && /^[\x20-\x7e]{4}$/.test(ascii(bytes, offset, 4));
}

/** Where the chunk after one ending at `end` starts: odd sizes are padded to even. */
export function nextChunk(bytes: Uint8Array, end: number, size: number): number {
  if ((size & 1) === 0) return end;
  // Some writers forget the pad byte: trust the next chunk id when only that reading shows one.
  return !looksLikeChunkId(bytes, end + 1) && looksLikeChunkId(bytes, end) ? end : end + 1;
}

export function hex(bytes: Uint8Array, start: number, length: number): string {
  return Array.from(bytes.subarray(start, start + length), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join(' ');
}

export function startsWith(bytes: Uint8Array, offset: number, text: string): boolean {
  return ascii(bytes, offset, text.length) === text;
}
