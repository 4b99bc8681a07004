/**
 * How long a pause must be before a live sentence is finished early (issue 19, PAUSE_MS): the
 * clinical and everyday sets spoken by the four unseen voices, each recording decoded as a live
 * session decodes it (segmented-stream.ts, one session per voice and set), never finished early
 * ("off"), then with each pause length. A sentence finished at its closing pause gives exactly
 * what the stream would have given at its end (the same samples): only speech that resumes after
 * a pause changes the text (a new part, without the language model's context across the split).
 * So each pause length re-decodes only the sentences where speech resumed after such a pause,
 * from the channel (cepstral mean) the "off" run had before that sentence, and keeps the other
 * sentences' "off" results.
 *
 * Run: npx tsx bench/speech/pause-split.bench.ts   (BENCH_PAUSES=128,192,… ms; BENCH_SENTENCES
 * limits each set)
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SileroVadModel } from '../../src/audio/vad/silero-vad.model.js';
import type { AsrChannel } from '../../src/transcription/engines/asr-engine.js';
import {
  channelMean,
  channelWithMean,
} from '../../src/transcription/engines/pocketsphinx/cepstral-mean.js';
import { PocketsphinxEngine } from '../../src/transcription/engines/pocketsphinx/pocketsphinx.engine.js';
import { wordDistance, words } from '../../src/transcription/wer.js';
import { printTable } from '../support/latency.js';
import { UNSEEN_VOICES } from './bench-voices.js';
import { recognizeSegmented, resumedPauses } from './segmented-stream.js';

const PAUSES = (process.env.BENCH_PAUSES ?? '128,160,192,224,256,320').split(',').map(Number);
const LIMIT = Number(process.env.BENCH_SENTENCES ?? Infinity);
const SETS = ['clinical', 'general'];

interface Scored {
  errors: number;
  words: number;
}

const sentencesOf = (set: string): string[] =>
  (
    JSON.parse(readFileSync(join('bench/speech/sets', `${set}.json`), 'utf8')) as {
      sentences: string[];
    }
  ).sentences.slice(0, LIMIT);

async function main() {
  const clock = { now: 0 };
  const engine = new PocketsphinxEngine({
    poolSize: 1,
    liveDecoders: 2,
    timeoutMs: 60_000,
    now: () => clock.now,
  });
  await engine.onModuleInit();
  const vad = new SileroVadModel();
  await vad.onModuleInit();
  /** Per set and pause (0 = off): errors and words; and sentences split, parts. */
  const totals = new Map<string, Scored & { split: number; sentences: number }>();
  const add = (key: string, scored: Scored, split: boolean) => {
    const t = totals.get(key) ?? { errors: 0, words: 0, split: 0, sentences: 0 };
    t.errors += scored.errors;
    t.words += scored.words;
    t.split += split ? 1 : 0;
    t.sentences++;
    totals.set(key, t);
  };
  try {
    for (const set of SETS) {
      const references = sentencesOf(set);
      for (const voice of UNSEEN_VOICES) {
        const channel: AsrChannel = {};
        for (const reference of references) {
          const recording = await voice.speak(reference);
          const before = channelMean(channel);
          const off = await recognizeSegmented(engine, vad, recording, channel, clock);
          const offScore = {
            errors: wordDistance(reference, off.text),
            words: words(reference).length,
          };
          add(`${set} off`, offScore, false);
          for (const pause of PAUSES) {
            if ((await resumedPauses(vad, recording, pause)) === 0) {
              add(`${set} ${pause}`, offScore, false);
              continue;
            }
            const split = await recognizeSegmented(
              engine,
              vad,
              recording,
              channelWithMean(before),
              clock,
              pause,
            );
            const scored = { errors: wordDistance(reference, split.text), words: offScore.words };
            add(`${set} ${pause}`, scored, true);
            add(`${set} ${pause} split-only`, scored, true);
            add(`${set} ${pause} split-only off`, offScore, true);
            if (process.env.BENCH_ERRORS === '1' && scored.errors !== offScore.errors) {
              console.log(
                `${voice.name} ${pause} ms: ${reference}\n  off: ${off.text}\n  split: ${split.text}`,
              );
            }
          }
        }
        console.error(`done: ${set}, ${voice.name}`);
      }
    }
  } finally {
    await engine.close();
  }
  const pct = (t?: Scored) => (t && t.words ? `${((100 * t.errors) / t.words).toFixed(1)} %` : '–');
  const rows = ['off', ...PAUSES.map(String)].map((pause) => {
    const row: (string | number)[] = [pause === 'off' ? 'never' : `${pause} ms`];
    for (const set of SETS) {
      const all = totals.get(`${set} ${pause}`);
      const only = totals.get(`${set} ${pause} split-only`);
      const onlyOff = totals.get(`${set} ${pause} split-only off`);
      row.push(
        pct(all),
        `${only?.split ?? 0} / ${all?.sentences ?? 0}`,
        only ? `${pct(only)} (whole stream ${pct(onlyOff)})` : '–',
      );
    }
    return row;
  });
  printTable(
    [
      'finish at a pause of',
      'clinical WER',
      'clinical sentences split',
      'clinical WER of those split',
      'general WER',
      'general sentences split',
      'general WER of those split',
    ],
    rows,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
