import { describe, expect, it } from '@jest/globals';
import { HANGOVER_MS } from './speech-detector';
import { ECHO_TAIL_MS, GAP_AFTER_SPEECH_MS, TalkOver, cancelsEcho } from './talk-over';

/** A 20 ms frame at 16 kHz: a square wave of that amplitude (0–1), RMS = amplitude. */
function frame(amplitude: number): ArrayBuffer {
  const samples = new Int16Array(320);
  for (let i = 0; i < samples.length; i++) samples[i] = (i % 2 ? 1 : -1) * amplitude * 32767;
  return samples.buffer;
}
const LOUD = frame(0.1); // -20 dBFS
const QUIET = frame(0.001); // -60 dBFS

/** Feeds `ms` of one frame; returns the outcomes. */
function run(talk: TalkOver, pcm: ArrayBuffer, ms: number, playing: boolean) {
  const outcomes = [];
  for (let t = 0; t < ms; t += 20) outcomes.push(talk.frame(pcm, 20, playing));
  return outcomes;
}
const silent = (buffer: ArrayBuffer) => new Int16Array(buffer).every((sample) => sample === 0);

describe('cancelsEcho (a stubbed track)', () => {
  const track = (settings: MediaTrackSettings) => ({ getSettings: () => settings });
  it('trusts only an explicit echoCancellation: true', () => {
    expect(cancelsEcho(track({ echoCancellation: true }).getSettings())).toBe(true);
    expect(cancelsEcho(track({ echoCancellation: false }).getSettings())).toBe(false);
    expect(cancelsEcho(track({}).getSettings())).toBe(false);
    expect(cancelsEcho(undefined)).toBe(false);
    expect(cancelsEcho({ echoCancellation: 'all' })).toBe(true);
    expect(cancelsEcho({ echoCancellation: 'remote-only' })).toBe(false);
  });
});

describe('TalkOver with echo cancellation', () => {
  it('sends the microphone while the tablet speaks, and barges in once on speech', () => {
    const talk = new TalkOver(true);
    const quiet = run(talk, QUIET, 200, true);
    expect(quiet.every((o) => o.send === QUIET)).toBe(true);
    expect(quiet.some((o) => o.bargeIn)).toBe(false);
    const speech = run(talk, LOUD, 400, true);
    expect(speech.every((o) => o.send === LOUD)).toBe(true);
    expect(speech.filter((o) => o.bargeIn)).toHaveLength(1);
    expect(talk.isFragment(0, 600)).toBe(false);
  });

  it('holds automatic playback while someone speaks and GAP_AFTER_SPEECH_MS after', () => {
    const talk = new TalkOver(true);
    expect(run(talk, QUIET, 100, false).some((o) => o.holdPlayback)).toBe(false);
    expect(run(talk, LOUD, 300, false).at(-1)!.holdPlayback).toBe(true);
    // Hangover, then the gap.
    const after = run(talk, QUIET, HANGOVER_MS + GAP_AFTER_SPEECH_MS + 40, false);
    expect(after[Math.round((HANGOVER_MS + GAP_AFTER_SPEECH_MS) / 20) - 2].holdPlayback).toBe(true);
    expect(after.at(-1)!.holdPlayback).toBe(false);
  });
});

describe('TalkOver without echo cancellation (the fallback)', () => {
  it('sends silence while the tablet speaks, and never barges in', () => {
    const talk = new TalkOver(false);
    const playing = run(talk, LOUD, 1000, true);
    expect(playing.every((o) => silent(o.send))).toBe(true);
    expect(playing.some((o) => o.bargeIn)).toBe(false);
    expect(run(talk, QUIET, 100, false).every((o) => o.send === QUIET)).toBe(true);
  });

  it('marks the sentence being spoken when the silence began as a fragment', () => {
    const talk = new TalkOver(false);
    run(talk, QUIET, 1000, false);
    run(talk, LOUD, 1000, false); // speech from 1000 ms
    run(talk, LOUD, 500, true); // cut at 2000 ms
    run(talk, QUIET, 2000, false);
    expect(talk.isFragment(1000, 1990)).toBe(true);
    // Sentences before and after are whole.
    expect(talk.isFragment(100, 900)).toBe(false);
    expect(talk.isFragment(3000, 4000)).toBe(false);
  });

  it('marks speech going on when the silence ends as a fragment', () => {
    const talk = new TalkOver(false);
    run(talk, QUIET, 1000, false);
    run(talk, LOUD, 1000, true); // the tablet (or someone) is heard, silence is sent
    run(talk, LOUD, 700, false); // someone keeps speaking: resumed at 2000
    run(talk, QUIET, 1000, false);
    expect(talk.isFragment(2000, 2700)).toBe(true);
  });

  it('marks even a short tail of speech after the silence (a word, not the tablet’s echo)', () => {
    const talk = new TalkOver(false);
    run(talk, QUIET, 1000, false);
    run(talk, LOUD, 1000, true); // silence sent from 1000 to 2000 ms
    run(talk, QUIET, ECHO_TAIL_MS, false); // the tablet's voice has stopped
    run(talk, LOUD, 200, false); // the last word of someone's sentence
    run(talk, QUIET, 1000, false);
    expect(talk.isFragment(2000, 2400)).toBe(true);
  });

  it('marks the rest of a sentence that begins after a pause between words, once the silence ended', () => {
    const talk = new TalkOver(false);
    run(talk, QUIET, 1000, false);
    run(talk, LOUD, 1000, true); // someone speaks during the silence (1000 to 2000 ms)
    run(talk, QUIET, 200, false); // a pause between two words
    run(talk, LOUD, 300, false); // the last word: the service's sentence is about 2180–2500 ms
    run(talk, QUIET, 1000, false);
    expect(talk.isFragment(2180, 2500)).toBe(true);
    expect(talk.isFragment(3600, 4200)).toBe(false); // a sentence begun well after is whole
  });

  it('does not mark the tablet’s echo dying out within ECHO_TAIL_MS of the silence', () => {
    const talk = new TalkOver(false);
    run(talk, QUIET, 1000, false);
    run(talk, LOUD, 1000, true);
    run(talk, LOUD, ECHO_TAIL_MS - 40, false); // the room's echo of the tablet
    run(talk, QUIET, 2000, false);
    expect(talk.isFragment(1900, 2300)).toBe(false);
  });

  it('does not mark the tablet’s own voice fading out after the silence', () => {
    const talk = new TalkOver(false);
    run(talk, QUIET, 1000, false);
    run(talk, LOUD, 1000, true); // the tablet's voice, silenced
    run(talk, QUIET, 2000, false); // quiet afterwards
    run(talk, LOUD, 1000, false); // a new sentence, from 4000 ms
    run(talk, QUIET, 1000, false);
    expect(talk.isFragment(4000, 5000)).toBe(false);
    expect(talk.isFragment(null, null)).toBe(false);
  });
});
