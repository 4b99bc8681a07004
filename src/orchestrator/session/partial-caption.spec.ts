import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { PARTIAL_MIN_INTERVAL_MS, PartialCaption } from './partial-caption.js';

/** A caption on a clock the test moves; setTimeout faked. */
function caption() {
  jest.useFakeTimers({ doNotFake: ['performance'] });
  let now = 0;
  const sent: string[] = [];
  const gate = new PartialCaption(
    (text) => sent.push(text),
    () => now,
  );
  const advance = (ms: number) => {
    now += ms;
    jest.advanceTimersByTime(ms);
  };
  return { gate, sent, advance };
}

describe('PartialCaption', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits for two words before the first partial, then sends changes only', () => {
    const { gate, sent, advance } = caption();
    gate.offer('');
    gate.offer('  the ');
    expect(sent).toEqual([]);
    gate.offer('the  patient');
    expect(sent).toEqual(['the patient']);
    advance(PARTIAL_MIN_INTERVAL_MS);
    gate.offer('the patient');
    gate.offer('');
    advance(PARTIAL_MIN_INTERVAL_MS);
    expect(sent).toEqual(['the patient']);
    gate.offer('the patient has');
    expect(sent).toEqual(['the patient', 'the patient has']);
  });

  it('sends at most one per interval, the latest text when the interval is over', () => {
    const { gate, sent, advance } = caption();
    gate.offer('the patient');
    gate.offer('the patient has');
    gate.offer('the patient has a');
    expect(sent).toEqual(['the patient']);
    advance(PARTIAL_MIN_INTERVAL_MS - 1);
    expect(sent).toEqual(['the patient']);
    advance(1);
    expect(sent).toEqual(['the patient', 'the patient has a']);
    // Back to the text already sent before the interval is over: nothing more.
    gate.offer('the patient has a fever');
    gate.offer('the patient has a');
    advance(PARTIAL_MIN_INTERVAL_MS);
    expect(sent).toEqual(['the patient', 'the patient has a']);
  });

  it('sends nothing once closed, not even a text waiting for its interval', () => {
    const { gate, sent, advance } = caption();
    gate.offer('the patient');
    gate.offer('the patient has');
    gate.close();
    advance(10 * PARTIAL_MIN_INTERVAL_MS);
    gate.offer('the patient has a fever');
    expect(sent).toEqual(['the patient']);
  });
});
