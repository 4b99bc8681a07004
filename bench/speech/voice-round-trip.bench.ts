/**
 * The service's English voices through its default recognizer (issue 34, item 5), on clinic
 * sentences that neither the recognizer's models nor the speech bench's own sets hold: the
 * English side of the translation development set (devsetEnglish, bench/speech/held-out-sets.ts).
 * Each voice at each speed the handshake allows is synthesized by the service's TTS engine and
 * recognized whole by the engine `npm start` builds (ASR_ENGINE's default), one voice a session.
 *
 * Run: npm run bench:voices [-- --sentences 80 --speeds 1,0.9]
 */
import 'reflect-metadata';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { Logger } from '@nestjs/common';
import { AppConfig } from '../../src/config/app-config.js';
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import { asrEngineProvider } from '../../src/transcription/engines/asr-engine.provider.js';
import type { AsrEngine } from '../../src/transcription/engines/asr-engine.js';
import { words } from '../../src/transcription/wer.js';
import { printTable } from '../support/latency.js';
import { runBenchmark } from '../support/run-benchmark.js';
import { serviceTtsEngine, serviceVoice } from './bench-voices.js';
import { devsetEnglish } from './held-out-sets.js';
import { corpusWer, percent, recognizeSpoken } from './recognition-run.js';

type Lifecycle = { onModuleInit?(): Promise<void>; onModuleDestroy?(): unknown };

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sentences: { type: 'string', default: '80' },
      speeds: { type: 'string', default: '1,0.9' },
    },
  });
  Logger.overrideLogger(['error']);
  const started = Date.now();
  const sentences = devsetEnglish().slice(0, Number(values.sentences));
  const speeds = values.speeds.split(',').map(Number);
  const factory = (asrEngineProvider as { useFactory: (...args: unknown[]) => AsrEngine })
    .useFactory;
  const asr = factory(new AppConfig(), new LanguageCatalog()) as AsrEngine & Lifecycle;
  const tts = serviceTtsEngine();
  await asr.onModuleInit?.();
  try {
    const rows: (string | number)[][] = [];
    for (const gender of ['female', 'male'] as const) {
      for (const speed of speeds) {
        const run = await recognizeSpoken(asr, serviceVoice(tts, gender, speed), sentences);
        const exact = run.sentences.filter((s) => s.errors === 0).length;
        const empty = run.sentences.filter((s) => words(s.hypothesis).length === 0).length;
        rows.push([
          run.voice,
          speed,
          sentences.length,
          percent(corpusWer([run])),
          `${exact} / ${empty}`,
        ]);
      }
    }
    printTable(['voice', 'speed', 'sentences', 'WER', 'exact / empty'], rows);
    console.log(
      `\n${asr.name}; ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await asr.onModuleDestroy?.();
    tts.onModuleDestroy?.();
  }
}

runBenchmark(main);
