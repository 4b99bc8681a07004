/**
 * Test audio for the recognizers' specs, made in memory: festival's slt voice (which pocketsphinx
 * recognizes best) resampled by sox through pipes, the recorded speech fixtures, and
 * deterministic noise and music.
 */
import { spawnSync } from 'node:child_process';
import { pipeThrough } from './pipe-through.js';
import { HAS_SPEECH_FIXTURES, speechFixture, speechRecordings } from './speech-fixtures.js';

export const RATE = 16_000;

/** festival (text2wave, slt voice) and sox, installed by `node scripts/setup.mjs --fixtures`. */
export const CAN_SPEAK =
  spawnSync('text2wave', ['-eval', '(voice_cmu_us_slt_arctic_hts)'], {
    input: 'a',
    stdio: ['pipe', 'ignore', 'ignore'],
  }).status === 0 && spawnSync('sox', ['--version'], { stdio: 'ignore' }).status === 0;

export async function speak(text: string): Promise<Float32Array> {
  const wav = await pipeThrough(
    'text2wave',
    ['-eval', '(voice_cmu_us_slt_arctic_hts)'],
    Buffer.from(text),
  );
  // On a pipe text2wave cannot go back to fill in the RIFF sizes (they stay 0), so sox reads to the end.
  const args = ['--ignore-length', '-t', 'wav', '-', '-t', 'raw', '-r', `${RATE}`, '-c', '1'];
  const pcm = await pipeThrough('sox', [...args, '-b', '16', '-e', 'signed-integer', '-'], wav);
  const samples = new Float32Array(pcm.length >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(2 * i) / 32768;
  return samples;
}

/** The speech fixtures (festival, 16 kHz mono 16-bit) with their texts, when present. */
export function fixtures(): { text: string; samples: Float32Array }[] {
  if (!HAS_SPEECH_FIXTURES) return [];
  return speechRecordings().map(({ file, text }) => ({ text, samples: speechFixture(file) }));
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export const samplesOf = (seconds: number) => new Float32Array(Math.round(seconds * RATE));

export function whiteNoise(seconds: number, sd: number, seed = 1): Float32Array {
  const next = random(seed);
  const samples = samplesOf(seconds);
  for (let i = 0; i < samples.length; i++) {
    const u = Math.max(next(), 1e-12);
    samples[i] = sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  }
  return samples;
}

/** Plucked-string arpeggios: decaying harmonics, `noteSeconds` per note. */
export function melody(seconds: number, noteSeconds = 0.3): Float32Array {
  const notes = [261.63, 329.63, 392.0, 523.25, 392.0, 329.63, 293.66, 349.23];
  const samples = samplesOf(seconds);
  const length = Math.round(noteSeconds * RATE);
  for (let i = 0; i < samples.length; i++) {
    const f = notes[Math.floor(i / length) % notes.length];
    const t = (i % length) / RATE;
    let s = 0;
    for (let h = 1; h <= 6; h++) s += Math.sin(2 * Math.PI * f * h * t) / h;
    samples[i] = 0.3 * s * Math.exp(-5 * t);
  }
  return samples;
}

/** Chords with a slow tremolo, like a sustained synthesizer pad. */
export function pad(seconds: number): Float32Array {
  const samples = samplesOf(seconds);
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    const chord = [220, 277.18, 329.63].reduce((s, f) => s + Math.sin(2 * Math.PI * f * t), 0);
    samples[i] = 0.15 * chord * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t));
  }
  return samples;
}

export function mix(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(Math.max(...parts.map((part) => part.length)));
  for (const part of parts) part.forEach((sample, i) => (out[i] += sample));
  return out;
}

/** Noise bursts on every beat, like a drum machine. */
export function drums(seconds: number): Float32Array {
  const next = random(7);
  const samples = samplesOf(seconds);
  for (let i = 0; i < samples.length; i++) {
    const t = (i % (RATE / 2)) / RATE;
    samples[i] = (next() * 2 - 1) * 0.6 * Math.exp(-30 * t);
  }
  return samples;
}
