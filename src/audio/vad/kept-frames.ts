/**
 * The audio a segmenter keeps: contiguous frames, the first starting at `start` (a sample index
 * in the stream). Frames are dropped from the front once no sentence can need them.
 */
export class KeptFrames {
  private frames: Float32Array[] = [];
  private first = 0;

  /** Sample index where the first kept frame starts. */
  get start(): number {
    return this.first;
  }

  append(frame: Float32Array): void {
    this.frames.push(frame);
  }

  /** Drops the kept frames that end at or before `sample`. */
  trimBefore(sample: number): void {
    let drop = 0;
    let start = this.first;
    while (drop < this.frames.length && start + this.frames[drop].length <= sample) {
      start += this.frames[drop].length;
      drop++;
    }
    if (drop > 0) {
      this.frames.splice(0, drop);
      this.first = start;
    }
  }

  /** A copy of the kept audio from `start` to `end` (sample indices). */
  between(start: number, end: number): Float32Array {
    const samples = new Float32Array(end - start);
    let frameStart = this.first;
    for (const frame of this.frames) {
      const frameEnd = frameStart + frame.length;
      if (frameEnd > start && frameStart < end) {
        const from = Math.max(start, frameStart);
        const to = Math.min(end, frameEnd);
        samples.set(frame.subarray(from - frameStart, to - frameStart), from - start);
      }
      if (frameEnd >= end) break;
      frameStart = frameEnd;
    }
    return samples;
  }

  /** Forgets everything: the next frame starts a new stream at sample 0. */
  clear(): void {
    this.frames = [];
    this.first = 0;
  }
}
