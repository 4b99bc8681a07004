import { describe, expect, it } from '@jest/globals';
import { PlaybackQueue } from './playback-queue';
import type { Branch } from './protocol';

/** The queue with string clips, every listener wanting `branch` unless told otherwise. */
function queue(preferred: Record<string, Branch> = {}, holdMs = 5000) {
  return new PlaybackQueue<string>((id) => preferred[id] ?? 'A', holdMs);
}

const played = (step: ReturnType<PlaybackQueue<string>['next']>) =>
  step.kind === 'play' ? step.item.clip : step.kind;

describe('PlaybackQueue', () => {
  it('plays the sentences in the order spoken, whatever the order their speech arrives in', () => {
    const q = queue();
    q.expect('s1', 1);
    q.expect('s2', 1);
    q.offer('s2', 1, 'A', 's2-A');
    expect(q.next(0)).toEqual({ kind: 'wait', at: 5000 });
    q.offer('s1', 1, 'A', 's1-A');
    expect(played(q.next(10))).toBe('s1-A');
    expect(played(q.next(20))).toBe('s2-A');
    expect(played(q.next(30))).toBe('idle');
  });

  it('expects the sentences before one it hears of first', () => {
    const q = queue();
    q.offer('s3', 1, 'A', 's3-A');
    expect(q.next(0).kind).toBe('wait');
    q.drop('s1'); // nothing recognized
    q.offer('s2', 1, 'A', 's2-A');
    expect(played(q.next(1))).toBe('s2-A');
    expect(played(q.next(2))).toBe('s3-A');
  });

  it('stops holding for a late sentence after holdMs', () => {
    const q = queue({}, 1000);
    q.expect('s1', 1);
    q.offer('s2', 1, 'A', 's2-A');
    expect(q.next(100)).toEqual({ kind: 'wait', at: 1100 });
    expect(played(q.next(1100))).toBe('s2-A');
    q.offer('s1', 1, 'A', 's1-A');
    expect(played(q.next(1200))).toBe('s1-A');
  });

  it("waits for the listener's branch, and falls back to the other when it fails", () => {
    const q = queue({ s1: 'B', s2: 'B' });
    q.offer('s1', 1, 'A', 's1-A');
    expect(played(q.next(0))).toBe('idle');
    q.offer('s1', 1, 'B', 's1-B');
    expect(played(q.next(0))).toBe('s1-B');
    q.offer('s2', 1, 'A', 's2-A');
    q.fail('s2', 1, 'B');
    expect(played(q.next(0))).toBe('s2-A');
  });

  it('skips a revision whose speech failed in both branches, and does not queue speech played', () => {
    const q = queue();
    q.expect('s1', 1);
    q.fail('s1', 1, 'A');
    q.fail('s1', 1, 'B');
    q.offer('s2', 1, 'A', 's2-A');
    expect(played(q.next(0))).toBe('s2-A');
    q.offer('s2', 1, 'B', 's2-B'); // B after A was played: not queued again
    expect(played(q.next(0))).toBe('idle');
  });

  it('plays a corrected revision after what was queued, and drops the superseded one', () => {
    const q = queue();
    q.expect('s1', 1);
    q.expect('s2', 1);
    q.drop('s1', 1); // s1 corrected before its speech came
    q.expect('s1', 2);
    q.offer('s1', 1, 'A', 's1-A-r1');
    q.offer('s1', 2, 'A', 's1-A-r2');
    q.offer('s2', 1, 'A', 's2-A');
    expect(played(q.next(0))).toBe('s2-A');
    expect(played(q.next(0))).toBe('s1-A-r2');
    expect(played(q.next(0))).toBe('idle');
  });

  it('forgets everything on clear', () => {
    const q = queue();
    q.offer('s1', 1, 'A', 's1-A');
    q.clear();
    q.offer('s1', 1, 'B', 's1-B');
    expect(q.size).toBe(0);
    expect(played(q.next(0))).toBe('idle');
  });
});
