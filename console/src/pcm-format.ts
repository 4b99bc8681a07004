/** What the capture worklet and the page agree on (both import this file). */

/** Name the worklet registers its processor under. */
export const PCM_CAPTURE_PROCESSOR = 'pcm-capture';

/** Audio per binary frame sent to the service: 20 ms, as docs/protocol.md §1 recommends. */
export const FRAME_MS = 20;

/** One frame from the worklet: PCM signed 16-bit little-endian, mono, and its peak level (0–1). */
export interface PcmFrame {
  pcm: ArrayBuffer;
  peak: number;
}

/** Float samples (-1…1) → PCM s16le bytes, written at `offset` of `view`. */
export function writeS16le(samples: Float32Array, view: DataView, offset: number): void {
  for (let i = 0; i < samples.length; i++) {
    const clamped = Math.max(-1, Math.min(1, samples[i]));
    view.setInt16(offset + 2 * i, clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff, true);
  }
}
