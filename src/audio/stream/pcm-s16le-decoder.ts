/**
 * Decoding of a raw PCM stream: mono signed 16-bit little-endian samples, as WebSocket clients
 * send them in binary frames of any length.
 *
 * A frame may end in the middle of a sample (odd byte length): that byte is kept and completes
 * the first sample of the next frame, so the samples come out as if the stream had arrived in one
 * piece. Values map to floats by ÷ 32768 (-32768 → -1, 32767 → 0.99997), like int16ToFloat and
 * the WAV decoder.
 */

const SCALE = 1 / 32768; // a power of two: × SCALE is exactly ÷ 32768

/** Whether this machine stores integers little-endian, so an Int16Array view reads s16le as is. */
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export class PcmS16leDecoder {
  /** The first byte of a sample split across frames, or -1 when none is pending. */
  private carry = -1;

  /** Bytes held back for the next push: 1 after an odd total length so far, else 0. */
  get pendingBytes(): number {
    return this.carry < 0 ? 0 : 1;
  }

  /**
   * The samples completed by `chunk` (the bytes following those given before), as floats in
   * -1..1: ⌊(pendingBytes + chunk.length) / 2⌋ of them, possibly none. The chunk is read in
   * place (never copied) and may be reused by the caller once this returns.
   */
  push(chunk: Uint8Array): Float32Array {
    const count = (this.pendingBytes + chunk.length) >> 1;
    const out = new Float32Array(count);
    let filled = 0;
    let start = 0; // offset in `chunk` of the next whole sample
    if (this.carry >= 0 && count > 0) {
      // Low byte from the previous chunk, high byte from this one; << 16 >> 16 sign-extends.
      out[0] = (((this.carry | (chunk[0] << 8)) << 16) >> 16) * SCALE;
      this.carry = -1;
      filled = 1;
      start = 1;
    }

    const whole = count - filled;
    if (whole > 0) {
      const byteOffset = chunk.byteOffset + start;
      if (LITTLE_ENDIAN_HOST && byteOffset % 2 === 0) {
        // Aligned: read the bytes as 16-bit integers directly.
        const view = new Int16Array(chunk.buffer, byteOffset, whole);
        for (let i = 0; i < whole; i++) out[filled + i] = view[i] * SCALE;
      } else {
        // Odd offset (a Buffer sliced from a larger pool, or after a carried byte) or a
        // big-endian host: an Int16Array view is impossible there, DataView reads in place.
        const view = new DataView(chunk.buffer, byteOffset, whole * 2);
        for (let i = 0; i < whole; i++) out[filled + i] = view.getInt16(i * 2, true) * SCALE;
      }
    }

    const used = start + whole * 2;
    if (used < chunk.length) this.carry = chunk[used]; // at most one byte is left over
    return out;
  }

  /** Forgets a pending byte: the next push starts a new stream. */
  reset(): void {
    this.carry = -1;
  }
}
