/**
 * test/fixtures/audio/speech/: sentences spoken by festival's slt voice, 16 kHz mono 16-bit
 * (npm run fixtures:generate), and their manifest. The one reader of it for specs, end-to-end
 * tests and benchmarks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeWav } from '../../src/audio/wav-decoder.js';

/** The folder, with a trailing slash. */
export const SPEECH_FIXTURES = fileURLToPath(new URL('../fixtures/audio/speech/', import.meta.url));
export const HAS_SPEECH_FIXTURES = existsSync(`${SPEECH_FIXTURES}manifest.json`);

/** One recording, as the manifest describes it. */
export interface SpeechRecording {
  readonly file: string;
  readonly text: string;
  readonly duration_ms: number;
  /** First and last 10 ms window at or above -50 dBFS RMS: where the speech lies in the file. */
  readonly speech_start_ms: number;
  readonly speech_end_ms: number;
}

let recordings: readonly SpeechRecording[] | undefined;

/** Every recording, in the manifest's order. */
export function speechRecordings(): readonly SpeechRecording[] {
  recordings ??= (
    JSON.parse(readFileSync(`${SPEECH_FIXTURES}manifest.json`, 'utf8')) as {
      files: SpeechRecording[];
    }
  ).files;
  return recordings;
}

/** The recording of `file`; throws, naming the file, when the manifest has none. */
export function speechRecording(file: string): SpeechRecording {
  const recording = speechRecordings().find((r) => r.file === file);
  if (!recording) throw new Error(`${file} is not in ${SPEECH_FIXTURES}manifest.json`);
  return recording;
}

/** A recording's samples, 16 kHz mono. */
export function speechFixture(file: string): Float32Array {
  return decodeWav(readFileSync(SPEECH_FIXTURES + file)).samples;
}
