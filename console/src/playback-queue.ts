/**
 * The order in which translated speech plays by itself: one clip per sentence revision, in the
 * order the sentences were spoken (s1 before s2, even when s2's speech arrives first), a
 * corrected revision after what was queued when it was asked for. Pure logic, no audio.
 *
 * Each sentence revision waits for the branch its listener prefers (A, the literal translation,
 * or B, the reformulation); if that branch fails, the other one is played. A sentence whose
 * speech is late holds the queue for at most `holdMs` once a later clip is ready.
 */
import { sentenceNumber, type Branch } from './protocol';

export interface QueuedClip<T> {
  sentenceId: string;
  revision: number;
  branch: Branch;
  clip: T;
}

export type NextStep<T> =
  | { kind: 'play'; item: QueuedClip<T> }
  /** Nothing to play before `at` (ms, the clock of `next`), when a held sentence is skipped. */
  | { kind: 'wait'; at: number }
  | { kind: 'idle' };

interface Item<T> {
  sentenceId: string;
  number: number;
  revision: number;
  clips: Partial<Record<Branch, T>>;
  failed: Record<Branch, boolean>;
  /** When a later item was first seen ready while this one was not. */
  holdingSince?: number;
}

const other = (branch: Branch): Branch => (branch === 'A' ? 'B' : 'A');

export class PlaybackQueue<T> {
  private items: Item<T>[] = [];
  /** Sentence revisions played, skipped or dropped: later speech for them is not queued. */
  private readonly finished = new Set<string>();
  /** Highest sentence number seen, to expect the sentences before it. */
  private highest = 0;

  constructor(
    /** The branch the listener of this sentence wants to hear. */
    private readonly preferred: (sentenceId: string) => Branch,
    private readonly holdMs = 5000,
  ) {}

  /** A sentence revision will have speech (asr_result, or a correction's new revision). */
  expect(sentenceId: string, revision: number): void {
    this.item(sentenceId, revision);
  }

  /** Speech of one branch arrived. */
  offer(sentenceId: string, revision: number, branch: Branch, clip: T): void {
    const item = this.item(sentenceId, revision);
    if (item) item.clips[branch] = clip;
  }

  /** That branch will have no speech (its synthesis or the reformulation failed). */
  fail(sentenceId: string, revision: number, branch: Branch): void {
    const item = this.item(sentenceId, revision);
    if (item) item.failed[branch] = true;
  }

  /**
   * No speech will come for the sentence (nothing recognized, recognition or translation failed):
   * revisions up to `upToRevision`, or all of them.
   */
  drop(sentenceId: string, upToRevision = Infinity): void {
    this.seen(sentenceNumber(sentenceId));
    for (let revision = 1; revision <= Math.min(upToRevision, 50); revision++) {
      this.finished.add(key(sentenceId, revision));
    }
    this.items = this.items.filter(
      (item) => item.sentenceId !== sentenceId || item.revision > upToRevision,
    );
  }

  /** Forgets everything queued (automatic playback switched off). */
  clear(): void {
    for (const item of this.items) this.finished.add(key(item.sentenceId, item.revision));
    this.items = [];
  }

  get size(): number {
    return this.items.length;
  }

  /** What to play now, `now` being a clock in ms. The clip returned is taken off the queue. */
  next(now: number): NextStep<T> {
    let head: Item<T> | undefined;
    for (const item of this.items) {
      const branch = this.playable(item);
      if (branch === 'skip') {
        this.remove(item);
        return this.next(now);
      }
      if (branch && !head) return this.take(item, branch);
      if (branch && head) {
        head.holdingSince ??= now;
        if (now - head.holdingSince >= this.holdMs) return this.take(item, branch);
        return { kind: 'wait', at: head.holdingSince + this.holdMs };
      }
      head ??= item;
    }
    return { kind: 'idle' };
  }

  /** The branch to play, undefined to wait, 'skip' when none will come. */
  private playable(item: Item<T>): Branch | 'skip' | undefined {
    const wanted = this.preferred(item.sentenceId);
    if (item.clips[wanted] !== undefined) return wanted;
    if (!item.failed[wanted]) return undefined;
    const fallback = other(wanted);
    if (item.clips[fallback] !== undefined) return fallback;
    return item.failed[fallback] ? 'skip' : undefined;
  }

  private take(item: Item<T>, branch: Branch): NextStep<T> {
    this.remove(item);
    const clip = item.clips[branch] as T;
    return {
      kind: 'play',
      item: { sentenceId: item.sentenceId, revision: item.revision, branch, clip },
    };
  }

  private remove(item: Item<T>): void {
    this.finished.add(key(item.sentenceId, item.revision));
    this.items = this.items.filter((other) => other !== item);
  }

  /** Sentences are numbered as they are detected: the ones before this one will speak first. */
  private seen(number: number): void {
    if (number <= this.highest) return;
    const from = this.highest + 1;
    this.highest = number;
    for (let n = from; n < number; n++) this.item(`s${n}`, 1);
  }

  /** The queued item of a sentence revision, created in its place; undefined when finished. */
  private item(sentenceId: string, revision: number): Item<T> | undefined {
    const number = sentenceNumber(sentenceId);
    this.seen(number);
    if (this.finished.has(key(sentenceId, revision))) return undefined;
    const existing = this.items.find((i) => i.sentenceId === sentenceId && i.revision === revision);
    if (existing) return existing;
    const created: Item<T> = {
      sentenceId,
      number,
      revision,
      clips: {},
      failed: { A: false, B: false },
    };
    // A first revision takes its place among the first revisions by sentence number; a later
    // revision (a corrected speaker) goes last.
    const before =
      revision === 1 ? this.items.findIndex((i) => i.revision === 1 && i.number > number) : -1;
    if (before === -1) this.items.push(created);
    else this.items.splice(before, 0, created);
    return created;
  }
}

const key = (sentenceId: string, revision: number) => `${sentenceId}#${revision}`;
