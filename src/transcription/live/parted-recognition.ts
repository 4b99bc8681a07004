import { type EngineDeadline, withEngineDeadline } from '../../common/timeout/engine-deadline.js';
import type { AsrStream, AsrTranscript } from '../engines/asr-engine.js';
import { captionText, joinedTranscript } from './joined-transcript.js';

type Settled = { ok: true; value: AsrTranscript } | { ok: false };

export interface PartedRecognitionDeps {
  /** Leases a live stream for the next part (the session's channel carries the mean), or undefined. */
  open(onPartial: (text: string) => void): AsrStream | undefined;
  /** Receives the words so far of the whole sentence (earlier parts' text first). */
  onPartial(text: string): void;
  /** The deadline of each part's finish (ASR_TIMEOUT_MS). */
  readonly deadline: EngineDeadline;
}

/**
 * One sentence recognized while it is spoken, finished early at the speaker's pauses (issue 19).
 *
 * At a pause (`pause()`: the segmenter heard `pauseMs` of silence) the part spoken so far is
 * finished at once, freeing its decoder: if the sentence ends in that pause, its transcript is
 * ready long before the 640 ms to the boundary have run out. If speech resumes, the held-back
 * pause and the new speech wait until that part has finished (so the session's channel carries
 * its cepstral mean), then go to a new stream: a new part. `finish()` joins the parts.
 *
 * Never lost: a sentence never paused finishes as before (its stream's answer or error). One
 * that was finished early and then fails anywhere (a part's decoder failed or timed out, no live
 * decoder free for the next part) answers `undefined`: the caller decodes it whole.
 */
export class PartedRecognition {
  /** The parts finished at pauses, in order (each settles, never rejects). */
  private readonly parts: Promise<Settled>[] = [];
  /** The part being fed. */
  private stream?: AsrStream;
  /** Speech after a pause, held while the part before it finishes: the next part's start. */
  private resumed?: Float32Array[];
  private opening?: Promise<void>;
  /** A pause heard while the next part was opening: finish that part as soon as it is open. */
  private pauseWhenOpen = false;
  /** An early part failed, or none could follow it: the sentence is to be decoded whole. */
  private failed = false;
  private ended = false;
  /** The finished parts' texts, joined: what the next part's captions start with. */
  private earlier = '';

  constructor(private readonly deps: PartedRecognitionDeps) {}

  /** Opens the first part; false when no stream is free (the sentence is decoded whole). */
  start(): boolean {
    this.stream = this.openPart();
    return this.stream !== undefined;
  }

  push(samples: Float32Array): void {
    if (this.ended || this.failed) return;
    if (this.stream) {
      this.stream.push(samples);
    } else if (this.resumed) {
      this.resumed.push(samples);
    } else {
      // Speech again after a pause: the next part starts once the previous one has finished.
      this.resumed = [samples];
      this.opening = this.parts.at(-1)!.then((previous) => this.openNext(previous.ok));
    }
  }

  pause(): void {
    if (this.ended || this.failed) return;
    if (this.resumed) this.pauseWhenOpen = true;
    const stream = this.stream;
    if (!stream) return;
    this.stream = undefined;
    const part = withEngineDeadline(this.deps.deadline, (signal) => stream.finish(signal)).then(
      (value): Settled => {
        this.earlier = captionText(this.earlier, value.text);
        // The part's final words are a better caption than its last partial.
        if (!this.ended && value.text.trim()) this.deps.onPartial(this.earlier);
        return { ok: true, value };
      },
      (): Settled => {
        this.failed = true;
        return { ok: false };
      },
    );
    this.parts.push(part);
  }

  /**
   * Ends the sentence: its transcript, the parts joined; `undefined` when it was finished early
   * and then failed (decode it whole). Rejects only for a sentence never paused, as before.
   */
  async finish(): Promise<AsrTranscript | undefined> {
    if (this.ended) throw new Error('a live sentence was finished twice');
    await this.opening;
    this.ended = true;
    const last = this.stream;
    this.stream = undefined;
    if (this.parts.length === 0) {
      if (!last) return undefined;
      return withEngineDeadline(this.deps.deadline, (signal) => last.finish(signal));
    }
    if (last && !this.failed) {
      this.parts.push(
        withEngineDeadline(this.deps.deadline, (signal) => last.finish(signal)).then(
          (value): Settled => ({ ok: true, value }),
          (): Settled => ({ ok: false }),
        ),
      );
    } else {
      last?.cancel();
    }
    return this.joinedParts();
  }

  /**
   * After a pause, with no speech since: the transcript finish() will give if the sentence ends in
   * this pause, without ending it (the work at the pause, issue 34); `undefined` when it cannot
   * be known (a part failed: the sentence will be decoded whole).
   */
  async atPause(): Promise<AsrTranscript | undefined> {
    if (this.stream || this.resumed || this.parts.length === 0) return undefined;
    return this.joinedParts();
  }

  /** The parts so far joined, once all have answered; `undefined` if any failed. */
  private async joinedParts(): Promise<AsrTranscript | undefined> {
    const settled = await Promise.all(this.parts);
    const values = settled.flatMap((part) => (part.ok ? [part.value] : []));
    if (this.failed || values.length < settled.length) return undefined;
    return joinedTranscript(values);
  }

  /** The sentence was dropped: the open part releases its decoder (finished parts have). */
  cancel(): void {
    this.ended = true;
    this.resumed = undefined;
    const stream = this.stream;
    this.stream = undefined;
    stream?.cancel();
  }

  private openNext(previousOk: boolean): void {
    const samples = this.resumed ?? [];
    this.resumed = undefined;
    this.opening = undefined;
    if (this.ended || !previousOk) return;
    const stream = this.openPart();
    if (!stream) {
      this.failed = true;
      return;
    }
    this.stream = stream;
    for (const chunk of samples) stream.push(chunk);
    if (this.pauseWhenOpen) {
      this.pauseWhenOpen = false;
      this.pause();
    }
  }

  private openPart(): AsrStream | undefined {
    try {
      return this.deps.open((text) => {
        if (!this.ended) this.deps.onPartial(captionText(this.earlier, text));
      });
    } catch {
      return undefined;
    }
  }
}
