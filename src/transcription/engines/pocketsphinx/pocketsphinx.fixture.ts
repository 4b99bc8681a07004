/** Recorded speech and a started engine with a live decoder, shared by the pocketsphinx specs. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeWav } from '../../../audio/wav-decoder.js';
import { PocketsphinxEngine } from './pocketsphinx.engine.js';

/** test/fixtures/audio/speech/: sentences spoken by festival's voices (npm run fixtures:generate). */
export const SPEECH_FIXTURES = fileURLToPath(
  new URL('../../../../test/fixtures/audio/speech/', import.meta.url),
);
export const HAS_SPEECH_FIXTURES = existsSync(`${SPEECH_FIXTURES}manifest.json`);

/** A fixture's samples, 16 kHz mono. */
export function speechFixture(name: string): Float32Array {
  return decodeWav(readFileSync(SPEECH_FIXTURES + name)).samples;
}

/** A signal that never aborts. */
export const signal = () => new AbortController().signal;

/**
 * An engine with one decoder for whole segments and one for live sentences, its partials paced
 * by `clock` (the test moves it), started: both decoders have loaded the model.
 */
export async function startLiveEngine(clock: { now: number }): Promise<PocketsphinxEngine> {
  const engine = new PocketsphinxEngine({
    poolSize: 1,
    liveDecoders: 1,
    timeoutMs: 30_000,
    now: () => clock.now,
  });
  await engine.onModuleInit();
  return engine;
}
