/**
 * END_OF_TURN=semantic on speech (issue 34, item 3): how often a sentence would close at its
 * speaker's 320 ms pause, and how often wrongly. Each recording (one reference sentence) goes
 * through the session's segmenter with the Silero VAD; at each pause the sentence so far is
 * recognized whole by the default recognizer (what the live recognizer has at that pause) and
 * judged by finishedTurn(). A pause after which the same recording speaks again is a wrong split
 * if judged finished; the pause a sentence ends in is an early close (320 ms sooner) if judged
 * finished. Sets: real people (Asterisk's prompts, pocketsphinx's LibriVox clips, alsa's
 * channel names) and the clinic sentences held out of the models spoken by two unseen voices.
 *
 * Run: npm run bench:end-of-turn [-- --recordings 80]
 */
import 'reflect-metadata';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { Logger } from '@nestjs/common';
import { SentenceSegmenter } from '../../src/audio/vad/sentence-segmenter.js';
import { PAUSE_MS } from '../../src/audio/vad/segmenter-settings.js';
import { SileroVadModel } from '../../src/audio/vad/silero-vad.model.js';
import { concatSamples } from '../../src/audio/concat-samples.js';
import { AppConfig } from '../../src/config/app-config.js';
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import { finishedTurn } from '../../src/orchestrator/session/finished-turn.js';
import { asrEngineProvider } from '../../src/transcription/engines/asr-engine.provider.js';
import type { AsrEngine } from '../../src/transcription/engines/asr-engine.js';
import { printTable } from '../support/latency.js';
import { runBenchmark } from '../support/run-benchmark.js';
import { fliteVoice, festivalVoice } from './bench-voices.js';
import { devsetEnglish } from './held-out-sets.js';
import { allisonPrompts, alsaPhrases, librivoxClips, type Recording } from './recorded-sets.js';
import { sessionSettings } from './segmented-stream.js';

type Lifecycle = { onModuleInit?(): Promise<void>; onModuleDestroy?(): unknown };

interface Pause {
  /** The sentence so far, as the live listener had it at the pause. */
  readonly samples: Float32Array;
  /** Whether speech came again in the same sentence (else the sentence ended in this pause). */
  resumed: boolean;
}

/** Every pause of the recording's sentences, with what each sentence had at it. */
async function pausesOf(vad: SileroVadModel, recording: Float32Array): Promise<Pause[]> {
  const segmenter = new SentenceSegmenter(vad.createStream(), sessionSettings(PAUSE_MS));
  const pauses: Pause[] = [];
  let streamed: Float32Array[] = [];
  let last: Pause | undefined;
  segmenter.listener = {
    started: (samples) => {
      streamed = [samples];
      last = undefined;
    },
    samples: (samples) => {
      streamed.push(samples);
      if (last) last.resumed = true;
      last = undefined;
    },
    paused: () => {
      last = { samples: concatSamples(streamed), resumed: false };
      pauses.push(last);
    },
    ended: () => (last = undefined),
    dropped: () => (last = undefined),
  };
  const padded = new Float32Array(300 * 16 + recording.length + 1000 * 16);
  padded.set(recording, 300 * 16);
  for (let at = 0; at < padded.length; at += 320) {
    await segmenter.push(padded.subarray(at, at + 320));
  }
  await segmenter.flush();
  return pauses;
}

async function spoken(
  voice: { speak(text: string): Promise<Float32Array> },
  texts: string[],
): Promise<Recording[]> {
  const out: Recording[] = [];
  for (const reference of texts) out.push({ reference, samples: await voice.speak(reference) });
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { recordings: { type: 'string', default: '80' } } });
  const limit = Number(values.recordings);
  Logger.overrideLogger(['error']);
  const started = Date.now();
  const factory = (asrEngineProvider as { useFactory: (...args: unknown[]) => AsrEngine })
    .useFactory;
  const asr = factory(new AppConfig(), new LanguageCatalog()) as AsrEngine & Lifecycle;
  const vad = new SileroVadModel();
  await Promise.all([asr.onModuleInit?.(), vad.onModuleInit()]);
  const clinic = devsetEnglish().slice(0, limit);
  const sets: [string, Recording[]][] = [
    ['Asterisk prompts (Allison Smith)', (await allisonPrompts()).slice(0, limit)],
    ['LibriVox clips', (await librivoxClips()).slice(0, limit)],
    ['alsa channel names', (await alsaPhrases()).slice(0, limit)],
    ['clinic held out, flite awb', await spoken(fliteVoice('awb', 'male'), clinic)],
    ['clinic held out, festival kal', await spoken(festivalVoice('kal_diphone', 'male'), clinic)],
  ];
  const rows: (string | number)[][] = [];
  const wrong: string[] = [];
  try {
    for (const [name, recordings] of sets) {
      let resumed = 0;
      let split = 0;
      let ending = 0;
      let early = 0;
      for (const { reference, samples } of recordings) {
        for (const pause of await pausesOf(vad, samples)) {
          const { text } = await asr.transcribe(
            { samples: pause.samples, localeHints: ['en-US'] },
            AbortSignal.timeout(60_000),
          );
          const finished = finishedTurn(text.trim());
          if (pause.resumed) {
            resumed++;
            if (finished) {
              split++;
              wrong.push(`${name}: "${text.trim()}" | ${reference}`);
            }
          } else {
            ending++;
            if (finished) early++;
          }
        }
      }
      const share = (n: number, of: number) =>
        of === 0 ? '–' : `${n} of ${of} (${((100 * n) / of).toFixed(0)} %)`;
      rows.push([name, recordings.length, share(early, ending), share(split, resumed)]);
    }
    printTable(
      [
        'set',
        'recordings',
        'sentence-ending pauses closed early',
        'pauses inside a sentence closed (wrong splits)',
      ],
      rows,
    );
    if (wrong.length > 0)
      console.log(`\nWrong splits (text at the pause | reference):\n${wrong.join('\n')}`);
    console.log(
      `\n${asr.name}; ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await asr.onModuleDestroy?.();
    await vad.onModuleDestroy?.();
  }
}

runBenchmark(main);
