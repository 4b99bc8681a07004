import { KeptFrames } from './kept-frames.js';
import {
  SAMPLES_PER_MS,
  segmenterSettings,
  type SentenceSegmenterOptions,
} from './segmenter-settings.js';
import type { LiveSentenceListener, Sentence, SentenceEnd } from './sentence.js';
import { type FrameClassifier, VAD_FRAME_SAMPLES } from './vad-stream.js';

type Mode = 'silence' | 'onset' | 'speech';

/**
 * Cuts one 16 kHz audio stream into sentences with a frame classifier (Silero VAD).
 *
 * Frames: the stream is cut into 512-sample (32 ms) frames whatever the chunk sizes given to
 * `push`, so the sentences do not depend on how the audio was chunked.
 *
 * Hysteresis: each frame is labelled speech or silence. After a silent frame, a frame is speech when
 * p ≥ threshold; after a speech frame, when p ≥ threshold − hysteresis (0.5 / 0.35 by default).
 * So speech needs a clear onset but is not broken by weaker frames inside words, and a
 * probability wavering just under the threshold after speech counts as silence.
 *
 * Onset: `minSpeechFrames` speech frames in a row start a sentence at the first of them; shorter
 * blips (a cough, a click) leave the segmenter in silence. Inside a sentence any speech frame
 * resets the silence count.
 *
 * End: `silenceFrames` silent frames in a row end the sentence (interface §4.3.4). The audio
 * emitted runs from `prerollMs` before the onset (not earlier than the end of the previous
 * sentence nor the start of the stream) to `tailMs` after the last speech frame, so the
 * recognizer gets the first syllable's attack and the last one's decay without the whole pause.
 *
 * Length: a sentence that would exceed `maxSentenceMs` is emitted at the last frame boundary that
 * fits and the speech continues as a new sentence from there (contiguous audio, no pre-roll).
 * If the split point falls in a pause already begun, the sentence just ends there as on silence.
 *
 * Cut: `cut()` closes the sentence in progress at once, for a caller that must number it before
 * something that happened now (a typed sentence): in its closing silence it ends as on silence;
 * mid-speech it is split at the last whole frame, as for the length. A continuation that ends
 * without a speech frame of its own is only the pause after the split, and is not emitted.
 *
 * Pause: after `pauseMs` of silence inside a sentence (once the tail is given) the listener hears
 * `paused`: if the sentence ends in this pause, it has all of its samples already.
 *
 * Memory: in silence only the pre-roll (plus an unconfirmed onset) is kept; in speech at most
 * maxSentenceMs of audio. Nothing is logged.
 *
 * `push`, `cut` and `flush` calls are queued, so a caller need not await one before the next. If the
 * classifier fails, `push` rejects and the frame being scored is lost (the stream goes on).
 */
export class SentenceSegmenter {
  readonly threshold: number;
  /** Probability a speech frame must keep to stay speech. */
  readonly continueThreshold: number;
  readonly silenceFrames: number;
  readonly minSpeechFrames: number;
  private readonly prerollSamples: number;
  private readonly maxSamples: number;
  private readonly tailSamples: number;
  private readonly pauseFrames: number;

  /** Samples not yet making a whole frame. */
  private readonly partial = new Float32Array(VAD_FRAME_SAMPLES);
  private partialLength = 0;
  private readonly kept = new KeptFrames();
  /** Sample index where the next frame starts. */
  private position = 0;

  private mode: Mode = 'silence';
  /** Label of the previous frame (hysteresis). */
  private speaking = false;
  private onsetStart = 0;
  private onsetFrames = 0;
  private sentenceStart = 0;
  private speechStart = 0;
  private speechEnd = 0;
  private silentRun = 0;
  /** End of the last sentence emitted: the next one's pre-roll does not reach back before it. */
  private lastEmittedEnd = 0;

  private queue: Promise<unknown> = Promise.resolve();

  /** Told of the sentences as they are spoken; optional. */
  listener?: LiveSentenceListener;
  /** Whether the listener was told of the sentence in progress (`started`). */
  private announced = false;
  /** Sample index up to which the listener has the sentence in progress. */
  private streamed = 0;

  constructor(
    private readonly classifier: FrameClassifier,
    options: SentenceSegmenterOptions,
  ) {
    const settings = segmenterSettings(options);
    this.threshold = settings.threshold;
    this.continueThreshold = settings.continueThreshold;
    this.silenceFrames = settings.silenceFrames;
    this.minSpeechFrames = settings.minSpeechFrames;
    this.maxSamples = settings.maxSamples;
    this.prerollSamples = settings.prerollSamples;
    this.tailSamples = settings.tailSamples;
    this.pauseFrames = settings.pauseFrames;
  }

  /** Adds 16 kHz mono audio (any length); resolves with the sentences it completed. */
  push(chunk: Float32Array): Promise<Sentence[]> {
    if (!(chunk instanceof Float32Array)) {
      return Promise.reject(new TypeError('push takes a Float32Array of 16 kHz samples'));
    }
    // Copied now: the caller may reuse its buffer before the queued call runs.
    const samples = chunk.slice();
    return this.enqueue(() => this.pushNow(samples));
  }

  /**
   * Closes the sentence in progress now (see Cut above) and resolves with it, if there is one. The
   * stream goes on: unlike `flush`, nothing is reset, and later audio keeps its positions.
   */
  cut(): Promise<Sentence[]> {
    return this.enqueue(() => Promise.resolve(this.cutNow()));
  }

  /**
   * Ends the sentence in progress at the pause it is in (END_OF_TURN=semantic: its words read as a
   * finished turn), as its silence would 320 ms later; resolves with it. Nothing happens if, once
   * the audio queued before this call is through, the sentence is no longer in a pause the
   * listener was told of, or `stillWanted()` says no (speech resumed in between).
   */
  endInPause(stillWanted: () => boolean): Promise<Sentence[]> {
    return this.enqueue(() => {
      const out: Sentence[] = [];
      const inPause =
        this.mode === 'speech' && this.announced && this.silentRun >= this.pauseFrames;
      if (inPause && stillWanted()) this.emitEnded('turn', this.position, out);
      return Promise.resolve(out);
    });
  }

  /**
   * Ends the stream: emits the sentence in progress (speech without its closing silence), drops an
   * unconfirmed onset and a trailing partial frame outside speech, then resets the segmenter and
   * its classifier, so the next `push` starts a new stream at 0 ms.
   */
  flush(): Promise<Sentence[]> {
    return this.enqueue(() => Promise.resolve(this.flushNow()));
  }

  private enqueue(task: () => Promise<Sentence[]>): Promise<Sentence[]> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async pushNow(chunk: Float32Array): Promise<Sentence[]> {
    const sentences: Sentence[] = [];
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(VAD_FRAME_SAMPLES - this.partialLength, chunk.length - offset);
      this.partial.set(chunk.subarray(offset, offset + take), this.partialLength);
      this.partialLength += take;
      offset += take;
      if (this.partialLength === VAD_FRAME_SAMPLES) {
        const frame = this.partial.slice();
        this.partialLength = 0;
        const probability = await this.classifier.process(frame);
        this.onFrame(frame, probability, sentences);
      }
    }
    return sentences;
  }

  private onFrame(frame: Float32Array, probability: number, out: Sentence[]): void {
    const start = this.position;
    const end = start + VAD_FRAME_SAMPLES;

    // Split before this frame would make the sentence too long.
    if (this.mode === 'speech' && end - this.sentenceStart > this.maxSamples) {
      if (this.silentRun > 0) this.emitEnded('max-length', start, out);
      else this.splitAt(start, 'max-length', out);
    }

    this.speaking = probability >= (this.speaking ? this.continueThreshold : this.threshold);
    this.kept.append(frame);
    this.position = end;

    switch (this.mode) {
      case 'silence':
        if (this.speaking) {
          this.mode = 'onset';
          this.onsetStart = start;
          this.onsetFrames = 1;
          this.confirmOnset(end);
        } else {
          this.trimForPreroll();
        }
        break;
      case 'onset':
        if (this.speaking) {
          this.onsetFrames++;
          this.confirmOnset(end);
        } else {
          this.mode = 'silence';
          this.trimForPreroll();
        }
        break;
      case 'speech':
        if (this.speaking) {
          this.silentRun = 0;
          this.speechEnd = end;
          // Speech again: the pause held back belongs to the sentence after all.
          this.streamTo(end);
        } else if (++this.silentRun >= this.silenceFrames) {
          this.emitEnded('silence', end, out);
        } else if (this.announced) {
          // The tail is the sentence's however it ends (silence, split, cut or flush).
          this.streamTo(Math.min(this.speechEnd + this.tailSamples, end));
          // The listener has all the sentence would be if it ended in this pause.
          if (this.silentRun === this.pauseFrames) this.listener?.paused?.();
        }
        break;
    }
  }

  private confirmOnset(end: number): void {
    if (this.onsetFrames < this.minSpeechFrames) return;
    this.mode = 'speech';
    this.sentenceStart = Math.max(
      this.onsetStart - this.prerollSamples,
      this.lastEmittedEnd,
      this.kept.start,
    );
    this.speechStart = this.onsetStart;
    this.speechEnd = end;
    this.silentRun = 0;
    this.kept.trimBefore(this.sentenceStart);
    this.streamTo(end);
  }

  /** Emits the sentence in progress, which is in its closing silence, and returns to silence. */
  private emitEnded(end: SentenceEnd, available: number, out: Sentence[]): void {
    if (this.hasOwnSpeech()) {
      const stop = Math.min(this.speechEnd + this.tailSamples, available);
      this.emit(this.sentenceStart, stop, end, out);
      this.lastEmittedEnd = stop;
    }
    this.mode = 'silence';
    this.silentRun = 0;
    this.trimForPreroll();
  }

  /**
   * Mid-speech, emits the sentence up to `at` (a frame boundary); the speech goes on as a new
   * sentence from there, contiguous, without pre-roll.
   */
  private splitAt(at: number, end: SentenceEnd, out: Sentence[]): void {
    this.emit(this.sentenceStart, at, end, out);
    this.lastEmittedEnd = at;
    this.kept.trimBefore(at);
    this.sentenceStart = at;
    this.speechStart = at;
  }

  /** False for a continuation after a split that has had no speech frame yet. */
  private hasOwnSpeech(): boolean {
    return this.speechEnd > this.sentenceStart;
  }

  private cutNow(): Sentence[] {
    const out: Sentence[] = [];
    if (this.mode !== 'speech') return out;
    if (this.silentRun > 0) this.emitEnded('cut', this.position, out);
    else if (this.hasOwnSpeech()) this.splitAt(this.position, 'cut', out);
    return out;
  }

  private flushNow(): Sentence[] {
    const out: Sentence[] = [];
    if (this.mode === 'speech' && this.hasOwnSpeech()) {
      if (this.silentRun > 0) {
        this.emit(
          this.sentenceStart,
          Math.min(this.speechEnd + this.tailSamples, this.position),
          'flush',
          out,
        );
      } else {
        // Still speaking: the partial frame belongs to the sentence, as far as the length allows.
        const keep = Math.min(
          this.partialLength,
          this.sentenceStart + this.maxSamples - this.position,
        );
        if (keep > 0) {
          this.kept.append(this.partial.slice(0, keep));
          this.position += keep;
          this.speechEnd = this.position;
        }
        this.emit(this.sentenceStart, this.position, 'flush', out);
      }
    }
    this.resetStream();
    return out;
  }

  private resetStream(): void {
    if (this.announced) {
      this.announced = false;
      this.listener?.dropped();
    }
    this.classifier.reset();
    this.partialLength = 0;
    this.kept.clear();
    this.position = 0;
    this.mode = 'silence';
    this.speaking = false;
    this.onsetFrames = 0;
    this.silentRun = 0;
    this.lastEmittedEnd = 0;
  }

  /** In silence: keep only what the pre-roll of an onset at the next frame could need. */
  private trimForPreroll(): void {
    this.kept.trimBefore(Math.max(this.position - this.prerollSamples, this.lastEmittedEnd));
  }

  /**
   * Gives the listener the sentence in progress up to `end` (sample index): first `started`, with
   * everything from its start, then `samples` with what is new.
   */
  private streamTo(end: number): void {
    if (!this.listener) return;
    if (!this.announced) {
      this.announced = true;
      this.streamed = end;
      this.listener.started(this.kept.between(this.sentenceStart, end));
    } else if (end > this.streamed) {
      const from = this.streamed;
      this.streamed = end;
      this.listener.samples(this.kept.between(from, end));
    }
  }

  /** Emits the sentence from `start` to `stop`, after the listener has all of its samples. */
  private emit(start: number, stop: number, reason: SentenceEnd, out: Sentence[]): void {
    this.streamTo(stop);
    const sentence = this.sentence(start, stop, reason);
    out.push(sentence);
    if (this.announced) {
      this.announced = false;
      this.listener?.ended(sentence);
    }
  }

  /** A sentence of the kept audio from `start` to `end` (sample indices). */
  private sentence(start: number, end: number, reason: SentenceEnd): Sentence {
    return {
      samples: this.kept.between(start, end),
      startMs: start / SAMPLES_PER_MS,
      endMs: end / SAMPLES_PER_MS,
      speechStartMs: this.speechStart / SAMPLES_PER_MS,
      speechEndMs: Math.min(this.speechEnd, end) / SAMPLES_PER_MS,
      end: reason,
    };
  }
}
