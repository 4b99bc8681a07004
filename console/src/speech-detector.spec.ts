import { describe, expect, it } from '@jest/globals';
import { HANGOVER_MS, MIN_SPEECH_MS, SpeechDetector, frameLevelDbfs } from './speech-detector';

/** A 20 ms frame at 16 kHz: a square wave of that amplitude (0–1), RMS = amplitude. */
function frame(amplitude: number): ArrayBuffer {
  const samples = new Int16Array(320);
  for (let i = 0; i < samples.length; i++) samples[i] = (i % 2 ? 1 : -1) * amplitude * 32767;
  return samples.buffer;
}
const LOUD = frame(0.1); // -20 dBFS
const QUIET = frame(0.001); // -60 dBFS

function feed(detector: SpeechDetector, pcm: ArrayBuffer, ms: number): string[] {
  const events: string[] = [];
  for (let t = 0; t < ms; t += 20) {
    const event = detector.push(pcm, 20);
    if (event) events.push(event);
  }
  return events;
}

describe('SpeechDetector', () => {
  it('measures a frame in dBFS', () => {
    expect(frameLevelDbfs(LOUD)).toBeCloseTo(-20, 0);
    expect(frameLevelDbfs(new ArrayBuffer(640))).toBe(-Infinity);
  });

  it('starts after MIN_SPEECH_MS of loud frames, not before', () => {
    const detector = new SpeechDetector();
    expect(feed(detector, LOUD, MIN_SPEECH_MS - 20)).toEqual([]);
    expect(detector.speaking).toBe(false);
    expect(feed(detector, LOUD, 20)).toEqual(['start']);
    expect(detector.speaking).toBe(true);
  });

  it('ignores a click shorter than MIN_SPEECH_MS', () => {
    const detector = new SpeechDetector();
    expect(feed(detector, LOUD, 40)).toEqual([]);
    expect(feed(detector, QUIET, 20)).toEqual([]);
    expect(feed(detector, LOUD, 60)).toEqual([]);
    expect(detector.speaking).toBe(false);
  });

  it('keeps pauses between words inside the speech, and ends after HANGOVER_MS', () => {
    const detector = new SpeechDetector();
    feed(detector, LOUD, 200);
    expect(feed(detector, QUIET, HANGOVER_MS - 20)).toEqual([]);
    expect(feed(detector, LOUD, 20)).toEqual([]);
    expect(feed(detector, QUIET, HANGOVER_MS - 20)).toEqual([]);
    expect(detector.speaking).toBe(true);
    expect(feed(detector, QUIET, 20)).toEqual(['end']);
    expect(detector.speaking).toBe(false);
  });

  it('forgets on reset', () => {
    const detector = new SpeechDetector();
    feed(detector, LOUD, 200);
    detector.reset();
    expect(detector.speaking).toBe(false);
  });
});
