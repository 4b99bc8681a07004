/**
 * Where real people's speech loses words on its way through a session (issue 16): each of the
 * Asterisk prompts and LibriVox clips (recorded-sets.ts) recognized three ways with the clinical
 * model: the whole recording at once (as `npm run bench:speech` does), cut into sentences by the
 * VAD and each sentence decoded whole (a session without live decoders), and cut by the VAD and
 * streamed, finished at pauses (a session's default). 300 ms of silence before and 1 s after each
 * recording, as segmented-stream.ts adds.
 * Run: npx tsx bench/speech/real-speech-paths.bench.ts   (BENCH_SENTENCES=N: the first N of each set;
 * ASR_MIN_CONFIDENCE: another drop threshold; BENCH_PAUSE_MS: another pause for the streamed way,
 * `off` never finishing early; BENCH_CARRY=0: each recording its own session, so no cepstral mean
 * carried from the one before; BENCH_REDECODE: under which live confidence a streamed sentence is
 * decoded again whole, `off` never)
 */
import 'reflect-metadata';
import { PAUSE_MS } from '../../src/audio/vad/segmenter-settings.js';
import { SileroVadModel } from '../../src/audio/vad/silero-vad.model.js';
import type { AsrChannel } from '../../src/transcription/engines/asr-engine.js';
import { PocketsphinxEngine } from '../../src/transcription/engines/pocketsphinx/pocketsphinx.engine.js';
import { wordDistance, words } from '../../src/transcription/wer.js';
import { printTable } from '../support/latency.js';
import { allisonPrompts, librivoxClips, type Recording } from './recorded-sets.js';
import { ENGINE_OVERRIDES, STREAM_PAUSE_MS as PAUSE } from './recognition-run.js';
import { recognizeSegmented } from './segmented-stream.js';

const LIMIT = Number(process.env.BENCH_SENTENCES ?? Infinity);
const CARRY = process.env.BENCH_CARRY !== '0';
const clock = { now: 0 };
const engine = (liveDecoders: number) =>
  new PocketsphinxEngine({
    poolSize: 1,
    liveDecoders,
    now: () => clock.now,
    timeoutMs: 60_000,
    ...ENGINE_OVERRIDES,
  });

async function main(): Promise<void> {
  const whole = engine(0);
  const live = engine(2);
  const vad = new SileroVadModel();
  await Promise.all([whole.onModuleInit(), live.onModuleInit(), vad.onModuleInit()]);
  const rows: (string | number)[][] = [];
  const sets: [string, Recording[]][] = [
    ['Asterisk prompts (Allison Smith)', await allisonPrompts()],
    ['LibriVox clips (pocketsphinx-testdata)', await librivoxClips()],
  ];
  for (const [name, recordings] of sets) {
    const errors = { whole: 0, vad: 0, streamed: 0, emptyVad: 0, emptyStreamed: 0 };
    let total = 0;
    // Each way is one session: its channel carries the cepstral mean from one recording to the next.
    const channels: AsrChannel[] = [{}, {}];
    for (const { reference, samples } of recordings.slice(0, LIMIT)) {
      const signal = AbortSignal.timeout(60_000);
      const one = await whole.transcribe({ samples, localeHints: ['en-US'] }, signal);
      const [cutChannel, streamedChannel] = CARRY ? channels : [{}, {}];
      const cut = await recognizeSegmented(whole, vad, samples, cutChannel, clock, PAUSE_MS);
      const streamed = await recognizeSegmented(live, vad, samples, streamedChannel, clock, PAUSE);
      total += words(reference).length;
      errors.whole += wordDistance(reference, one.text);
      errors.vad += wordDistance(reference, cut.text);
      errors.streamed += wordDistance(reference, streamed.text);
      if (!words(cut.text).length) errors.emptyVad++;
      if (!words(streamed.text).length) errors.emptyStreamed++;
    }
    const wer = (n: number) => `${((100 * n) / Math.max(total, 1)).toFixed(1)} %`;
    rows.push([
      name,
      `${Math.min(recordings.length, LIMIT)} (${total} words)`,
      wer(errors.whole),
      `${wer(errors.vad)} (${errors.emptyVad} empty)`,
      `${wer(errors.streamed)} (${errors.emptyStreamed} empty)`,
    ]);
  }
  if (!CARRY)
    console.log('Each recording its own session (BENCH_CARRY=0): no carried cepstral mean.');
  printTable(
    [
      'set',
      'recordings',
      'whole recording',
      'VAD, sentences whole',
      `VAD, streamed (${PAUSE === undefined ? 'no pause finish' : `finished at ${PAUSE} ms pauses`})`,
    ],
    rows,
  );
  await Promise.all([whole.close(), live.close()]);
  vad.onModuleDestroy();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
